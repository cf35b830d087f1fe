import BatonCore
import Foundation
import RedisTestServer
import Testing

@testable import BatonStoreRedis

/// A namespace records the layout of its records: a new one gets this store's, one written in
/// the per-field layout of an earlier version (each record a hash) is refused on open with the
/// store's own error naming the namespace and what to do, never read as garbage.
@Suite struct RedisLayoutTests {
    static let server = Result { try RedisTestServer() }

    /// A connection of the test's own, made once the server listens (a store opened before
    /// that would check the layout only on its first call).
    static func connection() throws -> RedisConnection {
        guard let endpoint = RedisEndpoint(url: try server.get().url) else { throw RedisStoreError(.misconfigured, server: "", "") }
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do throws(RedisStoreError) {
                return try RedisConnection(endpoint, password: nil, timeout: .seconds(2))
            } catch {
                guard error.code == .unreachable, ContinuousClock.now < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    static func open(_ namespace: String) throws -> RedisStore {
        try RedisStore(options: .init(url: server.get().url, namespace: namespace))
    }

    @Test func aNewNamespaceRecordsThisStoresLayout() throws {
        let namespace = "layout:new:\(UUID().uuidString)"
        let raw = try Self.connection()
        _ = try Self.open(namespace)
        #expect(try raw.command(["GET", "{\(namespace)}:layout"]).text == RedisKeys.layoutVersion)
    }

    @Test func aNamespaceInThePerFieldLayoutIsRefusedOnOpen() throws {
        let namespace = "layout:old:\(UUID().uuidString)"
        let raw = try Self.connection()
        try raw.command(["HSET", "{\(namespace)}:r:Note:1", "t", "Note", "ftext", "s\"old\""])
        try raw.command(["INCR", "{\(namespace)}:version"])
        #expect {
            try Self.open(namespace)
        } throws: { error in
            guard let error = error as? RedisStoreError else { return false }
            return error.code == .incompatibleLayout && error.message.contains("\"\(namespace)\"") && error.message.contains("per-field")
                && error.message.contains("Use a new namespace") && error.server == (try? Self.server.get().url)
        }
        // Refused again by a later open: nothing was recorded over it.
        #expect(throws: RedisStoreError.self) { try Self.open(namespace) }
        #expect(try raw.command(["EXISTS", "{\(namespace)}:layout"]).integer == 0)
    }

    @Test func aNamespaceOfAnotherRecordedLayoutIsRefused() throws {
        let namespace = "layout:other:\(UUID().uuidString)"
        try Self.connection().command(["SET", "{\(namespace)}:layout", "9"])
        #expect {
            try Self.open(namespace)
        } throws: { error in
            (error as? RedisStoreError)?.code == .incompatibleLayout && "\(error)".contains("(9)")
        }
    }

    /// A namespace this layout wrote before the layout key existed reads as it is, and records it.
    @Test func aNamespaceOfThisLayoutWithoutItsKeyIsKeptAndRecorded() throws {
        let namespace = "layout:unrecorded:\(UUID().uuidString)"
        let note = StoreRecord(id: RecordID("Note:1"), typename: "Note", fields: [FieldKey("text"): .scalar(.string("kept"))])
        let raw = try Self.connection()
        let writer = try Self.open(namespace)
        try writer.write(StoreWrite(records: [note]))
        try raw.command(["DEL", "{\(namespace)}:layout"])
        let reader = try Self.open(namespace)
        #expect(try reader.read(StoreRead(ids: [note.id]))[note.id] == note)
        #expect(try raw.command(["GET", "{\(namespace)}:layout"]).text == RedisKeys.layoutVersion)
    }

    /// A Redis Cluster node redirects a command for a key of another node's slot; the store says
    /// that cluster mode is not supported, naming the server, rather than "refused".
    @Test(arguments: ["-MOVED 3999 127.0.0.1:6381", "-ASK 3999 127.0.0.1:6381"])
    func aClusterNodesRedirectionIsAClearError(_ reply: String) throws {
        let node = try CannedRedisServer(answering: reply)
        #expect {
            try RedisStore(options: .init(url: node.url, namespace: "app"))
        } throws: { error in
            guard let error = error as? RedisStoreError else { return false }
            return error.code == .misconfigured && error.message.contains("Redis Cluster node") && error.message.contains("not supported")
                && error.message.contains(String(reply.dropFirst())) && error.server == node.url
        }
    }
}
