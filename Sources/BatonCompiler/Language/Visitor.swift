/// What a visitor wants next after seeing a node.
public enum VisitAction: Sendable, Hashable {
    /// Go on into the node's children.
    case `continue`
    /// Leave the node's children out (and do not call `leave` for the node).
    case skipChildren
    /// End the walk.
    case stop
}

/// Something that walks an AST, told about each node on the way in and on the way out, as
/// graphql-js's `visit` tells its visitors. Both requirements have default implementations that
/// do nothing and continue.
public protocol ASTVisitor {
    /// Called before a node's children; `ancestors` runs from the root to the node's parent.
    mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction
    /// Called after a node's children, unless `enter` skipped them; `.skipChildren` means `.continue` here.
    mutating func leave(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction
}

extension ASTVisitor {
    /// Does nothing and goes on into the children.
    public mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction { .continue }
    /// Does nothing and goes on.
    public mutating func leave(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction { .continue }
}

extension ASTNode {
    /// Walks this node and its descendants depth-first, in source order.
    ///
    /// The walk recurses once per level of the tree; parsed documents are bounded by the parser's
    /// nesting limit.
    /// - Parameter visitor: The visitor to tell about each node.
    public func walk(_ visitor: inout some ASTVisitor) {
        var ancestors: [ASTNode] = []
        _ = Self.walk(self, &visitor, &ancestors)
    }

    /// Returns `false` once the visitor has asked to stop.
    private static func walk(_ node: ASTNode, _ visitor: inout some ASTVisitor, _ ancestors: inout [ASTNode]) -> Bool {
        switch visitor.enter(node, ancestors: ancestors) {
        case .stop: return false
        case .skipChildren: return true
        case .continue: break
        }
        ancestors.append(node)
        for child in node.children {
            if !walk(child, &visitor, &ancestors) { return false }
        }
        ancestors.removeLast()
        return visitor.leave(node, ancestors: ancestors) != .stop
    }
}

extension DocumentNode {
    /// Walks the document depth-first, in source order; see ``ASTNode/walk(_:)``.
    /// - Parameter visitor: The visitor to tell about each node.
    public func walk(_ visitor: inout some ASTVisitor) {
        ASTNode.document(self).walk(&visitor)
    }
}
