#!/usr/bin/env bash
# The whole CI pipeline on the Node that runs it (.ci/run runs it on Node 24 through
# scripts/with-node.sh): install without compiling anything, lint, type-check, the README's test
# command on SQLite, the same suite on MariaDB + Redis, reliability and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== node $(node --version), npm $(npm --version)"
install_log="$(mktemp)"
npm ci --no-audit --no-fund 2>&1 | tee "$install_log"
# Every native module must come prebuilt inside its npm package (better-sqlite3 13 does).
if grep -q 'gyp' "$install_log"; then
  echo "ci: npm ci built native code (node-gyp in its output); nothing may compile at install" >&2
  exit 1
fi
echo "== lint"
npm run lint
echo "== typecheck"
npm run typecheck
echo "== tests: SQLite + in-memory limits (README: npm test)"
npm test
echo "== tests: MariaDB + Redis"
npm run test:services
echo "== tests: reliability (fuzzing, isolation, faults, two-process load; about 10 minutes)"
npm run test:reliability
echo "== tests: the public board page in headless Chromium (Debian package)"
npm run test:browser
