/// What every read of one operation's or fragment's data shares: where events go, the
/// operation's name for them, and the variables the data was fetched with.
package struct ReadContext: Sendable {
    /// Where reads report missing data, unexpected data and `@required` fields that bubbled.
    package var events: (any EventSink)?
    /// The operation the data belongs to, named in events.
    package var operationName: String?
    /// The variables the operation was fetched with.
    package var variables: JSONObject
    /// The operation with its variables that owns data read from records: what a fragment's
    /// ``FragmentReference`` names, so its handle goes through that operation for staleness and heal.
    package var operation: OperationKey?
    /// Set for data read from records: where each record sits and where data was missing.
    var trace: StoreReadTrace?
    /// The response key that holds an abstract object's `__typename`, from the plan read.
    var typenameKey = "__typename"

    /// A context reporting to `events` under `operationName`, for data fetched with `variables`.
    package init(events: (any EventSink)? = nil, operationName: String? = nil, variables: JSONObject = JSONObject()) {
        self.events = events
        self.operationName = operationName
        self.variables = variables
    }

    /// Sends `kind` to the sink, if there is one.
    func report(_ kind: Event.Kind) {
        events?.receive(Event(kind, operationName: operationName))
    }
}
