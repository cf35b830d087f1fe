/// The typed view of a `@refetchable(queryName:)` fragment: one its handle can fetch again on its
/// own (``FragmentHandle/refetch(_:)``) and, when it holds a `@connection` field, page through
/// (``FragmentHandle/loadNext(_:)``), as Relay's `useRefetchableFragment` and
/// `usePaginationFragment` do.
///
/// `baton generate` writes the conformance with the query it writes for the fragment.
public protocol RefetchableFragment: FragmentView {
    /// The query the compiler wrote to fetch the fragment again, named by `queryName`.
    associatedtype RefetchQuery: GraphQLOperation

    /// How the query reaches the fragment's object, and the variables it declares.
    static var __refetch: RefetchLink { get }
}

/// How a refetchable fragment's query reaches the fragment's object, and the variables it declares.
public struct RefetchLink: Sendable, Hashable {
    /// Where in the query's data the fragment's object is.
    public enum Target: Sendable, Hashable {
        /// The query root: a fragment on the query type.
        case query
        /// `viewer` under the query root.
        case viewer
        /// `node(id: $id)` under the query root.
        case node
    }

    /// Where the fragment's object is.
    public var target: Target
    /// The query's variables, in order (`id` first for a node).
    public var variables: [String]

    /// A link as generated code writes it.
    /// - Parameters:
    ///   - target: Where the fragment's object is.
    ///   - variables: The query's variables.
    @_spi(Generated) public init(target: Target, variables: [String]) {
        self.target = target
        self.variables = variables
    }
}
