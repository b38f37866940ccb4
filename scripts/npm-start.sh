#!/usr/bin/env bash
# `npm start`: dependencies if needed, then scripts/start.mjs (build, code-server, sandbox).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
ensure_deps
exec node scripts/start.mjs "$@"
