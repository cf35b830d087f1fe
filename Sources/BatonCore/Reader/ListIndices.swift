/// The list indices from a field down to one element of a list (of lists): the last index
/// held inline, so the elements of a plain list carry their place without an allocation each.
struct ListIndices: Sendable, Hashable {
    private final class Outer: Sendable, Hashable {
        let indices: [Int]

        init(_ indices: [Int]) {
            self.indices = indices
        }

        static func == (lhs: Outer, rhs: Outer) -> Bool { lhs.indices == rhs.indices }

        func hash(into hasher: inout Hasher) { hasher.combine(indices) }
    }

    /// The indices above the last one, for a list of lists; `nil` (nothing to copy or
    /// release) for a plain list.
    private var outer: Outer?
    /// The last index; `-1` at the field itself.
    private var last = -1

    /// No index: the field itself.
    static let none = ListIndices()

    /// Whether this is the field itself, no list element.
    var isEmpty: Bool { last < 0 }

    /// One step further down, at element `index`.
    func appending(_ index: Int) -> ListIndices {
        var next = self
        if last >= 0 { next.outer = Outer((outer?.indices ?? []) + [last]) }
        next.last = index
        return next
    }

    /// The indices in order, from the field down.
    var all: [Int] { isEmpty ? [] : (outer?.indices ?? []) + [last] }

    /// Appends the indices, in order, to a response path.
    func append(to path: inout [GraphQLError.PathElement]) {
        guard !isEmpty else { return }
        for index in outer?.indices ?? [] { path.append(.index(index)) }
        path.append(.index(last))
    }
}
