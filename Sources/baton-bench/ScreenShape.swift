/// A screen-sized query and its schema, for measuring what the Swift compiler makes of generated
/// code: `sections` through a union of section types, each with `cards` through a union of card
/// types, each with `metas` through a union of meta types, so the document holds
/// `sections × cards × metas` type conditions at the innermost level, every one selecting `id`
/// and a few fields. Written the same way every run.
struct ScreenShape: CustomStringConvertible {
    /// Section types, each a type condition under `sections`.
    var sections: Int
    /// Card types, each a type condition under every section's `cards`.
    var cards: Int
    /// Meta types, each a type condition under every card's `metas`.
    var metas: Int

    /// `S×C×M`, as rows name the shape.
    var description: String { "\(sections)x\(cards)x\(metas)" }

    /// The shape `S×C×M` (or `SxCxM`), when each part is a positive number.
    init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" }).compactMap { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 > 0 }) else { return nil }
        self.init(sections: parts[0], cards: parts[1], metas: parts[2])
    }

    init(sections: Int, cards: Int, metas: Int) {
        self.sections = sections
        self.cards = cards
        self.metas = metas
    }

    /// The schema's SDL: the three unions and their member types.
    var schema: String {
        var lines = ["type Query { sections: [Section!]! }"]
        lines.append("union Section = " + (0..<sections).map { "Section\($0)" }.joined(separator: " | "))
        lines.append("union Card = " + (0..<cards).map { "Card\($0)" }.joined(separator: " | "))
        lines.append("union Meta = " + (0..<metas).map { "Meta\($0)" }.joined(separator: " | "))
        for index in 0..<sections {
            lines.append("type Section\(index) { id: ID! title: String! subtitle: String cards: [Card!]! }")
        }
        for index in 0..<cards {
            lines.append("type Card\(index) { id: ID! title: String! imageURL: String metas: [Meta!]! }")
        }
        for index in 0..<metas {
            lines.append("type Meta\(index) { id: ID! label: String! value: Int }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The operation `Screen`, one type condition per member at each level.
    var document: String {
        var text = "query Screen {\n  sections {\n"
        for section in 0..<sections {
            text += "    ... on Section\(section) {\n      id\n      title\n      subtitle\n      cards {\n"
            for card in 0..<cards {
                text += "        ... on Card\(card) {\n          id\n          title\n          imageURL\n          metas {\n"
                for meta in 0..<metas {
                    text += "            ... on Meta\(meta) { id label value }\n"
                }
                text += "          }\n        }\n"
            }
            text += "      }\n    }\n"
        }
        return text + "  }\n}\n"
    }
}
