# Sourced by npm-test.sh and npm-start.sh (after use_node24, scripts/node24.sh): runs `npm ci` when
# node_modules is missing, older than package-lock.json, or installed by another major version of
# Node (ssh2's and cpu-features' addons are built for one), so that `npm test` / `npm start` work
# as the first command on a fresh clone and after a change of Node.
ensure_deps() {
  local stamp=node_modules/.package-lock.json built=node_modules/.node-major major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ -L node_modules ]; then
    # A shared install linked in (e.g. a git worktree): never reinstall someone else's folder.
    if [ package-lock.json -nt "$stamp" ]; then
      echo "[deps] node_modules is a link to a shared install and older than package-lock.json; not touching it." >&2
    fi
    return 0
  fi
  local why=
  if [ ! -d node_modules ] || [ ! -f "$stamp" ]; then
    why="node_modules is missing"
  elif [ package-lock.json -nt "$stamp" ]; then
    why="node_modules is older than package-lock.json"
  elif [ "$(cat "$built" 2>/dev/null)" != "$major" ]; then
    why="node_modules was not installed by Node $major"
  fi
  if [ -n "$why" ]; then
    echo "[deps] $why: npm ci (Node $(node --version), npm $(npm --version))"
    npm ci --no-audit --no-fund || return 1
    echo "$major" >"$built"
  fi
}
