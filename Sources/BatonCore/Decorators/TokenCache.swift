/// The token an ``AuthenticatingTransport`` sends, fetched once for everyone who asks at the
/// same time (single flight), and refreshed once for every request the old one failed.
final class TokenCache: Sendable {
    private struct State {
        /// The token requests go with now.
        var current: String?
        /// The fetch or refresh under way, which every request asking meanwhile waits for.
        var pending: Task<String, any Error>?
        /// The last refresh that failed: the token it was to replace and its error, which every
        /// request that failed with that token gets, rather than a refresh of its own.
        var failed: (rejected: String?, error: any Error)?
    }

    private let provider: @Sendable (_ rejected: String?) async throws -> String
    private let state = Locked(State())

    init(provider: @escaping @Sendable (_ rejected: String?) async throws -> String) {
        self.provider = provider
    }

    /// The token to send: the current one, or the one being fetched.
    func token() async throws -> String {
        try await wait(for: nil, refreshing: false)
    }

    /// A token to replace `rejected`, which the server refused: the current one when another
    /// request already replaced it, the refresh under way, or a refresh started now.
    /// - Throws: the provider's own error, when the refresh failed.
    func refreshed(after rejected: String) async throws -> String {
        try await wait(for: rejected, refreshing: true)
    }

    private enum Next {
        case token(String)
        case waiting(Task<String, any Error>)
    }

    private func wait(for rejected: String?, refreshing: Bool) async throws -> String {
        let shared = state
        let next = try state.withLock { state throws -> Next in
            if let current = state.current, !refreshing || current != rejected { return .token(current) }
            if let pending = state.pending { return .waiting(pending) }
            if refreshing, let failed = state.failed, failed.rejected == rejected { throw failed.error }
            let task = Task { [provider] in
                do {
                    let token = try await provider(rejected)
                    shared.withLock { $0 = State(current: token) }
                    return token
                } catch {
                    shared.withLock { $0 = State(failed: (rejected, error)) }
                    throw error
                }
            }
            state.pending = task
            return .waiting(task)
        }
        switch next {
        case .token(let token): return token
        case .waiting(let task): return try await task.value
        }
    }
}
