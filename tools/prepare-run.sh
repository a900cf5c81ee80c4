#!/usr/bin/env bash
# Gets `make run` / `make demo` ready: the Debian packages of the local
# sandbox, the pinned Temporal CLI and versitygw (not workflowcheck: only the
# tests use it), and the project's devstack, worker and starter. On a fresh
# machine these are independent and of different kinds — apt and the module
# downloads wait on the network, the compiles on the CPU — so they run at the
# same time, and the project compiles while the Temporal CLI (the long pole,
# ~15 CPU-minutes) does. See bench/notes.md, P8.
#
# The caller exports CGO_ENABLED=0 and GOFLAGS=-trimpath (the Makefile does),
# the flags tools/build.sh builds with, so the standard library and the
# modules the project shares with the tools at the same version compile once.
# worker and starter are built into <repo>/.bin exactly as cmd/devstack
# builds them, so its own build finds them up to date.
#
# usage: tools/prepare-run.sh <bindir>
set -euo pipefail

bin="${1:?usage: prepare-run.sh <bindir>}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# GOGC=400 for the compiles when the memory allows (tools/gogc.sh).
# shellcheck source=tools/gogc.sh
. tools/gogc.sh

# Each job runs in its own process group (set -m), so that when one fails —
# typically the Debian packages, which fail in a second when they cannot be
# installed — or on Ctrl-C, the others stop at once with their children
# instead of compiling on for minutes.
set -m
names=()
pids=()
stop_all() {
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
}
trap stop_all EXIT
trap 'exit 130' INT TERM
# job <name> <command...>: starts the command in the background.
job() {
  names+=("$1")
  shift
  "$@" &
  pids+=($!)
}
echo "prepare-run: Debian packages, Temporal CLI + versitygw, and ./worker ./starter ./cmd/devstack, in parallel" >&2
job "tools/system-deps.sh run" tools/system-deps.sh run
job "tools/build.sh $bin temporal versitygw" tools/build.sh "$bin" temporal versitygw
job "go build ./worker ./starter ./cmd/devstack" \
  go build -o .bin/ ./worker ./starter ./cmd/devstack

left=("${pids[@]}")
while [ ${#left[@]} -gt 0 ]; do
  set +e
  wait -n -p done "${left[@]}"
  rc=$?
  set -e
  for i in "${!pids[@]}"; do
    [ "${pids[$i]}" = "$done" ] || continue
    if [ "$rc" -ne 0 ]; then
      echo "prepare-run: ${names[$i]} failed (exit $rc); stopping the rest" >&2
      exit 1
    fi
  done
  rest=()
  for pid in "${left[@]}"; do [ "$pid" = "$done" ] || rest+=("$pid"); done
  left=("${rest[@]}")
done
