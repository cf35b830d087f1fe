import struct Foundation.URLError

extension Failure {
    /// The failure in the words an event may carry (`fetch.failed`): its kind and what Baton or
    /// the transport said of the connection, never text the server sent (a body, an error's
    /// message, a close reason) and never what the request carried.
    ///
    /// The failure itself keeps all of it, for the app that reads it: a body, the server's
    /// messages, an ingest error's detail. Events go to logs, which are read by others.
    package var eventMessage: String {
        switch self {
        case .transport(let error):
            return "transport: \(Self.connectionWords(error))"
        case .request(let errors):
            let codes = errors.compactMap(\.code)
            let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
            return "request error: \(count)" + (codes.isEmpty ? "" : " (\(codes.joined(separator: ", ")))")
        case .malformed(let error):
            return "malformed response: \(error.code)"
        case .environment(let error):
            return "environment: \(error.message)"
        }
    }

    /// What a transport's error says without what the server sent: a status without its body, a
    /// close code without its reason, and for an error of a type Baton does not know, its type.
    private static func connectionWords(_ error: any Error) -> String {
        switch error {
        case let error as TransportError:
            // Status 0: the body is the transport's own account of the connection.
            return error.statusCode == 0 ? "no response: \(error.body)" : "HTTP \(error.statusCode)"
        case let error as WebSocketError:
            return "WebSocket \(error.code)" + (error.closeCode.map { " (close code \($0))" } ?? "")
        case let error as URLError:
            return "URLError \(error.code.rawValue)"
        case is CancellationError:
            return "cancelled"
        default:
            return "\(type(of: error))"
        }
    }
}
