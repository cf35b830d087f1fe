import BatonCore

/// The Swift type and reader expression of a field property, from the field's schema type and
/// the directives that shape it: `@required`, `@catch`, `@semanticNonNull` under a policy, and
/// `@include`/`@skip`.
struct FieldAccessor {
    /// The property's declared type.
    var type: String
    /// The expression the getter returns (with `try` when it throws).
    var expression: String
    /// The error type the getter throws, if it throws.
    var throwsType: String?

    /// The accessor of `field` in a struct whose policy is `policy`.
    static func make(_ field: FieldModel, policy: Bool, mapping: TypeMapping) -> FieldAccessor {
        let plan = field.field
        let honorsSemantics = policy || plan.catchTo != nil
        let context = Context(
            mapping: mapping,
            semanticLevels: honorsSemantics ? Set(plan.semanticNonNullLevels) : [],
            isRequired: plan.required != nil,
            requiredBubbles: plan.required == RequiredAction.none || plan.required == .log,
            child: field.child)
        let receiver = "__data[\(SwiftLiteral.string(field.responseKey))]"
        var (type, read, isOptional) = context.reader(plan.type, level: 0)
        var throwsType: String?
        var expression: String

        switch (plan.catchTo, plan.required) {
        case (.result?, _):
            type = "Swift.Result<\(type), FieldErrors>"
            expression = "\(receiver).catching { \(read("$0")) }"
            isOptional = false
        case (.null?, _):
            expression = "\(receiver).catchingToNull { \(read("$0")) }"
            if !isOptional { type += "?" }
            isOptional = true
        case (nil, .throw?):
            throwsType = "RequiredFieldError"
            if field.isConditional {
                return FieldAccessor(
                    type: isOptional ? type : type + "?",
                    expression: "try \(receiver).conditionalRequired { \(read("$0")) }",
                    throwsType: throwsType)
            }
            expression = "try \(receiver).required { \(read("$0")) }"
        case (nil, _):
            expression = read(receiver)
            if !field.isConditional, let direct = directRead(expression, receiver: receiver, key: field.responseKey) {
                expression = direct
            }
        }
        if field.isConditional {
            let inner = expression.hasPrefix(receiver) ? "$0" + expression.dropFirst(receiver.count) : read("$0")
            expression = "\(receiver).conditional { \(inner) }"
            if !isOptional { type += "?" }
        }
        return FieldAccessor(type: type, expression: expression, throwsType: throwsType)
    }

    /// The readers ``DataObject`` has for a built-in scalar field read plainly (no directive),
    /// which read the field in one call with no field value made in between.
    private static let directReaders = ["string", "int", "double", "bool"]

    /// `expression`, a plain read of a built-in scalar of `receiver`, as the one-call reader of
    /// the object (`__data.string("name")`, `__data.optionalString("name")`); `nil` for any
    /// other read.
    private static func directRead(_ expression: String, receiver: String, key: String) -> String? {
        let literal = SwiftLiteral.string(key)
        if let direct = directObjectRead(expression, receiver: receiver, literal: literal) { return direct }
        for reader in directReaders {
            if expression == "\(receiver).\(reader)()" { return "__data.\(reader)(\(literal))" }
            if expression == "\(receiver).optional { $0.\(reader)() }" {
                return "__data.optional\(reader.prefix(1).uppercased() + reader.dropFirst())(\(literal))"
            }
        }
        return nil
    }

    /// `expression`, a plain read of an object field (non-null or nullable), or of a non-null
    /// list of non-null objects, as the one-call reader of the object
    /// (`__data.object("owner", Owner.self)`, `__data.objectList("items", Item.self)`).
    private static func directObjectRead(_ expression: String, receiver: String, literal: String) -> String? {
        func typeName(_ text: Substring) -> Substring? {
            guard text.hasSuffix(".self)") else { return nil }
            let name = text.dropLast(".self)".count)
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
            return name
        }
        let forms: [(prefix: String, suffix: String, reader: String)] = [
            ("\(receiver).object(", "", "object"),
            ("\(receiver).optional { $0.object(", " }", "optionalObject"),
            ("\(receiver).list { $0.object(", " }", "objectList"),
        ]
        for form in forms where expression.hasPrefix(form.prefix) && expression.hasSuffix(form.suffix) {
            let middle = expression.dropFirst(form.prefix.count).dropLast(form.suffix.count)
            if let name = typeName(middle) { return "__data.\(form.reader)(\(literal), \(name).self)" }
        }
        return nil
    }

    /// What shapes the reader of one field's type.
    private struct Context {
        let mapping: TypeMapping
        /// The levels `@semanticNonNull` makes non-null here.
        let semanticLevels: Set<Int>
        /// Whether `@required` makes the field itself non-null.
        let isRequired: Bool
        /// Whether the field's `@required` bubbles (NONE or LOG).
        let requiredBubbles: Bool
        let child: SelectionSetModel?

        /// The Swift type, a reader taking its receiver, and whether the type is already optional.
        ///
        /// Recursion follows the list nesting of a schema type.
        func reader(_ type: PlanType, level: Int) -> (String, (String) -> String, Bool) {
            let isNonNull = type.isNonNull || semanticLevels.contains(level) || (level == 0 && isRequired)
            let (core, read, coreOptional) = self.core(type.nullable, level: level)
            if isNonNull { return (core, read, coreOptional) }
            return (coreOptional ? core : core + "?", { "\($0).optional { \(read("$0")) }" }, true)
        }

        private func core(_ type: PlanType, level: Int) -> (String, (String) -> String, Bool) {
            switch type {
            case .list(let element):
                let (elementType, read, _) = reader(element, level: level + 1)
                return ("[\(elementType)]", { "\($0).list { \(read("$0")) }" }, false)
            case .nonNull(let inner):
                return core(inner, level: level)
            case .named(let name):
                if mapping.isLeaf(name) {
                    let swiftType = mapping.swiftType(named: name) ?? "String"
                    let call = mapping.leafReader(named: name)
                    return (swiftType, { "\($0).\(call)" }, false)
                }
                let childName = child?.typeName ?? "DataObject"
                let childBubbles = child?.bubbles ?? false
                // A child whose @required fields bubble reads as nil, unless this field's own
                // @required passes the null on to its parent.
                if childBubbles && !(level == 0 && requiredBubbles) {
                    return (childName + "?", { "\($0).objectIfComplete(\(childName).self)" }, true)
                }
                return (childName, { "\($0).object(\(childName).self)" }, false)
            }
        }
    }
}
