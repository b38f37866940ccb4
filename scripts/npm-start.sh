#!/usr/bin/env bash
# `npm start`: Node 24, the Debian packages it needs and the dependencies if missing (as in
# npm-test.sh), then scripts/start.mjs (build, code-server, sandbox).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node24.sh
use_node24
source scripts/system-packages.sh
ensure_system_packages start || true
source scripts/ensure-deps.sh
ensure_deps
exec node scripts/start.mjs "$@"
