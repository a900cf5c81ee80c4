# syntax=docker/dockerfile:1
#
# Images for docker-compose.yml, all built from this repository:
#   worker        the Temporal worker (and the starter CLI), static, non-root
#   e2blocal      the local E2B-compatible sandbox server, with Debian's Python stack
#   scriptedmodel the scripted OpenAI-compatible model server, with testdata/scripts
#
#   docker build --target worker -t durable-analyst-worker .

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOFLAGS=-trimpath
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    go build -o /out/ ./worker ./starter ./cmd/e2blocal ./cmd/scriptedmodel

FROM gcr.io/distroless/static-debian12:nonroot AS worker
COPY --from=build /out/worker /out/starter /usr/local/bin/
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/worker"]

FROM gcr.io/distroless/static-debian12:nonroot AS scriptedmodel
COPY --from=build /out/scriptedmodel /usr/local/bin/
COPY testdata/scripts /srv/scripts
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/scriptedmodel", "-listen", "0.0.0.0:8080", "-scripts", "/srv/scripts"]

FROM debian:12-slim AS e2blocal
RUN apt-get update \
 && apt-get install -y --no-install-recommends bubblewrap python3-ipython python3-pandas python3-matplotlib \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/e2blocal /usr/local/bin/
EXPOSE 8080
# bubblewrap needs user namespaces, which Docker's default seccomp profile
# usually denies; "auto" then falls back to plain processes with a warning.
ENTRYPOINT ["/usr/local/bin/e2blocal", "-listen", "0.0.0.0:8080", "-isolation", "auto"]
