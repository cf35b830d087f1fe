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

let http = CurlTransport(endpoint: endpoint)
let events = StandardErrorEventSink()
// One-shot fetches: each stores its response and returns the typed data (a failure says its kind).
let environment = Environment(transport: http, store: MemoryStore(), events: [events])

let greeting = try await environment.fetch(GreetingQuery(name: .value("Countdown")))
print("hello: \(greeting.hello)")

let partial = try await environment.fetch(PartialStatusQuery())
print("partial.ok: \(partial.partial.ok)")
switch partial.partial.failing {
case .success(let value): print("partial.failing: \(value ?? "null")")
case .failure(let errors): print("partial.failing failed: \(errors.errors.map { $0.code ?? $0.message })")
}

let holder = try await environment.fetch(HolderStatusQuery())
print("holder.name: \(holder.holder?.name ?? "none"), holder.inner: \(holder.holder?.inner == nil ? "null (its non-null field failed)" : "present")")

print("countdown over WebSocket:")
let subscription = CountdownSubscription(from: 3, failAt: .value(2))
let ws = WebSocketTransport(endpoint: webSocket.url ?? endpoint)
for try await payload in ws.send(subscription.request()) {
    let tick = try subscription.data(from: payload, events: events)
    let errors = payload.errors.compactMap(\.code)
    print("  tick \(tick.countdown.value): \(tick.countdown.note ?? "no note") \(errors.isEmpty ? "" : "errors: \(errors)")")
}
print("countdown completed")
