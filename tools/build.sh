#!/usr/bin/env bash
# Builds the pinned tools (Temporal CLI, versitygw, workflowcheck) from this
# module into a bin directory, skipping any binary whose stamp file already
# names the pinned version. Used by `make tools` and by internal/devstack.
#
# The cluster tools (the Temporal server, its SQL schema tool, and the
# standalone Temporal UI server that `make cluster` runs) are built only when
# named. The server and its schema tool come from a module of their own,
# tools/cluster: their dependency graph clashes with the CLI's, and they need
# a newer Go than the project, which that module's `toolchain` line names
# (fetched by the go command from the module proxy, for that build only).
#
# usage: tools/build.sh <bindir> [temporal|versitygw|workflowcheck ...]
#        tools/build.sh <bindir> cluster   (temporal-server, temporal-sql-tool, temporal-ui-server)
#        tools/build.sh <bindir> protogen  (protoc-gen-go, protoc-gen-connect-go; module tools/protogen)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:?usage: build.sh <bindir> [tool ...]}"
shift
mkdir -p "$bin"
bin="$(cd "$bin" && pwd)"

# tool -> "module package [module dir under tools/]"
declare -A pkg=(
  [temporal]="github.com/temporalio/cli github.com/temporalio/cli/cmd/temporal"
  [versitygw]="github.com/versity/versitygw github.com/versity/versitygw/cmd/versitygw"
  [workflowcheck]="go.temporal.io/sdk/contrib/tools/workflowcheck go.temporal.io/sdk/contrib/tools/workflowcheck"
  [temporal-ui-server]="github.com/temporalio/ui-server/v2 github.com/temporalio/ui-server/v2/cmd/server"
  [temporal-server]="go.temporal.io/server go.temporal.io/server/cmd/server cluster"
  [temporal-sql-tool]="go.temporal.io/server go.temporal.io/server/cmd/tools/sql cluster"
  [protoc-gen-go]="google.golang.org/protobuf google.golang.org/protobuf/cmd/protoc-gen-go protogen"
  [protoc-gen-connect-go]="connectrpc.com/connect connectrpc.com/connect/cmd/protoc-gen-connect-go protogen"
)
tools=()
for t in "$@"; do
  case "$t" in
    cluster) tools+=(temporal-server temporal-sql-tool temporal-ui-server) ;;
    protogen) tools+=(protoc-gen-go protoc-gen-connect-go) ;;
    *) tools+=("$t") ;;
  esac
done
[ ${#tools[@]} -gt 0 ] || tools=(temporal versitygw workflowcheck)

# One builder at a time: make and concurrent test binaries share the bin dir.
exec 9>"$bin/.build.lock"
flock 9

# toolchain <module dir>: the go.mod's `toolchain` go version, or "local".
toolchain() {
  local tc
  tc="$(awk '$1 == "toolchain" { print $2 }' "$1/go.mod")"
  echo "${tc:-local}"
}

# Stale tools, grouped by module directory: one go build per module, so
# shared dependencies compile once and in parallel.
declare -A want=()   # tool -> its stamp: "module version goversion"
declare -A group=()  # module dir -> "tool tool ..."
for t in "${tools[@]}"; do
  [ -n "${pkg[$t]:-}" ] || { echo "build.sh: unknown tool $t" >&2; exit 2; }
  read -r mod path sub <<<"${pkg[$t]}"
  dir="$here${sub:+/$sub}"
  tc="$(toolchain "$dir")"
  version="$(cd "$dir" && GOTOOLCHAIN="$tc" go list -m -f '{{.Version}}' "$mod")"
  want[$t]="$mod $version $(cd "$dir" && GOTOOLCHAIN="$tc" go env GOVERSION)"
  if [ -x "$bin/$t" ] && [ "$(cat "$bin/$t.version" 2>/dev/null)" = "${want[$t]}" ]; then
    continue
  fi
  group[$dir]+="$t "
done
[ ${#group[@]} -gt 0 ] || exit 0
# shellcheck source=tools/gogc.sh
. "$here/gogc.sh"

for dir in "${!group[@]}"; do
  read -r -a stale <<<"${group[$dir]}"
  tc="$(toolchain "$dir")"
  paths=()
  for t in "${stale[@]}"; do
    read -r _ path _ <<<"${pkg[$t]}"
    paths+=("$path")
  done
  echo "tools: building ${stale[*]} into $bin with $(cd "$dir" && GOTOOLCHAIN="$tc" go env GOVERSION) (the Temporal CLI takes ~5 min on a cold cache, the Temporal server ~8-13 min)" >&2
  start=$SECONDS
  # Build into a scratch directory, then name each binary after its tool
  # (the server and the UI server are both .../cmd/server).
  out="$(mktemp -d "$bin/.build.XXXXXX")"
  trap 'rm -rf "$out"' EXIT
  (cd "$dir" && CGO_ENABLED=0 GOTOOLCHAIN="$tc" go build -trimpath -ldflags="-s -w" -o "$out/" "${paths[@]}")
  for t in "${stale[@]}"; do
    read -r _ path _ <<<"${pkg[$t]}"
    mv -f "$out/$(basename "$path")" "$bin/$t"
    echo "${want[$t]}" >"$bin/$t.version"
  done
  rm -rf "$out"
  trap - EXIT
  echo "tools: built ${stale[*]} in $((SECONDS - start))s" >&2
done
