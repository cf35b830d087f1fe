import Testing

@testable import BatonCompiler

@Suite struct SelectionWalkerTests {
    /// The selections of the document's only operation.
    func selections(_ text: String) throws -> [SelectionNode] {
        try #require(try Parser.parse(text).operations.first).selectionSet.selections
    }

    func name(_ selection: SelectionNode) -> String {
        switch selection {
        case .field(let field): field.responseKey
        case .fragmentSpread(let spread): "...\(spread.name.value)"
        case .inlineFragment(let fragment): "... on \(fragment.typeCondition?.name.value ?? "")"
        }
    }

    @Test func readsWhatItDescendsIntoBeforeTheRestOfTheSet() throws {
        var walker = SelectionWalker(try selections("{ a { b c } ... on T { d } e }"))
        var seen: [String] = []
        while let (selection, _) = walker.next() {
            seen.append(name(selection))
            switch selection {
            case .field(let field): if let set = field.selectionSet { walker.descend(into: set.selections) }
            case .inlineFragment(let fragment): walker.descend(into: fragment.selectionSet.selections)
            case .fragmentSpread: break
            }
        }
        #expect(seen == ["a", "b", "c", "... on T", "d", "e"])
    }

    @Test func givesEachSelectionItsSetsContextAndTellsWhenASetIsDone() throws {
        var walker = SelectionWalker(try selections("{ a { b { c } } d }"), context: "root")
        var seen: [String] = []
        var stacks: [[String]] = []
        while let (selection, context) = walker.next(leaving: { seen.append("leave \($0)") }) {
            seen.append("\(name(selection)) in \(context)")
            stacks.append(walker.contexts)
            if case .field(let field) = selection, let set = field.selectionSet {
                walker.descend(into: set.selections, context: field.responseKey)
            }
        }
        #expect(seen == ["a in root", "b in a", "c in b", "leave b", "leave a", "d in root", "leave root"])
        #expect(stacks == [["root"], ["root", "a"], ["root", "a", "b"], ["root"]])
    }

    @Test func followsAChainOfFragmentsLongerThanTheCallStackWouldAllow() throws {
        let count = 50_000
        let fragments = (0..<count).map { "fragment F\($0) on T { a\($0) ...F\($0 + 1) }" }
        let document = try Parser.parse(Source("{ ...F0 }\n" + fragments.joined(separator: "\n")), maxTokens: .max)
        let byName = Dictionary(uniqueKeysWithValues: document.fragments.map { ($0.name.value, $0) })
        var walker = SelectionWalker(try #require(document.operations.first).selectionSet.selections, context: 0)
        var deepest = 0
        var fields = 0
        while let (selection, depth) = walker.next() {
            deepest = max(deepest, depth)
            switch selection {
            case .field: fields += 1
            case .fragmentSpread(let spread):
                if let fragment = byName[spread.name.value] { walker.descend(into: fragment.selectionSet.selections, context: depth + 1) }
            case .inlineFragment: break
            }
        }
        #expect(deepest == count)
        #expect(fields == count)
    }
}
