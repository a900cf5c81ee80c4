#!/usr/bin/env bash
# Makes sure the Debian packages a make target needs are installed: the
# local sandbox's (bubblewrap and Debian's Python with IPython, pandas and
# matplotlib, and openpyxl for Excel files, at /usr/bin/python3) and, for `make test`, Chromium for the
# Temporal UI check, PostgreSQL for `make cluster` (and its test),
# docker-compose to validate docker-compose.yml, and Node.js 20.3+ with npm
# for the TypeScript example.
# Installs what is missing when it can (root, or sudo without a password,
# and apt-get); otherwise stops with the one command to run. Used by
# `make run`, `make demo`, `make cluster` and `make test`, so the README's
# commands work on a fresh Debian machine.
#
# usage: tools/system-deps.sh run|test|cluster
set -euo pipefail

# Go first: every target builds Go code, and an old go would try to fetch
# a newer toolchain (go.mod says go 1.26) and fail offline with a long error.
if ! command -v go >/dev/null; then
  echo "system-deps: go is not on PATH; install Go 1.26 or newer (https://go.dev/dl/) and run make again" >&2
  exit 1
fi
gov="$(GOTOOLCHAIN=local go env GOVERSION 2>/dev/null || true)"
if [[ ! "$gov" =~ ^go1\.([0-9]+) ]] || [ "${BASH_REMATCH[1]}" -lt 26 ]; then
  echo "system-deps: found ${gov:-an unknown Go}, need Go 1.26 or newer (https://go.dev/dl/)" >&2
  exit 1
fi

# e2fsprogs (mkfs.ext4) and util-linux (mount, prlimit) size and limit each
# sandbox: its disk and its rlimits (docs/limits.md).
want=(bubblewrap e2fsprogs util-linux python3-ipython python3-pandas python3-matplotlib python3-openpyxl)
case "${1:-run}" in
  run) ;;
  # docker-compose (Debian's, v1; no Docker daemon needed) validates
  # docker-compose.yml in the tests.
  # protoc and the well-known .proto files for make check-generate.
  test) want+=(chromium postgresql docker-compose protobuf-compiler libprotobuf-dev) ;;
  # Debian's postgresql (15 on Debian 12): its server programs live in
  # /usr/lib/postgresql/<major>/bin, and it creates the postgres user that
  # the server runs as when make cluster runs as root.
  cluster) want+=(postgresql) ;;
  *) echo "usage: $0 run|test|cluster" >&2; exit 2 ;;
esac

# make test runs examples/typescript (npm ci, then node): @temporalio/client
# needs Node.js 20.3 or newer and npm. Debian 13's nodejs is new enough and
# is installed below; Debian 12's (18) is not: then say where to get one.
node_ok() {
  local v
  v="$(node --version 2>/dev/null || true)"
  [[ "$v" =~ ^v([0-9]+)\.([0-9]+) ]] && command -v npm >/dev/null &&
    { [ "${BASH_REMATCH[1]}" -gt 20 ] || { [ "${BASH_REMATCH[1]}" -eq 20 ] && [ "${BASH_REMATCH[2]}" -ge 3 ]; }; }
}
if [ "${1:-run}" = test ] && ! node_ok; then
  cand="$(apt-cache policy nodejs 2>/dev/null | awk '/Candidate:/ {print $2}')"
  if [[ "$cand" =~ ^([0-9]+)\.([0-9]+) ]] &&
    { [ "${BASH_REMATCH[1]}" -gt 20 ] || { [ "${BASH_REMATCH[1]}" -eq 20 ] && [ "${BASH_REMATCH[2]}" -ge 3 ]; }; }; then
    want+=(nodejs)
    command -v npm >/dev/null || want+=(npm) # NodeSource's nodejs brings its own npm
  else
    echo "system-deps: make test needs Node.js 20.3 or newer with npm (found: $(node --version 2>/dev/null || echo none)); this system's nodejs package (${cand:-none}) is older: install Node.js 20+ from https://nodejs.org/ or NodeSource" >&2
    exit 1
  fi
fi

if ! command -v dpkg-query >/dev/null; then
  # Not Debian: say what is needed instead of guessing a package manager.
  if [ -x /usr/bin/bwrap ] && /usr/bin/python3 -c 'import IPython, pandas, matplotlib' 2>/dev/null &&
    { [ "${1:-run}" != cluster ] || command -v initdb >/dev/null || [ -n "${PG_BINDIR:-}" ]; }; then
    exit 0
  fi
  echo "system-deps: this is not a Debian system; install the equivalents of: ${want[*]} (bubblewrap at /usr/bin/bwrap; IPython, pandas and matplotlib for /usr/bin/python3; PostgreSQL's initdb on PATH or in PG_BINDIR)" >&2
  exit 1
fi

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    echo "system-deps: missing Debian packages: ${missing[*]}" >&2
    echo "system-deps: install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

echo "system-deps: installing ${missing[*]} with apt-get (once)" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
if ! "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  echo "system-deps: apt-get could not install ${missing[*]}; run: apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
