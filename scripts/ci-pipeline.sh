#!/usr/bin/env bash
# The whole CI pipeline on the Node that runs it (.ci/run runs it on Node 24 through
# scripts/with-node.sh): install without compiling anything, lint, type-check, the README's test
# command on SQLite, the bot and pipeline suites again in shuffled order, the same suite on
# MariaDB + Redis, reliability and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== node $(node --version), npm $(npm --version)"
npm ci --no-audit --no-fund
# Every native module must come prebuilt inside its npm package (better-sqlite3 13 does): a
# node-gyp build leaves build/config.gypi behind (npm hides a successful build's output).
built="$(find node_modules -path '*/build/config.gypi' -print)"
if [ -n "$built" ]; then
  echo "ci: npm ci compiled native code, nothing may compile at install:" >&2
  echo "$built" >&2
  exit 1
fi
echo "== lint"
npm run lint
echo "== typecheck"
npm run typecheck
echo "== tests: SQLite + in-memory limits (README: npm test)"
npm test
# Every bot and pipeline test builds its own world, so any order must pass. A fresh order per run
# (vitest also prints the seed it uses); SHUFFLE_SEED=<seed> replays a failing one.
shuffle_seed="${SHUFFLE_SEED:-$RANDOM}"
echo "== tests: bot and pipeline suites in shuffled order, seed $shuffle_seed"
echo "   replay: npx vitest run test/bot test/pipeline --sequence.shuffle --sequence.seed=$shuffle_seed"
npx vitest run test/bot test/pipeline --sequence.shuffle --sequence.seed="$shuffle_seed"
echo "== tests: MariaDB + Redis"
npm run test:services
echo "== tests: reliability (fuzzing, isolation, faults, two-process load; about 10 minutes)"
npm run test:reliability
echo "== tests: the public board page in headless Chromium (Debian package)"
npm run test:browser
