#!/usr/bin/env bash
# The project runs on Node 24 (package.json `engines`): npm, `npm ci`, the unit tests, the build,
# the bench, code-server. Where the `node` on PATH is older (Debian 12's is 20), Node 24 from npm's
# `node` package, the one the end-to-end runs install for code-server
# (~/.cache/nhncloud-explorer-e2e/node24, scripts/e2e/install.mjs), goes first on PATH, so that
# `npm` and `node` and everything they start run on it.
#   source scripts/node24.sh; use_node24      (npm-test.sh, npm-start.sh: the rest of the script on Node 24)
#   bash scripts/node24.sh COMMAND [ARG...]   (package.json's bench: the command on Node 24)
NODE24_MAJOR=24

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

use_node24() {
  local major bin
  major=$(node_major)
  [ "$major" -ge "$NODE24_MAJOR" ] && return 0
  if ! command -v node >/dev/null 2>&1; then
    echo "[node] No node on PATH: install Node.js 20 or newer and npm (Node $NODE24_MAJOR is then installed from npm)." >&2
    return 1
  fi
  local here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  bin=$(node "$here/e2e/install.mjs" --node) || {
    echo "[node] Could not install Node $NODE24_MAJOR from npm (the message above says why)." >&2
    return 1
  }
  echo "[node] $(node --version) is older than Node $NODE24_MAJOR: running on $("$bin" --version) ($bin)" >&2
  export PATH="$(dirname "$bin"):$PATH"
  # Where an enclosing `npm run` (npm test) started on the older Node, tools that look for the
  # Node npm runs on read these: point them at Node 24 too.
  [ -n "${npm_node_execpath:-}" ] && export npm_node_execpath="$bin"
  [ -n "${NODE:-}" ] && export NODE="$bin"
  [ "$(node_major)" -ge "$NODE24_MAJOR" ]
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  use_node24
  exec "$@"
fi
