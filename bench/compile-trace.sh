#!/bin/bash
# A go build -toolexec wrapper that logs every tool run (compile, asm, link)
# of a build: where the cold start's CPU goes, package by package. One line
# per run is appended to $COMPILE_TRACE:
#   start end utime stime go_pid tool package output rc
# (start and end in epoch seconds, utime and stime of the tool in clock
# ticks, go_pid the go command that ran it, so concurrent builds can be told
# apart). It changes nothing that is built. Used by bench/coldstart.sh TRACE=1.
#
# usage: COMPILE_TRACE=/tmp/trace.log go build -toolexec "$PWD/bench/compile-trace.sh" ...
log="${COMPILE_TRACE:?set COMPILE_TRACE to the log file}"
tool="${1##*/}"
pkg=- out=- prev=
for a in "$@"; do
  case "$prev" in -p) pkg="$a" ;; -o) out="$a" ;; esac
  prev="$a"
done
start=$EPOCHREALTIME
"$@"
rc=$?
end=$EPOCHREALTIME
# Fields 16 and 17 of /proc/<this shell>/stat: the CPU of the children it waited for.
read -r -a st </proc/$$/stat
printf '%s %s %s %s %s %s %s %s %s\n' "$start" "$end" "${st[15]}" "${st[16]}" "$PPID" "$tool" "$pkg" "${out##*/}" "$rc" >>"$log"
exit $rc
