import BatonCore

/// Sends subscriptions through one transport and every other operation through another: what
/// `baton.json`'s `"subscriptions": "ws"` makes of an HTTP transport.
public struct SubscriptionRoutingTransport: Transport {
    /// Where queries and mutations go.
    public var operations: any Transport
    /// Where subscriptions go.
    public var subscriptions: any Transport

    /// A transport that sends subscriptions through `subscriptions` and everything else through `operations`.
    /// - Parameters:
    ///   - operations: the transport for queries and mutations.
    ///   - subscriptions: the transport for subscriptions.
    public init(operations: any Transport, subscriptions: any Transport) {
        self.operations = operations
        self.subscriptions = subscriptions
    }

    /// Sends `request` through the transport for its kind of operation.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        switch request.operationType {
        case .subscription: subscriptions.send(request)
        case .query, .mutation: operations.send(request)
        }
    }
}
