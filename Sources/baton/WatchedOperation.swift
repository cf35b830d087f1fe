@_spi(Generated) import BatonCore

/// The one operation `baton fetch --watch` holds, planned at run time from the command line's
/// document: an operation type whose static members are read from what the command planned.
struct WatchedOperation: GraphQLOperation {
    /// What the command planned, set once before the first handle is made.
    struct Planned: Sendable {
        var document: String
        var operationName: String
        var plan: OperationPlan
    }

    private static let planned = Locked<Planned?>(nil)

    /// Sets the operation the command holds; called once, before any handle exists.
    static func set(_ operation: Planned) {
        planned.withLock { $0 = operation }
    }

    private static var current: Planned {
        planned.withLock { $0 }
            ?? Planned(document: "", operationName: "", plan: OperationPlan(name: "", operationType: .query, rootTypename: "Query", selections: []))
    }

    static var document: String { current.document }
    static var operationName: String { current.operationName }
    static var operationType: GraphQLRequest.OperationType { current.plan.operationType }
    static var operationID: String { SHA256.hexDigest(of: Array(current.document.utf8)) }
    static var plan: OperationPlan { current.plan }

    struct Variables: OperationVariables {
        var json: JSONObject
    }

    var variables: Variables

    /// The data as the reader found it in the store, as JSON.
    struct Data: OperationData {
        static var __plan: OperationPlan { WatchedOperation.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }

        /// The data as JSON, read field by field as generated accessors read it, so a null where
        /// the schema promises a value is reported as one.
        var json: JSONObject { __data.plannedJSON(WatchedOperation.plan.selections) }
    }
}
