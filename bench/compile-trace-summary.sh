#!/usr/bin/env bash
# Summarises a bench/compile-trace.sh log: per go command (one per go build),
# its tool runs, CPU seconds (compile and link apart) and when its first tool
# started and its last ended (seconds after the log's first start, or after
# START, an epoch time); then the packages that took the most CPU.
#
# usage: bench/compile-trace-summary.sh <log> [top N (20)]
set -euo pipefail
log="${1:?usage: compile-trace-summary.sh <log> [top]}"
top="${2:-20}"
tck="$(getconf CLK_TCK)"
awk -v tck="$tck" -v t0="${START:-}" '
  t0 == "" || $1 < t0 { if (t0 == "" || $1 < t0) t0 = $1 }
  { lines[NR] = $0 }
  END {
    for (i = 1; i <= NR; i++) {
      split(lines[i], f, " ")
      s = f[1] - t0; e = f[2] - t0; cpu = (f[3] + f[4]) / tck; g = f[5]
      if (!(g in n)) { order[++ng] = g; first[g] = s }
      n[g]++; total[g] += cpu
      if (f[6] == "compile") comp[g] += cpu
      if (f[6] == "link") { link[g] += cpu; links[g]++ }
      if (s < first[g]) first[g] = s
      if (e > last[g]) last[g] = e
    }
    printf "go command  tool runs  cpu s  compile s  link s (links)  first start s  last end s\n"
    for (k = 1; k <= ng; k++) {
      g = order[k]
      printf "%-10s  %9d  %5.1f  %9.1f  %6.1f (%d)  %13.0f  %10.0f\n", g, n[g], total[g], comp[g], link[g], links[g], first[g], last[g]
    }
  }' "$log"
echo "packages by CPU seconds (go command, tool, package, wall s):"
awk -v tck="$tck" '$6 == "compile" || $6 == "link" {
  printf "%7.1f  %s %s %s  %.1f\n", ($3 + $4) / tck, $5, $6, ($7 == "-" ? $8 : $7), $2 - $1 }' "$log" |
  sort -rn | head -n "$top"
