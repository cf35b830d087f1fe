/// A depth-first walk over selections in source order with an explicit stack, so deep selections
/// or long chains of fragments cannot exhaust the call stack.
///
/// The rule drives it: ``next(leaving:)`` gives each selection with the context of the set it is
/// in, and ``descend(into:context:)`` reads a field's, inline fragment's or fragment's selections
/// next, before the rest of the current set, as a recursive walk would. What each set carries
/// (the spread it was reached through, a depth, nothing) is the rule's `Context`.
///
/// ```swift
/// var walker = SelectionWalker(operation.selectionSet.selections)
/// while let (selection, _) = walker.next() {
///     if case .inlineFragment(let fragment) = selection { walker.descend(into: fragment.selectionSet.selections) }
/// }
/// ```
struct SelectionWalker<Context> {
    private struct Frame {
        let selections: [SelectionNode]
        var next = 0
        let context: Context
    }

    private var frames: [Frame]

    /// A walk that starts with `selections`.
    /// - Parameters:
    ///   - selections: the outermost set, an operation's or a field's.
    ///   - context: what that set carries.
    init(_ selections: [SelectionNode], context: Context) {
        frames = [Frame(selections: selections, context: context)]
    }

    /// What the sets being read carry, outermost first; the last is the current selection's set.
    var contexts: [Context] { frames.map(\.context) }

    /// The next selection, or `nil` when the walk is over.
    /// - Parameter leaving: called with the context of each set once all of it was read.
    /// - Returns: the selection, and the context of the set it is in.
    mutating func next(leaving: (Context) -> Void = { _ in }) -> (selection: SelectionNode, context: Context)? {
        while let top = frames.indices.last {
            guard frames[top].next < frames[top].selections.count else {
                leaving(frames.removeLast().context)
                continue
            }
            let selection = frames[top].selections[frames[top].next]
            frames[top].next += 1
            return (selection, frames[top].context)
        }
        return nil
    }

    /// Reads `selections` next, before the rest of the current set.
    /// - Parameters:
    ///   - selections: a field's, an inline fragment's or a fragment's selections.
    ///   - context: what they carry.
    mutating func descend(into selections: [SelectionNode], context: Context) {
        frames.append(Frame(selections: selections, context: context))
    }
}

extension SelectionWalker where Context == Void {
    /// A walk that starts with `selections`, its sets carrying nothing.
    /// - Parameter selections: the outermost set.
    init(_ selections: [SelectionNode]) {
        self.init(selections, context: ())
    }

    /// Reads `selections` next, before the rest of the current set.
    /// - Parameter selections: a field's, an inline fragment's or a fragment's selections.
    mutating func descend(into selections: [SelectionNode]) {
        descend(into: selections, context: ())
    }
}
