import BatonCompiler

/// A readable dump of a value's structure with every `SourceLocation` left out, so two trees can be
/// compared for equality "ignoring locations" and a failure shows where they differ.
func structure(_ value: Any) -> String {
    var lines: [String] = []
    write(value, label: nil, depth: 0, into: &lines)
    return lines.joined(separator: "\n")
}

private func write(_ value: Any, label: String?, depth: Int, into lines: inout [String]) {
    if value is SourceLocation { return }
    let prefix = String(repeating: "  ", count: depth) + (label.map { "\($0): " } ?? "")
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
        if let child = mirror.children.first {
            write(child.value, label: label, depth: depth, into: &lines)
        } else {
            lines.append(prefix + "nil")
        }
    case .struct, .class, .tuple:
        lines.append(prefix + "\(mirror.subjectType)")
        for child in mirror.children {
            write(child.value, label: child.label, depth: depth + 1, into: &lines)
        }
    case .enum:
        if let child = mirror.children.first {
            lines.append(prefix + ".\(child.label ?? "?")")
            write(child.value, label: nil, depth: depth + 1, into: &lines)
        } else {
            lines.append(prefix + ".\(value)")
        }
    case .collection, .set, .dictionary:
        lines.append(prefix + "[")
        for child in mirror.children {
            write(child.value, label: nil, depth: depth + 1, into: &lines)
        }
        lines.append(String(repeating: "  ", count: depth) + "]")
    default:
        lines.append(prefix + String(reflecting: value))
    }
}
