#!/usr/bin/env bash
# Runs the E2B conformance suite: the official JS SDKs (pinned in
# package.json) against cmd/e2blocal. See README.md.
#
#   bash testdata/conformance/run.sh               # the suite
#   RECORD=testdata/e2b bash testdata/conformance/run.sh   # also write /execute goldens
#
# Env: GO (go), NODE (node), NPM (npm), E2BLOCAL_PYTHON (/usr/bin/python3).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
GO="${GO:-go}"
NODE="${NODE:-node}"
NPM="${NPM:-npm}"
python="${E2BLOCAL_PYTHON:-/usr/bin/python3}"

bin="$repo/.bin/e2blocal"
work="$(mktemp -d)"
# The sandboxes' unprivileged users must reach their dirs under $work/root.
chmod 711 "$work"
server_pid=""
cleanup() {
	if [[ -n "$server_pid" ]]; then
		kill -TERM "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! "$python" -c 'import IPython, matplotlib' 2>/dev/null; then
	echo "conformance: $python lacks IPython or matplotlib" >&2
	exit 1
fi

echo "conformance: building cmd/e2blocal"
(cd "$repo" && "$GO" build -o "$bin" ./cmd/e2blocal)

# npm ci only when node_modules is missing or older than the lock file.
stamp="$here/node_modules/.package-lock.json"
if [[ ! -f "$stamp" || "$here/package-lock.json" -nt "$stamp" ]]; then
	echo "conformance: npm ci"
	(cd "$here" && "$NPM" ci --no-audit --no-fund)
fi

: >"$work/stdout"
api_key="conformance-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
"$bin" -listen 127.0.0.1:0 -api-key "$api_key" -python "$python" -root "$work/root" \
	>"$work/stdout" 2>"$work/server.log" &
server_pid=$!

api_url="" sandbox_url=""
for _ in $(seq 1 100); do
	api_url="$(sed -n 's/^E2B_API_URL=//p' "$work/stdout")"
	sandbox_url="$(sed -n 's/^E2B_SANDBOX_URL=//p' "$work/stdout")"
	[[ -n "$api_url" && -n "$sandbox_url" ]] && break
	if ! kill -0 "$server_pid" 2>/dev/null; then
		echo "conformance: e2blocal exited early:" >&2
		cat "$work/server.log" >&2
		exit 1
	fi
	sleep 0.1
done
if [[ -z "$api_url" || -z "$sandbox_url" ]]; then
	echo "conformance: e2blocal printed no URLs within 10 s" >&2
	exit 1
fi
echo "conformance: e2blocal at $api_url"

record=()
if [[ -n "${RECORD:-}" ]]; then
	mkdir -p "$RECORD"
	record=("E2B_CONFORMANCE_RECORD=$(cd "$RECORD" && pwd)")
fi

status=0
(cd "$here" && env E2B_API_URL="$api_url" E2B_SANDBOX_URL="$sandbox_url" E2B_API_KEY="$api_key" \
	E2B_DOMAIN=conformance.invalid E2B_DEBUG=false "${record[@]}" \
	"$NODE" --test --test-reporter=spec conformance.mjs) || status=$?
if [[ $status -ne 0 ]]; then
	echo "conformance: FAILED (exit $status); e2blocal log:" >&2
	tail -n 50 "$work/server.log" >&2
fi
exit "$status"
