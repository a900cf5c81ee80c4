# durable-analyst: the two commands are `make run` (or `make demo`) and `make test`.
# Everything runs on 127.0.0.1 with servers built from the Go module proxy;
# see README.md.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

BIN := $(CURDIR)/.bin
GO ?= go
GOTEST_TIMEOUT ?= 40m
# Extra flags for go test, e.g. GOTESTFLAGS='-run TestAnalysis -v'.
GOTESTFLAGS ?=

.PHONY: help run demo test tools deps deps-test vet workflowcheck lint gotest chaos conformance histories
.PHONY: cluster cluster-tools deps-cluster

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

# Worker processes of make run and make cluster (each restarted when it dies).
WORKERS ?= 2

# prepare-run builds cmd/devstack into .bin; it runs as built, not through
# go run, which exits 1 after a Ctrl-C whatever the program's status.
run: prepare-run ## start Temporal (+UI), S3, local E2B and model servers and WORKERS (2) workers; state kept in .run/; Ctrl-C stops all
	$(BIN)/devstack -workers $(WORKERS)

demo: prepare-run ## like run, then analyse testdata/datasets/sales.csv once, print the answer and exit
	$(BIN)/devstack -demo

# run and demo: the Debian packages, the Temporal CLI + versitygw and the
# project's binaries at the same time (tools/prepare-run.sh), all compiled
# with the tools' flags so shared packages compile once (bench/notes.md, P8).
.PHONY: prepare-run
run demo prepare-run: export CGO_ENABLED := 0
# (GOFLAGS in the environment replaces the one of go env -w, so start from go env's.)
run demo prepare-run: export GOFLAGS := $(strip $(shell $(GO) env GOFLAGS) -trimpath)
prepare-run:
	@tools/prepare-run.sh $(BIN)

tools: ## build the pinned temporal, versitygw and workflowcheck into .bin (skipped when up to date)
	@tools/build.sh $(BIN)

deps: ## install the Debian packages the local sandbox needs, if missing (root or sudo); else say the command
	@tools/system-deps.sh run

deps-test:
	@tools/system-deps.sh test

vet:
	$(GO) vet ./...

workflowcheck: tools ## check workflow code for non-determinism
	@if [ -d workflows ]; then echo "workflowcheck ./workflows/..."; $(BIN)/workflowcheck -config tools/workflowcheck.yaml ./workflows/...; fi

lint: vet workflowcheck ## go vet + workflowcheck

# The tests run with a temporary directory of their own, which must be empty
# when they end: a test that leaves a file, a server's data or a built
# program behind fails the run, and the directory is removed either way.
# It is traversable (0755) for PostgreSQL, which runs as its own user.
gotest: deps-test tools
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/durable-analyst-gotest-XXXXXX"); chmod 755 "$$tmp"; \
	echo "$(GO) test -count=1 -timeout $(GOTEST_TIMEOUT) $(GOTESTFLAGS) ./...   (TMPDIR=$$tmp)"; \
	status=0; TMPDIR="$$tmp" $(GO) test -count=1 -timeout $(GOTEST_TIMEOUT) $(GOTESTFLAGS) ./... || status=$$?; \
	left=$$(ls -A "$$tmp"); rm -rf "$$tmp"; \
	if [ -n "$$left" ]; then \
		echo "gotest: the tests left these in their temporary directory (a test must remove what it makes):" >&2; \
		echo "$$left" | sed 's/^/  /' >&2; \
		if [ "$$status" -eq 0 ]; then status=1; fi; \
	fi; \
	exit $$status

test: deps-test tools cluster-tools lint check-generate gotest conformance ## tools, go vet, workflowcheck, all tests (+ conformance if present)

chaos: deps tools ## the long crash/fault-injection suite against real servers
	$(GO) test ./internal/e2e -run 'Chaos|S3OutageMid' -chaos.full -count=1 -timeout 30m -v

# The e2e tests whose histories the replay gate keeps.
HISTORY_TESTS := TestAnalysisEndToEnd|TestVerifyAnswerFigures|TestSandboxLossIsRebuilt|TestBatchEndToEnd|TestOutputsAndReports|TestConversationFollowUpsOnOneKernel|TestConversationRebuildsLostPausedSandbox|TestSweepScheduleTwoWorkers|TestSearchAttributesOffWithoutRegistration|TestCapacityWaitsForASandbox|TestLineHoldsThePool|TestFollowAnAnalysisAsItRuns|TestFollowAcrossAWorkerKill|TestFollowAConversationAcrossContinueAsNew

histories: deps tools ## record new replay-gate histories into workflows/testdata/histories/<date>-<revision>/ (or HISTORIES_DIR=name; never overwrites kept ones)
	@dir="$${HISTORIES_DIR:-$$(date -u +%Y%m%d)-$$(git rev-parse --short=12 HEAD)$$(git diff --quiet HEAD -- workflows activities || echo -dirty)}"; \
	echo "recording histories into workflows/testdata/histories/$$dir"; \
	UPDATE_HISTORIES=1 HISTORIES_DIR="$$dir" $(GO) test ./internal/e2e -count=1 -timeout 15m -run '$(HISTORY_TESTS)'; \
	$(GO) test ./workflows -count=1 -run Replay; \
	echo "recorded; review and commit workflows/testdata/histories/$$dir"

conformance: tools ## run the E2B protocol conformance suite if it exists
	@if [ -f testdata/conformance/run.sh ]; then \
		echo "bash testdata/conformance/run.sh"; bash testdata/conformance/run.sh; \
	else echo "conformance: testdata/conformance/run.sh not present, skipped"; fi

.PHONY: bench
# Extra flags for cmd/bench, e.g. BENCHFLAGS='-only p3 -p3-levels 100,500'.
BENCHFLAGS ?=
bench: tools ## measure on the real stack (fast stand-ins for model and Python); writes BENCHMARKS.md and bench/results.json
	$(GO) run ./cmd/bench $(BENCHFLAGS)

# make cluster: a Temporal server on PostgreSQL (Debian's postgresql), its
# schema applied with temporal-sql-tool, the Temporal UI, S3 and the local
# stand-ins, and WORKERS worker processes; state in .run/cluster/. See docs/scale.md.
WORKERS ?= 2
POSTGRES_PORT ?= 55432
CLUSTER_FLAGS ?=

cluster: deps-cluster tools cluster-tools ## Temporal server on PostgreSQL + UI + S3 + WORKERS (2) workers; data kept in .run/cluster/; Ctrl-C stops all
	$(GO) build -o $(BIN)/devstack ./cmd/devstack
	$(BIN)/devstack -cluster -workers $(WORKERS) -postgres-port $(POSTGRES_PORT) $(CLUSTER_FLAGS)

cluster-tools: ## build the pinned Temporal server, temporal-sql-tool (Go module proxy, Go from tools/cluster/go.mod; ~8 min cold) and UI server into .bin
	@tools/build.sh $(BIN) cluster

deps-cluster:
	@tools/system-deps.sh cluster

# The envd protocol's Go code is generated from e2b/internal/envd/proto by
# Debian's protoc and the plugins pinned in tools/protogen, and committed.
.PHONY: generate check-generate
generate: ## regenerate the envd protocol code (e2b/internal/envd) from its .proto files
	@tools/protogen/generate.sh $(BIN) .

check-generate: deps-test ## fail if the committed envd protocol code differs from what make generate writes
	@tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	tools/protogen/generate.sh $(BIN) "$$tmp"; \
	if ! diff -r -u e2b/internal/envd/filesystem "$$tmp/e2b/internal/envd/filesystem" || \
	   ! diff -r -u e2b/internal/envd/process "$$tmp/e2b/internal/envd/process"; then \
		echo "check-generate: e2b/internal/envd is stale; run make generate and commit the result" >&2; exit 1; \
	fi; echo "check-generate: e2b/internal/envd is up to date"
