#!/usr/bin/env bash
# The headless-browser tests (vitest.browser.config.ts), kept out of `npm test` so that one needs
# nothing but Node. Installs Debian's chromium if it is missing; no browser is downloaded by npm.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "browser-test: $CHROMIUM_PATH is missing and installing it needs root (apt-get install chromium)" >&2
    exit 1
  fi
  echo "browser-test: installing chromium"
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends chromium >/dev/null
  CHROMIUM_PATH=/usr/bin/chromium
fi
export CHROMIUM_PATH
echo "browser-test: $("$CHROMIUM_PATH" --version 2>/dev/null)"
exec npx vitest run --config vitest.browser.config.ts "$@"
