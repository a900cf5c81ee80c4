#!/usr/bin/env bash
# Builds the pinned tools (Temporal CLI, versitygw, workflowcheck) from this
# module into a bin directory, skipping any binary whose stamp file already
# names the pinned version. Used by `make tools` and by internal/stack.
#
# usage: tools/build.sh <bindir> [temporal|versitygw|workflowcheck ...]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?usage: build.sh <bindir> [tool ...]}"
shift
mkdir -p "$bin"
bin="$(cd "$bin" && pwd)"

# tool -> "module package"
declare -A pkg=(
  [temporal]="github.com/temporalio/cli github.com/temporalio/cli/cmd/temporal"
  [versitygw]="github.com/versity/versitygw github.com/versity/versitygw/cmd/versitygw"
  [workflowcheck]="go.temporal.io/sdk/contrib/tools/workflowcheck go.temporal.io/sdk/contrib/tools/workflowcheck"
)
tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(temporal versitygw workflowcheck)

# One builder at a time: make and concurrent test binaries share the bin dir.
exec 9>"$bin/.build.lock"
flock 9

cd "$here"
goversion="$(go env GOVERSION)"
stale=() paths=()
declare -A want=() # tool -> its stamp: "module version goversion"
for t in "${tools[@]}"; do
  [ -n "${pkg[$t]:-}" ] || { echo "build.sh: unknown tool $t" >&2; exit 2; }
  read -r mod path <<<"${pkg[$t]}"
  want[$t]="$mod $(go list -m -f '{{.Version}}' "$mod") $goversion"
  if [ -x "$bin/$t" ] && [ "$(cat "$bin/$t.version" 2>/dev/null)" = "${want[$t]}" ]; then
    continue
  fi
  stale+=("$t")
  paths+=("$path")
done
[ ${#stale[@]} -gt 0 ] || exit 0

echo "tools: building ${stale[*]} into $bin (the Temporal CLI takes ~5 min on a cold cache)" >&2
start=$SECONDS
# One go build for all stale tools, so shared dependencies compile once and in parallel.
CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$bin/" "${paths[@]}"
for t in "${stale[@]}"; do
  echo "${want[$t]}" >"$bin/$t.version"
done
echo "tools: built ${stale[*]} in $((SECONDS - start))s" >&2
