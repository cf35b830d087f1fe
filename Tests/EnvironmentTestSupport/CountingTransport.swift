import Baton
import Foundation

/// A transport that counts the requests it passes on, to see that handles share them.
package final class CountingTransport: Transport {
    let base: any Transport
    private let count = CountBox()

    package init(_ base: any Transport) {
        self.base = base
    }

    package var requests: Int { count.value }

    package func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        count.increment()
        return base.send(request)
    }
}

/// A counter shared across tasks.
final class CountBox: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
