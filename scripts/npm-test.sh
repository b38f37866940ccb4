#!/usr/bin/env bash
# `npm test`: dependencies if needed, then build, then the end-to-end tests (code-server + Chromium,
# and the mocha suite in the extension host) with, beside them, the type check, lint, format
# check, unit tests and mutation tests one after the other. Every step runs even when another
# failed (except e2e after a failed build); the exit code is non-zero on any failure.
#
# Why beside: every step is bound by the CPU, and the end-to-end run alone leaves about 0.2 of
# the two cores idle (its windows wait on timers, servers and each other); the other steps fill
# that instead of running on their own first (docs/testing.md, "Where the time goes"). The
# end-to-end output streams as it comes; each other step's output is kept and printed once the
# end-to-end tests have ended, its status line as soon as it ends.
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

# The steps that run beside the end-to-end tests, in this order, each as "name|command".
quiet_steps=(
  "typecheck|npm run --silent typecheck"
  "lint|npm run --silent lint"
  "format check|npm run --silent format:check"
  "unit tests|npm run --silent test:unit"
  # StrykerJS over the protection modules (stryker.config.mjs): any mutant not detected fails.
  "mutation tests|npm run --silent test:mutation"
)
kept=$(mktemp -d)
trap 'rm -rf "$kept"' EXIT
# One after the other in a background shell: output to $kept/<i>.log, status to $kept/<i>.status
# (the array `failed` of this shell cannot be written from there).
run_quiet_steps() {
  local i=0 entry name t0 status
  for entry in "${quiet_steps[@]}"; do
    name=${entry%%|*}
    t0=$SECONDS
    if bash -c "${entry#*|}" >"$kept/$i.log" 2>&1; then status=ok; else status=FAILED; fi
    echo "$status ($((SECONDS - t0)) s)" >"$kept/$i.status"
    echo "== $name: $status ($((SECONDS - t0)) s; its output follows the end-to-end tests)"
    i=$((i + 1))
  done
}

run_quiet_steps &
quiet_pid=$!
if step build npm run --silent build; then
  # Also kept: its closing lines (what failed, and why) are printed again at the very end.
  step "end-to-end tests" bash -c "set -o pipefail; npm run --silent test:e2e 2>&1 | tee '$kept/e2e.log'"
else
  failed+=("end-to-end tests (not run: build failed)")
fi
wait "$quiet_pid"

i=0
for entry in "${quiet_steps[@]}"; do
  name=${entry%%|*}
  echo
  echo "== $name"
  cat "$kept/$i.log" 2>/dev/null
  status=$(cat "$kept/$i.status" 2>/dev/null || echo "FAILED (no status: it did not run)")
  echo "== $name: $status"
  [[ $status == ok* ]] || failed+=("$name")
  i=$((i + 1))
done

echo
if [ ${#failed[@]} -gt 0 ]; then
  # A CI log is read from its tail: what failed, once more, after every step's output.
  i=0
  for entry in "${quiet_steps[@]}"; do
    [[ $(cat "$kept/$i.status" 2>/dev/null) == ok* ]] || { echo "== ${entry%%|*} (FAILED), its last lines:"; tail -n 30 "$kept/$i.log" 2>/dev/null; echo; }
    i=$((i + 1))
  done
  if [ -f "$kept/e2e.log" ] && grep -q '^\[e2e\] failed:' "$kept/e2e.log"; then
    echo "== end-to-end tests (FAILED):"
    sed -n '/^\[e2e\] failed:/,$p' "$kept/e2e.log"
    echo
  fi
  echo "npm test: FAILED: ${failed[*]}"
  exit 1
fi
echo "npm test: all passed in ${SECONDS} s"
