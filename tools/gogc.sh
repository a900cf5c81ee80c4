# Sourced by tools/build.sh and tools/prepare-run.sh before a cold compile.
#
# The Go compiler spends a large share of a big package's compile in its own
# garbage collector: with GOGC=400 instead of the default 100 the largest
# packages of the cold start compile with 17-28% less CPU (small ones, which
# lose the compiler's own start-up heap, with ~6% more; a cold make demo 7%
# less in all) for ~15-30% more peak memory, and the compiler writes the same
# bytes (bench/notes.md, P8). The go command does not hash
# GOGC into its build cache keys, so packages built this way are found by
# every later build. Exported only when the caller did not set GOGC and the
# machine has 8 GiB available, so that two concurrent compiles of the largest
# packages (~3 GB each at the default) still fit.
if [ -z "${GOGC:-}" ] && awk '$1 == "MemAvailable:" { exit !($2 >= 8 * 1024 * 1024) }' /proc/meminfo 2>/dev/null; then
  export GOGC=400
fi
