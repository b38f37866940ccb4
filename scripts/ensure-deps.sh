# Sourced by npm-test.sh and npm-start.sh: runs `npm ci` when node_modules is missing or older
# than package-lock.json, so that `npm test` / `npm start` work as the first command on a fresh clone.
ensure_deps() {
  local stamp=node_modules/.package-lock.json
  if [ -L node_modules ]; then
    # A shared install linked in (e.g. a git worktree): never reinstall someone else's folder.
    if [ package-lock.json -nt "$stamp" ]; then
      echo "[deps] node_modules is a link to a shared install and older than package-lock.json; not touching it." >&2
    fi
    return 0
  fi
  if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    echo "[deps] node_modules missing or older than package-lock.json: npm ci"
    npm ci --no-audit --no-fund
  fi
}
