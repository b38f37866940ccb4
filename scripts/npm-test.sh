#!/usr/bin/env bash
# `npm test`: dependencies if needed, then type check, lint, format check, unit tests, mutation tests, build, end-to-end tests
# (code-server + Chromium, and the mocha suite in the extension host). Every step runs even when
# an earlier one failed (except e2e after a failed build); the exit code is non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
ensure_deps || exit 1

# Said first so nobody waits for the end to learn it: the database tests need a real MariaDB.
if ! { [ -x /usr/sbin/mariadbd ] || command -v mariadbd >/dev/null 2>&1; } || ! command -v mariadb >/dev/null 2>&1; then
  echo "[deps] MariaDB is not installed: the database tests will FAIL. Install it: sudo apt-get install mariadb-server mariadb-client openssl"
fi

failed=()
step() {
  local name=$1; shift
  local t0=$SECONDS
  echo
  echo "== $name"
  if "$@"; then echo "== $name: ok ($((SECONDS - t0)) s)"; else echo "== $name: FAILED ($((SECONDS - t0)) s)"; failed+=("$name"); return 1; fi
}

step typecheck npm run --silent typecheck
step lint npm run --silent lint
step "format check" npm run --silent format:check
step "unit tests" npm run --silent test:unit
# StrykerJS over the protection modules (stryker.config.mjs): any mutant not detected fails.
step "mutation tests" npm run --silent test:mutation
if step build npm run --silent build; then
  step "end-to-end tests" npm run --silent test:e2e
else
  failed+=("end-to-end tests (not run: build failed)")
fi

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: FAILED: ${failed[*]}"
  exit 1
fi
echo "npm test: all passed in ${SECONDS} s"
