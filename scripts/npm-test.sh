#!/usr/bin/env bash
# `npm test`: Node 24, Debian packages and dependencies if needed, then unit tests, mutation tests, build, end-to-end tests
# (code-server + Chromium, and the mocha suite in the extension host), with the type check, lint and
# format check beside them at idle priority. Every step runs even when
# an earlier one failed (except e2e after a failed build); the exit code is non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
# Node 24 first on PATH when the shell's node is older (scripts/node24.sh): every step below, npm
# and its `npm ci` included, then runs on it.
source scripts/node24.sh
use_node24 || exit 1
# The Debian packages the tests need (scripts/system-packages.sh, the one list), installed when
# missing; where that cannot be done it names them and the tests that fail, and the run goes on.
source scripts/system-packages.sh
ensure_system_packages test
source scripts/ensure-deps.sh
ensure_deps || exit 1
# NPM_TEST_ONLY_SETUP=1: the set-up above and nothing else (to try it on a fresh clone).
if [ -n "${NPM_TEST_ONLY_SETUP:-}" ]; then
  echo "npm test: set-up done (Node $(node --version), npm $(npm --version)); NPM_TEST_ONLY_SETUP is set, no test run"
  exit 0
fi

failed=()
step() {
  local name=$1; shift
  local t0=$SECONDS
  echo
  echo "== $name"
  if "$@"; then echo "== $name: ok ($((SECONDS - t0)) s)"; else echo "== $name: FAILED ($((SECONDS - t0)) s)"; failed+=("$name"); return 1; fi
}

# The static checks (type check, lint, format check) run beside the other steps in the idle
# scheduling class (`chrt --idle`: a core only when nothing else wants it), their output kept and
# printed at the end. They read the sources and no clock: starved for a while, they take longer
# and decide the same. The end-to-end step leaves about a tenth of the two cores idle between its
# windows' work (its windows wait on the sandbox's jobs), which is more than the checks need, so
# they leave the run's critical path. Never at normal priority beside the other steps: those have
# timeouts and lose races to a load (docs/testing.md).
static_dir=$(mktemp -d)
trap 'rm -rf "$static_dir"' EXIT
static_titles=(typecheck lint "format check")
static_scripts=(typecheck lint format:check)
static_checks() {
  # The idle class for this shell and everything it starts (ignored where chrt is missing).
  chrt --idle --pid 0 "$BASHPID" >/dev/null 2>&1 || true
  local i t0
  for i in "${!static_scripts[@]}"; do
    t0=$SECONDS
    if npm run --silent "${static_scripts[$i]}" >"$static_dir/$i.out" 2>&1; then echo ok; else echo FAILED; fi >"$static_dir/$i.rc"
    echo $((SECONDS - t0)) >"$static_dir/$i.secs"
    echo "== ${static_titles[$i]} (beside the other steps, idle priority): $(cat "$static_dir/$i.rc") ($(cat "$static_dir/$i.secs") s)"
  done
}
static_checks &
static_pid=$!

step "unit tests" npm run --silent test:unit
# StrykerJS over the protection modules (stryker.config.mjs): any mutant not detected fails.
step "mutation tests" npm run --silent test:mutation
if step build npm run --silent build; then
  step "end-to-end tests" npm run --silent test:e2e
else
  failed+=("end-to-end tests (not run: build failed)")
fi

wait "$static_pid"
for i in "${!static_scripts[@]}"; do
  echo
  echo "== ${static_titles[$i]} (ran beside the other steps)"
  cat "$static_dir/$i.out"
  echo "== ${static_titles[$i]}: $(cat "$static_dir/$i.rc") ($(cat "$static_dir/$i.secs") s beside the other steps)"
  [ "$(cat "$static_dir/$i.rc")" = ok ] || failed+=("${static_titles[$i]}")
done

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: FAILED: ${failed[*]}"
  exit 1
fi
echo "npm test: all passed in ${SECONDS} s"
