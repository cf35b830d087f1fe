/// How GraphQL names become Swift names in generated code.
enum SwiftNames {
    /// Words Swift reserves; an identifier spelled as one is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "Type", "Protocol", "consume", "copy", "discard", "borrowing",
        "consuming", "some", "any",
    ]

    /// An identifier as the label of an argument in a call: without backticks, which Swift
    /// warns are not needed there, but for `inout`, which it cannot read otherwise.
    static func argumentLabel(_ identifier: String) -> String {
        let bare = identifier.hasPrefix("`") ? String(identifier.dropFirst().dropLast()) : identifier
        return bare == "inout" ? identifier : bare
    }

    /// `name` as an identifier: in backticks when Swift reserves it.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `name` with its first letter (after any leading underscores) in upper case: a type name.
    static func upperCamel(_ name: String) -> String {
        guard let index = name.firstIndex(where: { $0 != "_" }) else { return name }
        return name[..<index] + name[index].uppercased() + name[name.index(after: index)...]
    }

    /// `name` with its first letter (after any leading underscores) in lower case: a member name.
    static func lowerCamel(_ name: String) -> String {
        guard let index = name.firstIndex(where: { $0 != "_" }) else { return name }
        return name[..<index] + name[index].lowercased() + name[name.index(after: index)...]
    }

    /// The singular of an English plural, for the element type of a list field (`friends` → `friend`).
    static func singular(_ name: String) -> String {
        let irregular = ["people": "person", "People": "Person", "children": "child", "Children": "Child"]
        for (plural, single) in irregular where name.hasSuffix(plural) {
            return String(name.dropLast(plural.count)) + single
        }
        if name.count > 3, name.hasSuffix("ies") { return String(name.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zes"] where name.hasSuffix(ending) {
            return String(name.dropLast(2))
        }
        if name.count > 1, name.hasSuffix("s"), !name.hasSuffix("ss"), !name.hasSuffix("us"), !name.hasSuffix("is") {
            return String(name.dropLast())
        }
        return name
    }

    /// An enum case name for a GraphQL enum value: `NEW_HOPE` → `newHope`, `inProgress` stays.
    static func enumCase(_ value: String) -> String {
        let isUpperSnake = !value.contains { $0.isLowercase }
        guard isUpperSnake else { return lowerCamel(value) }
        let leading = value.prefix { $0 == "_" }
        let words = value.dropFirst(leading.count).split(separator: "_").map { $0.lowercased() }
        guard let first = words.first else { return value.lowercased() }
        return leading + first + words.dropFirst().map { upperCamel($0) }.joined()
    }

    /// Members every input struct has (`GraphQLInputObject`, `OperationVariables`, `Hashable`),
    /// which an input field or variable must not be named.
    static let inputMemberNames: Set<String> = ["json", "inputJSON", "hashValue"]

    /// Names no generated member may take even in backticks: `self` (a parameter of that name
    /// hides the instance in an initializer), and `none` for an enum case (`x == .none` on an
    /// optional would compare with `Optional.none`).
    static let unusableMemberNames: Set<String> = ["self", "none"]

    /// The Swift member names for `names`, in order: the one rule every schema or document name
    /// that becomes a member follows. A name is kept (in backticks when Swift reserves it) unless
    /// Swift cannot use it (``unusableMemberNames``) or `reserved` holds it (the generated code's
    /// own members); then it takes the first of `name_`, `name2`, `name3`, … that neither another
    /// of `names` nor `reserved` holds, so `json` beside `json_` becomes `json2`.
    static func memberNames(_ names: [String], reserved: Set<String>) -> [String] {
        let written = Set(names)
        var assigned: Set<String> = []
        return names.map { name in
            var member = name
            if unusableMemberNames.contains(name) || reserved.contains(name) || assigned.contains(name) {
                member = unique(name) { written.contains($0) || reserved.contains($0) || assigned.contains($0) }
            }
            assigned.insert(member)
            return identifier(member)
        }
    }

    /// The first of `name`, `name_`, `name2`, `name3`, … that `isTaken` does not refuse.
    static func unique(_ name: String, isTaken: (String) -> Bool) -> String {
        if !isTaken(name) { return name }
        if !isTaken(name + "_") { return name + "_" }
        var number = 2
        while isTaken("\(name)\(number)") { number += 1 }
        return "\(name)\(number)"
    }
}
