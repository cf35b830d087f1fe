import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// What an environment reports of a failing fetch never carries the headers or variables it was
/// given, and its events never carry text the server sent: through the curl and Foundation
/// transports over HTTP and over WebSocket, every event's words and fields and every failure's
/// description are searched for planted secrets.
@Suite struct EnvironmentSecretsTests {
    static let secrets = ["PLANTED-TOKEN-7f3a", "PLANTED-COOKIE-91c2", "PLANTED-KEY-5d0e", "PLANTED-VARIABLE-b64f"]
    static let headers = [
        HeaderField(name: "Authorization", value: "Bearer \(secrets[0])"), HeaderField(name: "Cookie", value: "session=\(secrets[1])"),
        HeaderField(name: "X-Api-Key", value: secrets[2]),
    ]
    /// Text the failing routes send (TestServer's faults.py and ws_frames.py).
    static let bodyTexts = ["upstream said no", "on purpose", "Not JSON", "Oops", "Item number"]

    /// Everything an event says: its summary and each field its accessors give.
    func words(_ event: Event) -> String {
        let kind = event.kind
        var parts = [kind.summary, kind.name, event.operationName ?? ""]
        if let (failureKind, message) = kind.fetchFailure { parts += [failureKind.rawValue, message] }
        if let field = kind.missingField { parts += [field.owner, field.record.rawValue, field.field.rawValue] }
        if let (field, message) = kind.unexpectedField { parts += [field.owner, field.record.rawValue, message] }
        if let (owner, path) = kind.requiredField { parts += [owner, path] }
        if let (path, code) = kind.fieldError { parts += path.map(\.description) + [code ?? ""] }
        return parts.joined(separator: " ")
    }

    func transports(_ server: ReferenceServer) -> [(String, any Transport)] {
        let routes = ["/status/500", "/status/502", "/status/401?body=text", "/not-json", "/truncated", "/truncated?incomplete=1", "/drop"]
        var transports: [(String, any Transport)] = []
        for route in routes {
            transports.append(("curl \(route)", CurlTransport(endpoint: server.url(route))))
            transports.append(("foundation \(route)", FoundationTransport(endpoint: server.url(route))))
        }
        for path in ["/ws-drop?after=1", "/ws-frames?mask=1", "/ws-frames?closeAfter=1&closeCode=4500", "/status/404"] {
            let endpoint = URL(string: "ws://127.0.0.1:\(server.port)\(path)") ?? server.webSocketURL
            transports.append(("ws \(path)", WebSocketTransport(endpoint: endpoint, options: .init(headers: Self.headers))))
        }
        return transports
    }

    @Test func noEventOrFailureOfAFailingFetchCarriesASecret() async throws {
        let server = try await ReferenceServer.shared()
        for (name, transport) in transports(server) {
            let recorder = RecordingEventSink()
            let environment = Environment(
                transport: transport, store: MemoryStore(), events: [recorder], options: Environment.Options(headers: Self.headers))
            let handle = environment.watch(NoteQuery(id: Self.secrets[3]))
            let snapshot = try await handle.first { if case .failed = $0.fetch { return true } else { return false } }
            guard case .failed(let failure, _) = snapshot.fetch else { continue }
            for description in [failure.description, String(describing: failure), String(reflecting: failure)] {
                for secret in Self.secrets {
                    #expect(!description.contains(secret), "\(name): the failure carries \(secret): \(description)")
                }
            }
            let events = recorder.events
            #expect(events.contains { $0.kind.fetchFailure != nil }, "\(name): no fetch.failed among \(events.map(\.kind.name))")
            for event in events {
                let said = words(event)
                for text in Self.secrets + Self.bodyTexts {
                    #expect(!said.contains(text), "\(name): an event carries \"\(text)\": \(said)")
                }
            }
        }
    }
}
