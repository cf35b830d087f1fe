/// A selection set compiled for one normalization straight from response bytes: the member keys
/// to recognize in an object it selects, and, per object type, its fields in the order the
/// normalizer of parsed responses (``NormalizerWalk``) visits them, with fragments, conditions
/// and deferrals resolved under the call's variables.
final class SelectionShape {
    /// The members to recognize, as UTF-8: every field's response key at any depth of fragments,
    /// the typename key, and each possible key field's response key.
    let keys: MemberKeys
    /// The same keys as strings.
    let keyNames: [String]
    /// Where the typename key sits in ``keys``.
    let typenameKeyIndex: Int
    /// Whether the fields visited, or the key fields, depend on the object's type: the type must
    /// then be known before the fields are read.
    let typeDependent: Bool
    /// The typename last read for an object of this selection set, with its bytes to match.
    var lastTypename: (name: String, bytes: MemberKeys)?
    /// The key that followed each key (by index; the last entry: the one that began the object)
    /// in the object last read ahead, to expect first when reading ahead again; -1 when none.
    /// Held by pointer: a class's stored `var` is checked for exclusive access at every use.
    let followingKeys: UnsafeMutableBufferPointer<Int>
    private let selections: [Selection]
    private let context: ShapeContext
    private var keyIndexByName: [String: Int] = [:]
    private var byType: [String: TypedShape] = [:]
    private var lastType: (name: String, shape: TypedShape)?

    /// Whether the object is a `@connection` field's, whose `edges` are renamed after the walk.
    private let isConnection: Bool

    init(_ selections: [Selection], context: ShapeContext, isConnection: Bool = false) {
        self.selections = selections
        self.context = context
        self.isConnection = isConnection
        var keys: [String] = []
        var index: [String: Int] = [:]
        func add(_ key: String) -> Int {
            if let found = index[key] { return found }
            index[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }
        var dependsOnType = !context.cacheKeys.fieldsByType.isEmpty
        Self.visitFields(selections, dependsOnType: &dependsOnType) { _ = add($0.responseKey) }
        typenameKeyIndex = add(context.typenameKey)
        for name in context.keyFieldNames {
            _ = add(PlanLookup.responseKey(ofArgumentlessField: name, in: selections) ?? name)
        }
        self.keys = MemberKeys(keys)
        keyNames = keys
        keyIndexByName = index
        typeDependent = dependsOnType
        followingKeys = .allocate(capacity: keys.count + 1)
        followingKeys.initialize(repeating: -1)
    }

    deinit {
        followingKeys.deallocate()
    }

    /// The fields of an object of type `typename`, in visiting order.
    func typed(_ typename: String) -> TypedShape {
        if let lastType, lastType.name == typename { return lastType.shape }
        let shape: TypedShape
        if let found = byType[typename] {
            shape = found
        } else {
            shape = TypedShape(
                fields: flatten(selections, typename: typename, lenient: false),
                keyFields: context.cacheKeys.keyFields(of: typename).map { name in
                    keyIndexByName[PlanLookup.responseKey(ofArgumentlessField: name, in: selections) ?? name] ?? typenameKeyIndex
                })
            byType[typename] = shape
        }
        lastType = (typename, shape)
        return shape
    }

    /// The fields `selections` visits for an object of type `typename`, as
    /// ``NormalizerWalk`` collects them.
    private func flatten(_ selections: [Selection], typename: String, lenient: Bool) -> [ShapeField] {
        var fields: [ShapeField] = []
        for selection in selections {
            switch selection {
            case .field(let field):
                fields.append(
                    ShapeField(
                        field, keyIndex: keyIndexByName[field.responseKey] ?? 0, lenient: lenient || field.isClientField,
                        inConnection: isConnection, context: context))
            case .inlineFragment(let fragment):
                guard fragment.matches(typename: typename) else { continue }
                fields += flatten(fragment.selections, typename: typename, lenient: lenient)
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) else { continue }
                fields += flatten(fragment.selections, typename: typename, lenient: lenient)
            case .condition(let condition):
                guard condition.applies(variables: context.variables) else { continue }
                fields += flatten(condition.selections, typename: typename, lenient: lenient)
            case .deferred(let deferred):
                let inline = deferred.ifVariable.map { context.variables[$0]?.boolValue == false } ?? false
                fields += flatten(deferred.selections, typename: typename, lenient: lenient || !inline)
            }
        }
        return fields
    }

    /// Calls `visit` with every field of `selections` at any depth of fragments, conditions and
    /// deferrals, noting whether any of it depends on the object's type.
    private static func visitFields(_ selections: [Selection], dependsOnType: inout Bool, _ visit: (PlanField) -> Void) {
        for selection in selections {
            switch selection {
            case .field(let field):
                visit(field)
            case .inlineFragment(let fragment):
                if fragment.typeCondition != nil { dependsOnType = true }
                visitFields(fragment.selections, dependsOnType: &dependsOnType, visit)
            case .fragmentSpread(let spread):
                dependsOnType = true
                visitFields(spread.fragment.selections, dependsOnType: &dependsOnType, visit)
            case .condition(let condition):
                visitFields(condition.selections, dependsOnType: &dependsOnType, visit)
            case .deferred(let deferred):
                visitFields(deferred.selections, dependsOnType: &dependsOnType, visit)
            }
        }
    }
}

/// What every shape of one normalization shares: the variables, keys and typename key.
struct ShapeContext {
    let variables: JSONObject
    let cacheKeys: CacheKeys
    let typenameKey: String
    /// Every field name that keys some type: `id`, and each named in ``cacheKeys``.
    let keyFieldNames: [String]

    init(variables: JSONObject, cacheKeys: CacheKeys, typenameKey: String) {
        self.variables = variables
        self.cacheKeys = cacheKeys
        self.typenameKey = typenameKey
        var names = ["id"]
        for fields in cacheKeys.fieldsByType.values {
            for name in fields where !names.contains(name) { names.append(name) }
        }
        keyFieldNames = names
    }
}

/// A selection set's fields for one object type, where its key fields sit among the keys, and
/// the distinct storage keys its fields write (its slots).
final class TypedShape {
    let fields: [ShapeField]
    /// The ``SelectionShape/keys`` index of each key field, in join order.
    let keyFields: [Int]
    /// The storage keys written, each once.
    let slotKeys: [FieldKey]
    /// What a walk needs of each field, by its place in ``fields``, as plain values (the slot
    /// it writes among them): the byte walk reads a field with no reference counted, and needs
    /// the ``ShapeField`` only for a value it must build.
    let steps: [FieldStep]
    /// A record's fields with every slot written, values to be replaced: copying it and
    /// setting the values by ``templateIndices`` builds the fields without hashing a key.
    let template: [FieldKey: FieldValue]
    let templateIndices: [Dictionary<FieldKey, FieldValue>.Index]
    /// The slot of each key, in the order a stored record's fields were last found in; empty
    /// when not known. Records built from one template list their fields in one order.
    var heldOrder: [Int] = []

    init(fields: [ShapeField], keyFields: [Int]) {
        self.fields = fields
        self.keyFields = keyFields
        var slotKeys: [FieldKey] = []
        var slots: [Int] = []
        for field in fields {
            if field.isTypename {
                slots.append(-1)
            } else if let slot = slotKeys.firstIndex(of: field.storageKey) {
                slots.append(slot)
            } else {
                slots.append(slotKeys.count)
                slotKeys.append(field.storageKey)
            }
        }
        var template: [FieldKey: FieldValue] = [:]
        template.reserveCapacity(slotKeys.count)
        for key in slotKeys { template[key] = .scalar(.null) }
        self.slotKeys = slotKeys
        steps = zip(fields, slots).map { field, slot in
            FieldStep(
                keyIndex: field.keyIndex, slot: slot, isTypename: field.isTypename, lenient: field.lenient,
                isScalar: field.isLeaf && field.listDepth == 0)
        }
        self.template = template
        templateIndices = slotKeys.map { key in template.index(forKey: key) ?? template.startIndex }
    }

    /// Puts where `held` holds each slot in `indices` from `base` on (`nil` where it does not):
    /// by the order learned from an earlier record when its keys fall in that order, by lookups
    /// otherwise.
    func locate(_ held: [FieldKey: FieldValue], into indices: inout [Dictionary<FieldKey, FieldValue>.Index?], base: Int) {
        if held.count == slotKeys.count && heldOrder.count == slotKeys.count {
            var index = held.startIndex
            var position = 0
            var inOrder = true
            while index != held.endIndex {
                let slot = heldOrder[position]
                guard slotKeys[slot] == held.keys[index] else {
                    inOrder = false
                    break
                }
                indices[base + slot] = index
                held.formIndex(after: &index)
                position += 1
            }
            if inOrder { return }
        }
        for (slot, key) in slotKeys.enumerated() { indices[base + slot] = held.index(forKey: key) }
        learnOrder(held)
    }

    private func learnOrder(_ held: [FieldKey: FieldValue]) {
        guard held.count == slotKeys.count else { return }
        var order: [Int] = []
        order.reserveCapacity(held.count)
        for key in held.keys {
            guard let slot = slotKeys.firstIndex(of: key) else { return }
            order.append(slot)
        }
        heldOrder = order
    }
}

/// One field of a ``TypedShape`` as the walks step through it: the slot it writes, and what
/// the byte walk checks before it reads the value.
struct FieldStep {
    /// Where its response key sits in ``SelectionShape/keys``.
    let keyIndex: Int
    /// The slot it writes; -1 for `__typename`.
    let slot: Int
    let isTypename: Bool
    /// Whether the member may be absent (a deferred field).
    let lenient: Bool
    /// Whether its value is one scalar (a leaf not in a list), which may be compared with the
    /// stored value as it is read.
    let isScalar: Bool
}

/// One field as the byte normalizer writes it: where its member is, its storage key, and the
/// list nesting and sub-selections of its type.
final class ShapeField {
    /// Where its response key sits in ``SelectionShape/keys``.
    let keyIndex: Int
    /// Whether the member may be absent (a deferred field).
    let lenient: Bool
    /// The member's name in the response.
    let responseKey: String
    /// Whether this is `__typename` (or the client's `__id`), which is the record's own and not
    /// written from the response.
    let isTypename: Bool
    let storageKey: FieldKey
    /// Whether the field is a `@connection`, whose object is identified by its place, so its
    /// pages merge into one record per parent (``ConnectionMerge``).
    let isConnection: Bool
    /// Whether the field is a `@connection`'s `edges`: the merge gives each edge its ID after the
    /// walk (``ConnectionMerge``), so the store holds none at the path an edge is written at.
    let isConnectionEdges: Bool
    /// How many lists wrap the named type; non-null wrappers do not matter here.
    let listDepth: Int
    /// The named type, an object's type when its value has no `__typename`.
    let namedType: String
    /// The sub-selections, compiled; `nil` for a leaf.
    private(set) lazy var child: SelectionShape? =
        selections.isEmpty ? nil : SelectionShape(selections, context: context, isConnection: isConnection)
    let isLeaf: Bool
    private let selections: [Selection]
    private let context: ShapeContext

    init(_ field: PlanField, keyIndex: Int, lenient: Bool, inConnection: Bool, context: ShapeContext) {
        self.keyIndex = keyIndex
        // `__id` is the client's: the store writes it on a connection's record, the server never sends it.
        let isRecordID = field.name == "__id"
        self.lenient = lenient || isRecordID
        responseKey = field.responseKey
        isTypename = field.name == "__typename" || isRecordID
        storageKey = field.storageKey(variables: context.variables)
        isConnection = field.connection != nil
        isConnectionEdges = inConnection && field.name == "edges"
        var depth = 0
        var type = field.type
        while true {
            switch type {
            case .nonNull(let inner):
                type = inner
                continue
            case .list(let inner):
                depth += 1
                type = inner
                continue
            case .named:
                break
            }
            break
        }
        listDepth = depth
        namedType = type.namedType
        selections = field.selections
        isLeaf = field.selections.isEmpty
        self.context = context
    }
}

extension TypedShape {
    /// The fields written for an object whose values sit in `slots` from `base` on, one per
    /// slot key (`nil` where none was written), emptying those slots: a copy of the template
    /// when every slot was written (no key hashed), else built key by key.
    func takeFields(from slots: inout [FieldValue?], base: Int, written: Int) -> [FieldKey: FieldValue] {
        guard written > 0 else { return [:] }
        if written == slotKeys.count {
            var fields = template
            for (slot, index) in templateIndices.enumerated() {
                if let value = slots[base + slot].take() { fields.values[index] = value }
            }
            return fields
        }
        var fields: [FieldKey: FieldValue] = [:]
        fields.reserveCapacity(written)
        for (slot, key) in slotKeys.enumerated() {
            if let value = slots[base + slot].take() { fields[key] = value }
        }
        return fields
    }
}
