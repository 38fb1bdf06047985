#!/usr/bin/env bash
# The reliability suite (issue 6): fuzzing, isolation, faults on private MariaDB/Redis servers,
# and the two-process load run, on the shared MariaDB + Redis. Each test prints what it tried.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
export TEST_MYSQL_URL="${TEST_MYSQL_URL:-mysql://root@127.0.0.1:3306/test}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
exec npx vitest run -c vitest.reliability.config.ts "$@"
