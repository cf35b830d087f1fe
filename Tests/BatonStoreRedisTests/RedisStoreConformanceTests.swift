import BatonCore
import BatonStoreRedis
import BatonTestSupport
import Foundation
import RedisTestServer
import Testing

/// The shipped store conformance suite, run for ``RedisStore`` against a real redis-server on a
/// Unix socket: each check in a namespace of its own; "reopen" and "peer" open another store
/// on the same namespace, as a new process would.
@Suite struct RedisStoreConformanceTests {
    static let server = Result { try RedisTestServer() }

    static let suite = StoreConformance(
        reopen: { store in
            guard let redis = store as? RedisStore else { throw NotRedis() }
            return try RedisStore(options: redis.options)
        },
        peer: { store in
            guard let redis = store as? RedisStore else { throw NotRedis() }
            return try RedisStore(options: redis.options)
        },
        makeStore: {
            try RedisStore(options: .init(url: server.get().url, namespace: "conformance:\(UUID().uuidString)"))
        }
    )

    struct NotRedis: Error {}

    @Test(arguments: StoreConformance.Check.allCases)
    func redisStore(_ check: StoreConformance.Check) async {
        do {
            try await Self.suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }
}
