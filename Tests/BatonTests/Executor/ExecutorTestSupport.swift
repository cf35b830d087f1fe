import Baton
@_spi(Generated) @_spi(Transport) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation

/// A response from JSON text, as a transport would yield it.
func recordedResponse(_ text: String) throws -> GraphQLResponse {
    try GraphQLResponse(json: JSONValue(parsing: text))
}

/// The reference server's answer to `NoteQuery(id:)`, as JSON text.
func noteAnswer(id: String, text: String, field: String = "note") -> String {
    #"{"data":{"\#(field)":{"__typename":"Note","id":"\#(id)","text":"\#(text)"}}}"#
}

/// An environment over a memory store and `transport`, recording its events.
func recordedEnvironment(_ transport: any Transport) -> (Environment, MemoryStore, RecordingEventSink) {
    let store = MemoryStore()
    let events = RecordingEventSink()
    return (Environment(transport: transport, store: store, events: [events]), store, events)
}

/// Answers every exchange at once with `body` as a 200 `application/graphql-response+json`:
/// the HTTP transports' real decoding, in process.
struct CannedBodyClient: GraphQLHTTPClient {
    let body: [UInt8]

    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let head = GraphQLHTTPResponseHead(
            statusCode: 200, headers: [HeaderField(name: "Content-Type", value: "application/graphql-response+json")])
        return AsyncThrowingStream { continuation in
            continuation.yield(.head(head))
            continuation.yield(.body(body))
            continuation.finish()
        }
    }
}

/// A transport's own error, to check it arrives unchanged.
struct RecordedTransportFault: Error, Equatable {
    var code: Int
}

/// Answers each request with what `answer` gives for it, after the pause it gives, whether or
/// not the request was cancelled meanwhile (as a server that already sent its answer).
final class AnsweringTransport: Transport {
    let answer: @Sendable (GraphQLRequest) throws -> (GraphQLResponse, Duration?)
    private let sent = Locked<[GraphQLRequest]>([])

    init(_ answer: @escaping @Sendable (GraphQLRequest) throws -> (GraphQLResponse, Duration?)) {
        self.answer = answer
    }

    var requests: [GraphQLRequest] { sent.withLock { $0 } }

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        sent.withLock { $0.append(request) }
        let answer = answer
        return AsyncThrowingStream { continuation in
            Task.detached {
                do {
                    let (response, pause) = try answer(request)
                    if let pause { try? await Task.sleep(for: pause) }
                    continuation.yield(response)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }
}

/// Answers as `base` does, but while closed holds each request until ``open()``: a test reads
/// what a handle shows with its fetch in flight without racing the fetch.
final class HeldTransport: Transport {
    private let base: any Transport
    private let gate = Locked<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((true, []))

    init(_ base: any Transport) {
        self.base = base
    }

    func close() {
        gate.withLock { $0.isOpen = false }
    }

    func open() {
        let waiting = gate.withLock { gate in
            gate.isOpen = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for request in waiting { request.resume() }
    }

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let (base, gate) = (base, gate)
        return AsyncThrowingStream { continuation in
            let task = Task {
                await withCheckedContinuation { (held: CheckedContinuation<Void, Never>) in
                    let isOpen = gate.withLock { gate in
                        if !gate.isOpen { gate.waiting.append(held) }
                        return gate.isOpen
                    }
                    if isOpen { held.resume() }
                }
                do {
                    for try await response in base.send(request) { continuation.yield(response) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
