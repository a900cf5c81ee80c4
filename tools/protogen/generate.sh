#!/usr/bin/env bash
# Generates the Go code of the envd protocol (e2b/internal/envd/proto/*.proto)
# with Debian's protoc and the plugins pinned in tools/protogen, into the
# given module root (the repository for make generate; a scratch copy for
# make check-generate, which diffs it against the committed code).
#
# usage: tools/protogen/generate.sh <bindir> <outroot>
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:?usage: generate.sh <bindir> <outroot>}"
out="${2:?usage: generate.sh <bindir> <outroot>}"

command -v protoc >/dev/null || {
  echo "generate: protoc not found; install Debian's protobuf-compiler and libprotobuf-dev (tools/system-deps.sh test does)" >&2
  exit 1
}
"$here/../build.sh" "$bin" protogen
bin="$(cd "$bin" && pwd)"

module=github.com/durable-analyst/durable-analyst
protos=e2b/internal/envd/proto

mkdir -p "$out"
out="$(cd "$out" && pwd)"
# The well-known types (timestamp.proto) come from libprotobuf-dev's
# /usr/include, which protoc searches only when told.
cd "$root/$protos"
PATH="$bin:$PATH" protoc -I . -I /usr/include \
  --go_out="$out" --go_opt=module="$module" \
  --connect-go_out="$out" --connect-go_opt=module="$module" \
  filesystem/filesystem.proto process/process.proto
