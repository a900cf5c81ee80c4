#!/usr/bin/env bash
# P8, cold start of a fresh machine: measures `make demo` with an empty Go
# build cache and module cache, without touching the caches of this machine.
# It clones a revision of this repository into a scratch directory (so the
# clone has its own .bin), points GOCACHE and GOMODCACHE at new empty
# directories, and records wall, user and sys seconds of each step in a TSV.
# On a shared machine the wall times depend on the load; user+sys does not
# much, and (user+sys) / cores approximates the quiet wall time of a
# CPU-bound step.
#
# usage: bench/coldstart.sh steps [rev]   each step of make demo run alone, in order
#                                         (as make demo ran them before tools/prepare-run.sh:
#                                         serially, the project with go's default flags)
#        bench/coldstart.sh demo  [rev]   the whole `make demo`, as a user runs it
#
# rev defaults to HEAD. Output: the TSV path is printed at the end; the
# scratch directory (a few GB of caches) is removed unless KEEP=1. With
# TRACE=1 every compile and link is logged (bench/compile-trace.sh) next to
# the TSV and summarised at the end: CPU per go build and per package.
set -euo pipefail

mode="${1:?usage: coldstart.sh steps|demo [rev]}"
rev="${2:-HEAD}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/coldstart.XXXXXX")"
[ "${KEEP:-0}" = 1 ] || trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT

git clone -q --no-checkout "$repo" "$scratch/repo"
git -C "$scratch/repo" checkout -q "$(git -C "$repo" rev-parse "$rev")"
# Uncommitted edits are not measured: the clone is the revision.
export GOCACHE="$scratch/gocache" GOMODCACHE="$scratch/gomodcache"
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-modcacherw"
mkdir -p "$GOCACHE" "$GOMODCACHE"
cd "$scratch/repo"

out="${OUT:-$repo/bench/coldstart-$mode-$(git rev-parse --short=12 HEAD).tsv}"
printf 'step\twall_s\tuser_s\tsys_s\tcpu_s\tmax_rss_kb\n' >"$out"
if [ "${TRACE:-0}" = 1 ]; then
  export COMPILE_TRACE="${out%.tsv}.trace"
  : >"$COMPILE_TRACE"
  export GOFLAGS="$GOFLAGS -toolexec=$repo/bench/compile-trace.sh"
fi
# step <name> <command...>: runs the command, appends its times to the TSV.
step() {
  local name="$1"
  shift
  echo "=== $name: $*" >&2
  /usr/bin/time -o "$scratch/time" -f '%e\t%U\t%S\t%M' "$@"
  IFS=$'\t' read -r wall user sys rss <"$scratch/time"
  printf '%s\t%s\t%s\t%s\t%.1f\t%s\n' "$name" "$wall" "$user" "$sys" "$(echo "$user + $sys" | bc)" "$rss" | tee -a "$out" >&2
}

load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores" >&2; }
load
case "$mode" in
steps)
  bin="$scratch/repo/.bin"
  step "apt deps check (tools/system-deps.sh run)" tools/system-deps.sh run
  step "go mod download (main module)" go mod download
  step "go mod download (tools module)" bash -c 'cd tools && go mod download'
  step "build temporal CLI" tools/build.sh "$bin" temporal
  step "build versitygw" tools/build.sh "$bin" versitygw
  step "build workflowcheck" tools/build.sh "$bin" workflowcheck
  step "build devstack (go run's compile)" go build -o "$scratch/devstack" ./cmd/devstack
  step "build worker+starter" go build -o "$bin/" ./worker ./starter
  # The rest of make demo: dev server, S3, local servers, worker, one
  # analysis (the builds above are now cached, so this is start + analysis).
  step "start servers + first analysis (go run ./cmd/devstack -demo, warm)" go run ./cmd/devstack -demo
  ;;
demo)
  step "make demo (cold)" make demo
  ;;
*)
  echo "usage: coldstart.sh steps|demo [rev]" >&2
  exit 2
  ;;
esac
load
if [ "${TRACE:-0}" = 1 ]; then "$repo/bench/compile-trace-summary.sh" "$COMPILE_TRACE" >&2; fi
echo "$out"
