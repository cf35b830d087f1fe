import BatonCore

/// What ``ConformanceServer`` answers to one of the checks' documents, as the reference server
/// (`TestServer/`) answers it: the bodies are the reference server's, byte for byte.
enum ConformanceScript {
    /// One JSON response, after `delay` milliseconds.
    case result(String, delay: Int = 0)
    /// A request error: 400 under `application/graphql-response+json`, 200 under `application/json`.
    case requestError(String)
    /// `multipart/mixed` incremental delivery: each part after its delay.
    case incremental([(delay: Int, payload: String)])
    /// A graphql-sse stream: each `next` event after its delay, then `complete`.
    case events([(delay: Int, payload: String)])
    /// A countdown that ticks until its client goes away, counted under its tag.
    case endlessCountdown(tag: String, delay: Int)

    /// The parameters of a GraphQL-over-HTTP request.
    struct Parameters {
        var query: String
        var variables: JSONObject
        var onError: String?
    }

    /// The answer to `parameters`, or `nil` for a document no check sends.
    static func script(for parameters: Parameters) -> ConformanceScript? {
        let variables = parameters.variables
        switch normalized(parameters.query) {
        case "{ hello }":
            return .result(#"{"data":{"hello":"Hello, world!"}}"#)
        case "{ partial { ok failing } }":
            return .result(
                #"{"data":{"partial":{"ok":"ok","failing":null}},"errors":[{"message":"Partial failure","locations":[{"line":1,"column":16}],"path":["partial","failing"],"extensions":{"code":"PARTIAL_FAILURE"}}]}"#
            )
        case "{ holder { name inner { mustHave other } } }":
            return .result(
                #"{"data":{"holder":{"name":"holder","inner":null}},"errors":[{"message":"Inner.mustHave has no value","locations":[{"line":1,"column":25}],"path":["holder","inner","mustHave"],"extensions":{"code":"MISSING_VALUE"}}]}"#
            )
        case "{ hello(":
            return .requestError(#"{"errors":[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":9}]}]}"#)
        case "query Greet($name: String) { hello(name: $name) }":
            let name = variables["name"]?.stringValue ?? "world"
            return .result(JSONValue.object(["data": .object(["hello": .string("Hello, \(name)!")])]).serialized())
        case "query Echo($value: String) { echo(value: $value) }":
            return .result(JSONValue.object(["data": .object(["echo": variables["value"] ?? .null])]).serialized())
        case "{ requestOnError }":
            return .result(JSONValue.object(["data": .object(["requestOnError": parameters.onError.map(JSONValue.string) ?? .null])]).serialized())
        case "{ slow(ms: 10000) }":
            return .result(#"{"data":{"slow":"slept 10000 ms"}}"#, delay: 10_000)
        case #"query Deferred { hello ... @defer(label: "fast") { partial { ok failing } } ... @defer(label: "slow") { slow(ms: 600) } }"#:
            return .incremental([
                (
                    0,
                    #"{"data":{"hello":"Hello, world!"},"pending":[{"id":"0","path":[],"label":"fast"},{"id":"1","path":[],"label":"slow"}],"hasNext":true}"#
                ),
                (
                    0,
                    #"{"hasNext":true,"incremental":[{"data":{"partial":{"ok":"ok","failing":null}},"id":"0","errors":[{"message":"Partial failure","locations":[{"line":3,"column":44}],"path":["partial","failing"],"extensions":{"code":"PARTIAL_FAILURE"}}]}],"completed":[{"id":"0"}]}"#
                ),
                (600, #"{"hasNext":false,"incremental":[{"data":{"slow":"slept 600 ms"},"id":"1"}],"completed":[{"id":"1"}]}"#),
            ])
        case #"{ hello ... @defer(label: "later") { slow(ms: 50) } }"#:
            return .incremental([
                (0, #"{"data":{"hello":"Hello, world!"},"pending":[{"id":"0","path":[],"label":"later"}],"hasNext":true}"#),
                (50, #"{"hasNext":false,"incremental":[{"data":{"slow":"slept 50 ms"},"id":"0"}],"completed":[{"id":"0"}]}"#),
            ])
        case "subscription Countdown { countdown(from: 4, delayMs: 30) { value note } }":
            return .events((1...4).reversed().map { (30, #"{"data":{"countdown":{"value":\#($0),"note":"T-\#($0)"}}}"#) })
        case "subscription Long($tag: String) { countdown(from: 100000, delayMs: 20, tag: $tag) { value } }":
            return .endlessCountdown(tag: variables["tag"]?.stringValue ?? "", delay: 20)
        case "query Counts($tag: String) { activeCountdowns(tag: $tag) cancelledCountdowns(tag: $tag) }":
            return nil  // answered from the server's bookkeeping; see ConformanceAnswers
        case "subscription Failing { countdown(from: 3, failAt: 2, delayMs: 10) { value note } }":
            return .events([
                (10, #"{"data":{"countdown":{"value":3,"note":"T-3"}}}"#),
                (
                    10,
                    #"{"data":{"countdown":{"value":2,"note":null}},"errors":[{"message":"Tick 2 failed","locations":[{"line":1,"column":75}],"path":["countdown","note"],"extensions":{"code":"TICK_FAILED"}}]}"#
                ),
                (10, #"{"data":{"countdown":{"value":1,"note":"T-1"}}}"#),
            ])
        case "subscription Crashing { countdown(from: 3, crashAt: 1, delayMs: 10) { value } }":
            return .events([
                (10, #"{"data":{"countdown":{"value":3}}}"#),
                (10, #"{"data":{"countdown":{"value":2}}}"#),
                (10, #"{"errors":[{"message":"Countdown source crashed at 1","extensions":{"code":"COUNTDOWN_CRASHED"}}]}"#),
            ])
        default:
            return nil
        }
    }

    /// The document whose counts the subscription check reads back.
    static let countsDocument = "query Counts($tag: String) { activeCountdowns(tag: $tag) cancelledCountdowns(tag: $tag) }"

    /// `text` with every run of white space as one space, and none at either end.
    static func normalized(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
