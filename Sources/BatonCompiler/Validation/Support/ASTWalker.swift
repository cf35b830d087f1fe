/// Something an ``ASTWalker`` tells about each node on the way in and on the way out.
protocol ASTWalkerVisitor {
    /// Called before a node's children; returns whether to walk them. `depth` is the number of
    /// nodes above this one.
    mutating func enter(_ node: ASTNode, depth: Int) -> Bool
    /// Called after a node's children, when ``enter(_:depth:)`` walked them.
    mutating func leave(_ node: ASTNode, depth: Int)
}

/// A depth-first walk in source order with an explicit stack, so a deep tree built in code cannot
/// exhaust the call stack.
enum ASTWalker {
    private struct Frame {
        let node: ASTNode
        let children: [ASTNode]
        var next = 0
    }

    /// Walks `root` and its descendants.
    /// - Parameters:
    ///   - root: Where to start.
    ///   - visitor: What to tell about each node.
    ///   - shouldStop: Checked after each node; the walk ends once it returns `true`.
    static func walk(_ root: ASTNode, _ visitor: inout some ASTWalkerVisitor, shouldStop: () -> Bool = { false }) {
        guard visitor.enter(root, depth: 0) else { return }
        var frames = [Frame(node: root, children: root.children)]
        while !frames.isEmpty {
            if shouldStop() { return }
            let top = frames.count - 1
            if frames[top].next < frames[top].children.count {
                let child = frames[top].children[frames[top].next]
                frames[top].next += 1
                if visitor.enter(child, depth: frames.count) {
                    frames.append(Frame(node: child, children: child.children))
                }
            } else {
                let finished = frames.removeLast()
                visitor.leave(finished.node, depth: frames.count)
            }
        }
    }
}
