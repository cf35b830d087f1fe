/// One object's selections compiled for one read: every field selected through fragments,
/// conditions and deferrals, flattened in order, with its storage key resolved under the read's
/// variables and the conditions that hold already applied. The walk and the accessors of data
/// read from records go through it instead of searching (and copying) the plan's selections.
final class ReadSelections: Sendable {
    /// One field selected on the object; a class, so the walk and the accessors going through
    /// the entries copy one reference per field, not six.
    final class Entry: Sendable {
        /// The response key.
        let responseKey: String
        /// The storage key, under the read's variables.
        let key: FieldKey
        let isTypename: Bool
        /// Whether the field is the client's: absent until the app writes it, not missing.
        let isClientField: Bool
        /// What the client field reads as until the app writes it, when its definition says.
        let clientDefault: JSONValue?
        /// Whether the compiler added the field for the runtime (``PlanField/isHidden``): read,
        /// so the records below it are seen, but never missing.
        let isHidden: Bool
        /// The type conditions of the fragments around the field; all must hold.
        let typeConditions: [TypeCondition]
        /// The fragment whose selection it is, when a spread brought it in; `nil`: the object's owner.
        let owner: String?
        /// The deferred fragments around the field, by their place in ``ReadSelections/deferrals``.
        let deferrals: [Int]
        /// The selections of the object below, for an object field.
        let child: ReadSelections?

        init(
            responseKey: String, key: FieldKey, isTypename: Bool, isClientField: Bool = false, clientDefault: JSONValue? = nil,
            isHidden: Bool = false, typeConditions: [TypeCondition], owner: String?, deferrals: [Int], child: ReadSelections?
        ) {
            self.responseKey = responseKey
            self.key = key
            self.isTypename = isTypename
            self.isClientField = isClientField
            self.clientDefault = clientDefault
            self.isHidden = isHidden
            self.typeConditions = typeConditions
            self.owner = owner
            self.deferrals = deferrals
            self.child = child
        }
    }

    /// A fragment's type condition.
    struct TypeCondition: Sendable {
        let typeCondition: String?
        let possibleTypes: Set<String>
        /// Whether it is a spread's, which also holds for the condition's own type.
        let isSpread: Bool

        func holds(for typename: String) -> Bool {
            if isSpread { return typeCondition == typename || possibleTypes.contains(typename) }
            return typeCondition == nil || possibleTypes.contains(typename)
        }
    }

    let entries: [Entry]
    /// The response keys of ``entries``, in the same order, for a search that copies nothing else.
    let keys: [String]
    /// The entries by storage key, for matching a record's fields to them.
    let matchTable: FieldMatchTable
    /// For each entry, whether it alone has its response key and no type condition: what the
    /// record holds there is the value of that key, with nothing to check or merge.
    let isDirect: [Bool]
    /// For each entry, whether it is a leaf with no type condition, no deferral and not
    /// `__typename`: a scalar the record holds for it is all the walk has to find.
    let isPlainLeaf: [Bool]
    /// For each deferred fragment, the storage keys of every field under it: the fragment has
    /// arrived on a record holding any of them.
    let deferrals: [[FieldKey]]

    private init(entries: [Entry], deferrals: [[FieldKey]]) {
        self.entries = entries
        keys = entries.map(\.responseKey)
        matchTable = FieldMatchTable(entries.map(\.key))
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        isDirect = entries.map { counts[$0.responseKey] == 1 && $0.typeConditions.isEmpty }
        isPlainLeaf = entries.map { $0.child == nil && $0.typeConditions.isEmpty && $0.deferrals.isEmpty && !$0.isTypename }
        self.deferrals = deferrals
    }

    /// No selections: what an object is read by where the plan selects nothing on it (a link
    /// where the plan has a leaf), for every read, which nodes refer to unretained.
    static let none = ReadSelections([], variables: JSONObject())

    /// `selections` compiled under `variables`.
    convenience init(_ selections: [Selection], variables: JSONObject) {
        var builder = Builder(variables: variables)
        builder.add(selections, typeConditions: [], owner: nil, deferrals: [])
        self.init(entries: builder.entries, deferrals: builder.deferrals)
    }

    /// The selections of two objects read at one place (one response key selected twice), as one.
    func merged(with other: ReadSelections) -> ReadSelections {
        let offset = deferrals.count
        let shifted = other.entries.map { entry in
            Entry(
                responseKey: entry.responseKey, key: entry.key, isTypename: entry.isTypename, isHidden: entry.isHidden,
                typeConditions: entry.typeConditions, owner: entry.owner, deferrals: entry.deferrals.map { $0 + offset },
                child: entry.child)
        }
        return ReadSelections(entries: entries + shifted, deferrals: deferrals + other.deferrals)
    }

    /// Whether every one of `conditions` holds for an object of type `typename`.
    static func holds(_ conditions: [TypeCondition], for typename: String) -> Bool {
        for condition in conditions where !condition.holds(for: typename) { return false }
        return true
    }

    /// Whether the deferred fragment `index` has arrived on `record`.
    func hasArrived(_ index: Int, in record: StoreRecord) -> Bool {
        deferrals[index].contains { record.fields[$0] != nil }
    }

    private struct Builder {
        let variables: JSONObject
        var entries: [Entry] = []
        var deferrals: [[FieldKey]] = []

        mutating func add(_ selections: [Selection], typeConditions: [TypeCondition], owner: String?, deferrals around: [Int]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    let child = field.selections.isEmpty ? nil : ReadSelections(field.selections, variables: variables)
                    entries.append(
                        Entry(
                            responseKey: field.responseKey, key: field.storageKey(variables: variables),
                            isTypename: field.name == "__typename", isClientField: field.isClientField,
                            clientDefault: field.clientDefault, isHidden: field.isHidden, typeConditions: typeConditions, owner: owner,
                            deferrals: around, child: child))
                case .inlineFragment(let fragment):
                    let condition = TypeCondition(
                        typeCondition: fragment.typeCondition, possibleTypes: fragment.possibleTypes, isSpread: false)
                    add(fragment.selections, typeConditions: typeConditions + [condition], owner: owner, deferrals: around)
                case .fragmentSpread(let spread):
                    let fragment = spread.fragment
                    let condition = TypeCondition(
                        typeCondition: fragment.typeCondition, possibleTypes: fragment.possibleTypes, isSpread: true)
                    add(fragment.selections, typeConditions: typeConditions + [condition], owner: fragment.name, deferrals: around)
                case .condition(let condition):
                    guard condition.applies(variables: variables) else { continue }
                    add(condition.selections, typeConditions: typeConditions, owner: owner, deferrals: around)
                case .deferred(let deferred):
                    var keys: [FieldKey] = []
                    Self.storageKeys(deferred.selections, variables: variables, into: &keys)
                    deferrals.append(keys)
                    add(deferred.selections, typeConditions: typeConditions, owner: owner, deferrals: around + [deferrals.count - 1])
                }
            }
        }

        /// The storage keys of every field `selections` select, through every fragment,
        /// condition and deferral, `__typename` left out: what a deferred fragment's arrival is told by.
        static func storageKeys(_ selections: [Selection], variables: JSONObject, into keys: inout [FieldKey]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if field.name != "__typename" { keys.append(field.storageKey(variables: variables)) }
                case .inlineFragment(let fragment): storageKeys(fragment.selections, variables: variables, into: &keys)
                case .fragmentSpread(let spread): storageKeys(spread.fragment.selections, variables: variables, into: &keys)
                case .condition(let condition): storageKeys(condition.selections, variables: variables, into: &keys)
                case .deferred(let deferred): storageKeys(deferred.selections, variables: variables, into: &keys)
                }
            }
        }
    }
}
