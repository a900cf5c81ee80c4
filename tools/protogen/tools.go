//go:build tools

// Package protogen pins the protoc plugins that generate the envd protocol
// code (make generate). A module of its own, so the plugins' versions match
// the runtime libraries the main module uses and nothing else moves.
package protogen

import (
	_ "connectrpc.com/connect/cmd/protoc-gen-connect-go"
	_ "google.golang.org/protobuf/cmd/protoc-gen-go"
)
