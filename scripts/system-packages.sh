#!/usr/bin/env bash
# The Debian packages the tests and `npm start` need beyond Node and npm: the one list, read by
# `npm test` (everything), `npm start` and the end-to-end runner (scripts/e2e/install.mjs).
#   bash scripts/system-packages.sh test|start|e2e       install what that use lacks
#   bash scripts/system-packages.sh --missing test|...   print what it lacks, one a line; install nothing
# Missing packages are installed with apt-get as root, or through `sudo -n` (sudo that asks no
# password), saying what and why. Where neither works (no root, no such sudo, no apt-get) it names
# the packages, the command to run and the tests that fail without them, and exits 1; the callers
# go on, so those tests fail with their own messages.

# One entry a line: package | the uses that need it besides `test` (start, e2e) | what needs it.
# A package is installed when its check below fails (a binary, else `dpkg -s`).
SYSTEM_PACKAGES=(
  "chromium|e2e|the browser of the webview unit tests and the bench (scripts/e2e/chromium.mjs)"
  "chromium-headless-shell|e2e|the browser of the end-to-end runs (docs/testing.md)"
  "fonts-noto-cjk|e2e|Korean and Japanese text in Chromium (the end-to-end runs in those languages)"
  "libkrb5-dev|start e2e|code-server's first install builds its kerberos addon"
  "build-essential|start e2e|node-gyp builds code-server's native addons (make, g++)"
  "python3|start e2e|node-gyp builds code-server's native addons"
  "mariadb-server|start e2e|the sandbox's DB instances are real MariaDB servers; the database tests (test/support/mariadb.mjs)"
  "mariadb-client|start e2e|the sandbox's databases and the database tests"
  "openssl|start e2e|the databases' TLS certificates (sandbox and tests)"
  "openssh-server|e2e|the SSH bastion tests start their own sshd (test/support/sshd.ts)"
  "openssh-client|e2e|the SSH bastion tests' ssh-agent"
  "rclone||Sync Folder is checked against rclone (test/unit/storage/sync.test.ts)"
  "swift|e2e|OpenStack Swift and its S3 layer: the object-storage tests (test/support/swift.mjs)"
  "swift-proxy|e2e|OpenStack Swift: the object-storage tests"
  "swift-account|e2e|OpenStack Swift: the object-storage tests"
  "swift-container|e2e|OpenStack Swift: the object-storage tests"
  "swift-object|e2e|OpenStack Swift: the object-storage tests"
  "memcached|e2e|OpenStack Swift's token cache: the object-storage tests"
)

# Whether a package is there: its binary where it has one a test runs, else dpkg's word.
system_package_present() {
  case $1 in
    chromium) [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 ;;
    chromium-headless-shell) [ -x /usr/bin/chromium-headless-shell ] ;;
    build-essential) command -v make >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1 ;;
    python3) command -v python3 >/dev/null 2>&1 ;;
    mariadb-server) [ -x /usr/sbin/mariadbd ] || command -v mariadbd >/dev/null 2>&1 ;;
    mariadb-client) command -v mariadb >/dev/null 2>&1 ;;
    openssl) command -v openssl >/dev/null 2>&1 ;;
    openssh-server) [ -x /usr/sbin/sshd ] ;;
    openssh-client) command -v ssh-agent >/dev/null 2>&1 ;;
    rclone) [ -x /usr/bin/rclone ] ;;
    *) dpkg -s "$1" >/dev/null 2>&1 ;;
  esac
}

# The packages a use (test, start, e2e) needs and lacks, one a line.
system_packages_missing() {
  local use=$1 entry name uses
  for entry in "${SYSTEM_PACKAGES[@]}"; do
    IFS='|' read -r name uses _ <<<"$entry"
    if [ "$use" = test ] || [[ " $uses " == *" $use "* ]]; then
      system_package_present "$name" || echo "$name"
    fi
  done
}

# What a package is for (its entry's last field).
system_package_why() {
  local entry name why
  for entry in "${SYSTEM_PACKAGES[@]}"; do
    IFS='|' read -r name _ why <<<"$entry"
    [ "$name" = "$1" ] && echo "$why"
  done
}

# Installs what `use` lacks; returns 1 (after saying what to do) when it cannot.
ensure_system_packages() {
  local use=$1 p why_not= as=
  local -a need sudo=()
  mapfile -t need < <(system_packages_missing "$use")
  [ ${#need[@]} -eq 0 ] && return 0
  local -A label=([test]='`npm test`' [start]='`npm start`' [e2e]='the end-to-end tests')
  echo "[deps] Debian packages missing for ${label[$use]}:"
  for p in "${need[@]}"; do echo "[deps]   $p: $(system_package_why "$p")"; done
  local -a install=(apt-get install -y --no-install-recommends "${need[@]}")
  if ! command -v apt-get >/dev/null 2>&1; then
    why_not="this is not a Debian or Ubuntu system (no apt-get)"
  elif [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n) as=' (through sudo)'
    else
      why_not="installing needs root, and sudo is not there or asks for a password"
    fi
  fi
  if [ -z "$why_not" ]; then
    echo "[deps] installing them$as: apt-get update, then ${install[*]}"
    if "${sudo[@]}" apt-get update -q && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive "${install[@]}"; then
      mapfile -t need < <(system_packages_missing "$use")
      [ ${#need[@]} -eq 0 ] && return 0
      why_not="apt-get ran, yet these are still missing"
    else
      why_not="apt-get failed (its output is above)"
    fi
  fi
  echo "[deps] Could not install ${need[*]}: $why_not." >&2
  echo "[deps] Install them yourself:  sudo apt-get install -y --no-install-recommends ${need[*]}" >&2
  echo "[deps] Until then what needs them FAILS (each test says what is missing):" >&2
  for p in "${need[@]}"; do echo "[deps]   without $p: $(system_package_why "$p")" >&2; done
  return 1
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  if [ "${1:-}" = --missing ]; then
    system_packages_missing "${2:-test}"
    exit 0
  fi
  case ${1:-} in
    test | start | e2e) ensure_system_packages "$1" ;;
    *)
      echo "usage: bash scripts/system-packages.sh [--missing] test|start|e2e" >&2
      exit 2
      ;;
  esac
fi
