/// Numbers selection sets by what they say, not where they are: two sets that select the same
/// fields, with the same aliases, arguments and directives, the same inline fragments and the
/// same spreads, nested alike, get one number.
///
/// The field-merging rule compares sets that a screen repeats (the same `metas` under every card
/// type) once per pair of contents instead of once per pair of places.
final class SelectionSetContents {
    /// One selection as its content: names, printed arguments and directives, and the number of
    /// its selection set.
    private enum Shape: Hashable {
        case field(alias: String?, name: String, arguments: [String], directives: [String], selections: Int?)
        case inlineFragment(typeCondition: String?, directives: [String], selections: Int)
        case fragmentSpread(name: String, directives: [String])
    }

    private var numbers: [[Shape]: Int] = [:]
    private var numbersByPlace: [SelectionSetKey: Int] = [:]

    /// The number of `selectionSet`'s content.
    ///
    /// Recursion follows the selection sets' nesting, which the parser bounds.
    func number(_ selectionSet: SelectionSetNode) -> Int {
        let place = SelectionSetKey(selectionSet)
        if let place, let known = numbersByPlace[place] { return known }
        let shapes = selectionSet.selections.map { selection -> Shape in
            switch selection {
            case .field(let field):
                return .field(
                    alias: field.alias?.value, name: field.name.value, arguments: field.arguments.map(Printer.print),
                    directives: field.directives.map(Printer.print), selections: field.selectionSet.map { self.number($0) })
            case .inlineFragment(let fragment):
                return .inlineFragment(
                    typeCondition: fragment.typeCondition?.name.value, directives: fragment.directives.map(Printer.print),
                    selections: number(fragment.selectionSet))
            case .fragmentSpread(let spread):
                return .fragmentSpread(name: spread.name.value, directives: spread.directives.map(Printer.print))
            }
        }
        let assigned = numbers[shapes] ?? numbers.count
        numbers[shapes] = assigned
        if let place { numbersByPlace[place] = assigned }
        return assigned
    }
}
