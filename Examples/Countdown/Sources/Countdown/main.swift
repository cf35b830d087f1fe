import BatonCore
import BatonStoreMemory
import BatonTransportCurl
import Foundation

// Usage: Countdown http://127.0.0.1:PORT/graphql
guard let text = CommandLine.arguments.dropFirst().first, let endpoint = URL(string: text),
      var webSocket = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
else {
    print("usage: Countdown http://HOST:PORT/graphql")
    exit(64)
}
webSocket.scheme = endpoint.scheme == "https" ? "wss" : "ws"

// An environment assembled in code, part by part: queries over HTTP (libcurl), subscriptions over
// a WebSocket (graphql-transport-ws), records in memory, and every event on standard error.
let environment = Environment(
    transport: CurlTransport(endpoint: endpoint),
    subscriptionTransport: WebSocketTransport(endpoint: webSocket.url ?? endpoint),
    store: MemoryStore(),
    events: [StandardErrorEventSink()])

// One-shot fetches: each stores its response and returns the typed data (a failure says its kind).
let greeting = try await environment.fetch(GreetingQuery(name: "Countdown"))
print("hello: \(greeting.hello)")

let partial = try await environment.fetch(PartialStatusQuery())
print("partial.ok: \(partial.partial.ok)")
switch partial.partial.failing {
case .success(let value): print("partial.failing: \(value ?? "null")")
case .failure(let errors): print("partial.failing failed: \(errors.errors.map { $0.code ?? $0.message })")
}

let holder = try await environment.fetch(HolderStatusQuery())
print("holder.name: \(holder.holder?.name ?? "none"), holder.inner: \(holder.holder?.inner == nil ? "null (its non-null field failed)" : "present")")

// A subscription through the environment: each tick is stored and becomes the handle's phase, its
// field errors beside it; the handle's connection says connecting, open, waiting or ended.
print("countdown over WebSocket:")
let ticks = environment.subscribe(CountdownSubscription(from: 3, failAt: 2))
var seen = 0
for await snapshot in ticks where snapshot.events > seen {
    seen = snapshot.events
    guard let tick = snapshot.phase.data?.countdown else { continue }
    let codes = snapshot.errors.compactMap(\.code)
    print("  tick \(tick.value): \(tick.note ?? "no note")\(codes.isEmpty ? "" : " errors: \(codes)") (\(snapshot.connection.name))")
}
let ended = await ticks.ended()
print("countdown \(ended.map { "failed: \($0)" } ?? "completed")")
