@_spi(Generated) import BatonCore
import Foundation

/// The JSON lines `baton fetch --watch` prints, one per snapshot.
enum WatchOutput {
    /// `{"phase", "data", "errors", "isStale", "isRefreshing", "fetch"}`, plus `failure` when the
    /// phase failed and `missing` when data is missing.
    static func line(_ snapshot: OperationSnapshot<WatchedOperation.Data>) -> String {
        var object = JSONObject()
        object["phase"] = .string(snapshot.phase.name)
        object["data"] = snapshot.phase.data.map { .object($0.json) } ?? .null
        object["errors"] = .list(snapshot.errors.map(\.json))
        object["isStale"] = .bool(snapshot.isStale)
        object["isRefreshing"] = .bool(snapshot.isRefreshing)
        object["fetch"] = .object(fetch(snapshot.fetch))
        if case .failed(let failure) = snapshot.phase { object["failure"] = .object(describe(failure)) }
        if !snapshot.missing.isEmpty {
            object["missing"] = .list(snapshot.missing.map { ["record": .string($0.record.rawValue), "field": .string($0.field.rawValue)] })
        }
        return JSONValue.object(object).serialized()
    }

    /// `{"phase", "data", "errors", "connection", "resumptions"}` for a subscription.
    static func line(_ snapshot: SubscriptionSnapshot<WatchedOperation.Data>) -> String {
        var object = JSONObject()
        object["phase"] = .string(snapshot.phase.name)
        object["data"] = snapshot.phase.data.map { .object($0.json) } ?? .null
        object["errors"] = .list(snapshot.errors.map(\.json))
        object["connection"] = .string(snapshot.connection.name)
        object["resumptions"] = .int(Int64(snapshot.resumptions))
        if case .ended(let failure?) = snapshot.connection { object["end"] = .object(FetchOutput.describe(failure)) }
        return JSONValue.object(object).serialized()
    }

    /// Whether the handle has settled: no fetch in flight and no heal pending.
    static func isSettled(_ snapshot: OperationSnapshot<WatchedOperation.Data>, policy: FetchPolicy) -> Bool {
        if snapshot.fetch.isInFlight { return false }
        if case .loading = snapshot.phase { return false }
        return snapshot.missing.isEmpty || !policy.allowsNetwork
    }

    /// `{"state": "idle"}`, `{"state": "inFlight"}` or `{"state": "failed", "failure", "at"}`.
    static func fetch(_ state: FetchState) -> JSONObject {
        switch state {
        case .idle: return ["state": "idle"]
        case .inFlight: return ["state": "inFlight"]
        case .failed(let failure, let at):
            return ["state": "failed", "failure": .object(FetchOutput.describe(failure)), "at": .string(ISO8601DateFormatter().string(from: at))]
        }
    }

    /// `{"kind", …}`: a fetch's failure as `baton fetch` prints it, or a verdict's kind and what it carries.
    static func describe(_ failure: OperationFailure) -> JSONObject {
        switch failure {
        case .fetch(let failure): return FetchOutput.describe(failure)
        case .fieldErrors(let errors): return ["kind": "fieldErrors", "errors": .list(errors.errors.map(\.json))]
        case .requiredFieldMissing(let field): return ["kind": "requiredFieldMissing", "path": .string(field.path)]
        case .notInStore(let missing):
            return [
                "kind": "notInStore", "missing": .list(missing.map { ["record": .string($0.record.rawValue), "field": .string($0.field.rawValue)] }),
            ]
        }
    }
}
