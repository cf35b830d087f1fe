#!/usr/bin/env bash
# Starts the reference server on loopback and shows what `baton fetch` prints for a success,
# partial data, a deferred response, a subscription, and each kind of failure.
set -euo pipefail
cd "$(dirname "$0")/.."

baton="$(swift build --show-bin-path)/baton"
server_log="$(mktemp)"
image_dir="$(mktemp -d)"
coproc SERVER { exec TestServer/.venv/bin/python TestServer/server.py --port 0 2>"$server_log"; }
trap 'kill "$SERVER_PID" 2>/dev/null || true; rm -rf "$server_log" "$image_dir"' EXIT
read -r -t 30 word port <&"${SERVER[0]}" || { echo "the reference server did not start:"; cat "$server_log"; exit 1; }
[ "$word" = LISTENING ] || { echo "unexpected line from the server: $word $port"; exit 1; }
endpoint="http://127.0.0.1:$port/graphql"
echo "Reference server on $endpoint"

show() {
    local title="$1"; shift
    echo
    echo "== $title"
    echo "\$ baton fetch $*"
    set +e
    "$baton" fetch "$@"
    local status=$?
    set -e
    echo "(exit $status)"
}

show "Success" --endpoint "$endpoint" --query '{ hello(name: "Baton") }'
show "Partial data: the error keeps extensions.code" --endpoint "$endpoint" --query '{ partial { ok failing } }'
show "A non-null error nulls the nearest nullable parent" --endpoint "$endpoint" --query '{ holder { inner { mustHave } } }'
show "Variables, through URLSession" --endpoint "$endpoint" --transport foundation \
    --variables '{"who": "variables"}' --query 'query Greet($who: String) { hello(name: $who) }'
show "Request error (syntax): the server's errors with locations" --endpoint "$endpoint" --query '{ hello('
show "Transport failure: HTTP 500 with its body" --endpoint "http://127.0.0.1:$port/status/500" --query '{ hello }'
show "Transport failure: nothing listening (status 0, curl's message)" --endpoint "http://127.0.0.1:1/graphql" --query '{ hello }'
show "Malformed response: a body that is not JSON" --endpoint "http://127.0.0.1:$port/not-json" --query '{ hello }'
show "Malformed response: a truncated body" --endpoint "http://127.0.0.1:$port/truncated" --query '{ hello }'
show "Environment failure: no transport can send it" --endpoint "ws://127.0.0.1:$port/graphql" --transport curl --query '{ hello }'
show "@defer: each part as it arrives" --endpoint "$endpoint" \
    --query '{ hello ... @defer(label: "later") { slow(ms: 300) } }'
show "Subscription over SSE" --endpoint "$endpoint" --query 'subscription { countdown(from: 3) { value } }'
show "Subscription over WebSocket, a tick with a field error" --endpoint "ws://127.0.0.1:$port/graphql" --transport ws \
    --query 'subscription { countdown(from: 3, failAt: 2) { value note } }'
show "Subscription whose source fails: a request error ends the stream" --endpoint "$endpoint" \
    --query 'subscription { countdown(from: 3, crashAt: 1) { value } }'

echo
echo "== The Countdown example app: an Environment assembled in code, fetches and a subscription"
echo "\$ Examples/Countdown/.build/debug/Countdown $endpoint"
"$(cd Examples/Countdown && swift build --show-bin-path)/Countdown" "$endpoint"

# The Walkthrough app: its environment from its own baton.json (curl, a SQLite image in a temporary
# directory), then the server stopped, then a second server on a new port for the relaunch.
walkthrough="$(cd Examples/Walkthrough && swift build --show-bin-path)/Walkthrough"
image="$image_dir/walkthrough.sqlite"
echo
echo "== The Walkthrough example app: one app's story, step by step"
echo "\$ Examples/Walkthrough/.build/debug/Walkthrough tour $endpoint $image"
"$walkthrough" tour "$endpoint" "$image"

kill "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
echo
echo "(the reference server on port $port is stopped)"
echo "\$ Walkthrough offline $endpoint $image"
"$walkthrough" offline "$endpoint" "$image"

sleep 1.2 # past the image's expiration (store.options.expiration in Examples/Walkthrough's baton.json)
coproc SERVER { exec TestServer/.venv/bin/python TestServer/server.py --port 0 2>"$server_log"; }
read -r -t 30 word port <&"${SERVER[0]}" || { echo "the reference server did not start again:"; cat "$server_log"; exit 1; }
[ "$word" = LISTENING ] || { echo "unexpected line from the server: $word $port"; exit 1; }
endpoint="http://127.0.0.1:$port/graphql"
echo
echo "(a reference server again, on $endpoint)"
echo "\$ Walkthrough relaunch $endpoint $image"
"$walkthrough" relaunch "$endpoint" "$image"
