#!/usr/bin/env bash
# The headless-browser tests (vitest.browser.config.ts), kept out of `npm test` so that one needs
# nothing but Node. Installs Debian's chromium (and CJK and emoji fonts) if missing; npm
# downloads no browser.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
# Debian's packages the pages are measured with: chromium itself, a CJK font (the board
# page's bold CJK names are checked against it; without one every CJK glyph is the same box)
# and a colour emoji font (names like "🎮 Gamer ✨" are boxes without one, in the pages'
# measures and in their screenshots; every phone and desktop system has one).
packages=()
[ -x "$CHROMIUM_PATH" ] || packages+=(chromium)
if command -v dpkg >/dev/null 2>&1; then
  for font in fonts-droid-fallback fonts-noto-color-emoji; do
    dpkg -s "$font" >/dev/null 2>&1 || packages+=("$font")
  done
fi
if [ ${#packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "browser-test: installing ${packages[*]} needs root (apt-get install ${packages[*]})" >&2
    exit 1
  fi
  echo "browser-test: installing ${packages[*]}"
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  [ -x "$CHROMIUM_PATH" ] || CHROMIUM_PATH=/usr/bin/chromium
fi
export CHROMIUM_PATH
echo "browser-test: $("$CHROMIUM_PATH" --version 2>/dev/null)"
exec npx vitest run --config vitest.browser.config.ts "$@"
