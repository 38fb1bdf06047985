#!/usr/bin/env bash
# The same suite as `npm test`, on MariaDB + Redis instead of SQLite + in-memory limits.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
export TEST_MYSQL_URL="${TEST_MYSQL_URL:-mysql://root@127.0.0.1:3306/test}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
exec npx vitest run "$@"
