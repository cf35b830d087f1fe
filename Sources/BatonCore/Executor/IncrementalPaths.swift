/// The bookkeeping of incremental delivery (`@defer`, `@stream`): the paths the `pending` entries
/// announced, by id, so a later part is written where it belongs.
struct IncrementalPaths: Sendable {
    private var announced: [String: [GraphQLError.PathElement]] = [:]

    /// Adds the `pending` entries `response` announces.
    mutating func remember(_ response: GraphQLResponse) {
        for entry in (try? response.pending) ?? [] { announced[entry.id] = entry.path }
    }

    /// Where `part` goes in the response: its own `path` (the older format), else the path its
    /// `id` announced followed by its `subPath`; `nil` when neither is known.
    func path(of part: IncrementalResult) -> [GraphQLError.PathElement]? {
        if let path = part.path { return path }
        return part.id.flatMap { announced[$0] }.map { $0 + (part.subPath ?? []) }
    }
}
