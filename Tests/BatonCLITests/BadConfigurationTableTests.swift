import Foundation
import Testing

/// A table of bad `baton.json` files: each gives an error naming the key path, the value and what
/// is accepted (and, for a near miss, what was meant), and `baton generate`, `baton validate` and
/// `baton fetch --config` exit 65 with it.
@Suite struct BadConfigurationTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// Members added to a valid compiler configuration, as JSON text.
        var members: String
        /// The error's text after `baton.json: error: `.
        var message: String
        var testDescription: String { members }
    }

    static let httpNames = #""curl", "foundation", "sse", "ws""#

    static let cases: [Case] = [
        Case(
            members: #""endpont": "https://x.example/graphql""#,
            message:
                #""endpont" is "https://x.example/graphql"; accepted: one of the keys "schema", "documents", "output", "accessLevel", "customScalars", "onError", "cacheKeys", "schemaTypePrefix", "lookups", "$schema", "endpoint", "transport", "store", "events", "retry", "auth", "persistedOperations", "batch" Did you mean "endpoint"?"#
        ),
        Case(members: #""endpoint": 42"#, message: #""endpoint" is 42; accepted: a non-empty string"#),
        Case(
            members: #""endpoint": "ftp://x.example/graphql""#,
            message: #""endpoint" is "ftp://x.example/graphql"; accepted: an absolute URL whose scheme is "http" or "https" or "ws" or "wss""#),
        Case(
            members: #""endpoint": "graphql""#,
            message: #""endpoint" is "graphql"; accepted: an absolute URL whose scheme is "http" or "https" or "ws" or "wss""#),
        Case(
            members: #""endpoint": "${ENDPOINT""#,
            message: #""endpoint" is "${ENDPOINT"; accepted: a string whose ${ starts a reference ${NAME} to an environment variable, closed by }"#),
        Case(
            members: #""transport": "crul""#,
            message: #""transport" is "crul"; accepted: the name of a registered transport: \#(httpNames) Did you mean "curl"?"#),
        Case(
            members: #""transport": 3"#,
            message: #""transport" is 3; accepted: a plug-in's name, or an object {"name": …, "options": {…}}"#),
        Case(
            members: #""transport": {"name": "curl", "option": {}}"#,
            message: #""transport.option" is {}; accepted: one of the keys "name", "options" in "transport" Did you mean "options"?"#),
        Case(members: #""transport": {"options": {}}"#, message: #""transport.name" is missing; accepted: the name of a registered plug-in"#),
        Case(
            members: #""transport": {"name": "Curl"}"#,
            message: #""transport.name" is "Curl"; accepted: the name of a registered transport: \#(httpNames) Did you mean "curl"?"#),
        Case(
            members: #""transport": {"name": "curl", "options": {"timeout": "30"}}"#,
            message: #""transport.options.timeout" is "30"; accepted: a positive number of seconds, such as 30 or 2.5"#),
        Case(
            members: #""transport": {"name": "curl", "options": {"timeout": -1}}"#,
            message: #""transport.options.timeout" is -1; accepted: a positive number of seconds, such as 30 or 2.5"#),
        Case(
            members: #""transport": {"name": "curl", "options": {"headers": ["X-App: 1"]}}"#,
            message: #""transport.options.headers" is ["X-App: 1"]; accepted: an object of strings, such as {"X-Client": "app"}"#),
        Case(
            members: #""transport": {"name": "curl", "options": {"headers": {"X-App": 1}}}"#,
            message: #""transport.options.headers.X-App" is 1; accepted: a string"#),
        Case(
            members: #""transport": {"name": "curl", "options": {"headers": {"Authorization": "Bearer ${1TOKEN}"}}}"#,
            message:
                #""transport.options.headers.Authorization" is "Bearer ${1TOKEN}"; accepted: a reference ${NAME} whose NAME is letters, digits and _, not starting with a digit"#
        ),
        Case(
            members: #""transport": {"name": "curl", "options": {"subscriptions": "websocket"}}"#,
            message: #""transport.options.subscriptions" is "websocket"; accepted: "sse" or "ws""#),
        Case(
            members: #""transport": {"name": "curl", "options": {"timout": 5}}"#,
            message:
                #""transport.options.timout" is 5; accepted: one of the keys "headers", "timeout", "method", "maxURLLength", "caFile", "subscriptions", "keepAlive", "keepAliveTimeout" in "transport.options" Did you mean "timeout"?"#
        ),
        Case(
            members: #""transport": {"name": "foundation", "options": {"caFile": "ca.pem"}}"#,
            message:
                #""transport.options.caFile" is "ca.pem"; accepted: one of the keys "headers", "timeout", "method", "maxURLLength", "subscriptions", "keepAlive", "keepAliveTimeout" in "transport.options""#
        ),
        Case(
            members: #""transport": {"name": "ws", "options": {"timeout": 5}}"#,
            message:
                #""transport.options.timeout" is 5; accepted: one of the keys "headers", "caFile", "keepAlive", "keepAliveTimeout" in "transport.options""#
        ),
        Case(
            members: #""transport": {"name": "sse", "options": {"subscriptions": "ws"}}"#,
            message:
                #""transport.options.subscriptions" is "ws"; accepted: one of the keys "headers", "timeout", "method", "maxURLLength", "caFile" in "transport.options""#
        ),
        Case(
            members: #""transport": {"name": "curl", "options": {"caFile": true}}"#,
            message: #""transport.options.caFile" is true; accepted: a non-empty string"#),
        Case(
            members: #""store": "sqlit""#,
            message: #""store" is "sqlit"; accepted: the name of a registered store: "memory", "redis", "sqlite" Did you mean "sqlite"?"#),
        Case(
            members: #""store": {"name": "sqlite"}"#,
            message: #""store.options.path" is missing; accepted: the image file's path, such as "cache.sqlite" (relative to baton.json)"#),
        Case(
            members: #""store": {"name": "sqlite", "options": {"path": "c.sqlite", "sizeLimit": "big"}}"#,
            message: #""store.options.sizeLimit" is "big"; accepted: a whole number from 1024 to 2199023254528"#),
        Case(
            members: #""store": {"name": "memory", "options": {"expiration": 0}}"#,
            message: #""store.options.expiration" is 0; accepted: a positive number of seconds, such as 30 or 2.5"#),
        Case(
            members: #""store": {"name": "memory", "options": {"path": "m"}}"#,
            message: #""store.options.path" is "m"; accepted: no keys: "store.options" takes none"#),
        Case(members: #""events": "stderr""#, message: #""events" is "stderr"; accepted: a list"#),
        Case(
            members: #""events": ["stdrr"]"#,
            message: #""events[0]" is "stdrr"; accepted: the name of a registered event sink: "stderr" Did you mean "stderr"?"#),
        Case(
            members: #""events": ["stderr", {"name": "stderr", "options": {"level": "debug"}}]"#,
            message: #""events[1].options.level" is "debug"; accepted: no keys: "events[1].options" takes none"#),
        Case(members: #""onError": "null""#, message: #""onError" is "null"; accepted: "NULL" or "PROPAGATE" or "HALT" Did you mean "NULL"?"#),
        Case(members: #""accessLevel": "pubic""#, message: #""accessLevel" is "pubic"; accepted: "public" or "internal" Did you mean "public"?"#),
        Case(
            members: #""schemaTypePrefix": "API-""#,
            message: #""schemaTypePrefix" is "API-"; accepted: a string of letters, digits and _ that does not start with a digit, such as "API""#),
    ]

    @Test(arguments: cases)
    func namesTheKeyTheValueAndWhatIsAccepted(_ entry: Case) throws {
        let directory = try temporaryDirectory()
        try "type Query { hello: String }\n".write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try "query Hello { hello }\n".write(to: directory.appending(path: "Hello.graphql"), atomically: true, encoding: .utf8)
        let file = directory.appending(path: "baton.json")
        try #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "Generated", \#(entry.members)}"#
            .write(to: file, atomically: true, encoding: .utf8)
        for command in ["generate", "validate", "fetch"] {
            let operation = command == "fetch" ? ["--query", "{ hello }"] : []
            let outcome = try CLIRunner.run([command, "--config", file.path()] + operation)
            #expect(outcome.status == 65, "\(command): \(outcome.standardError)")
            #expect(outcome.standardError == "\(file.path()): error: \(entry.message)\n", "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Generated").path()))
    }

    @Test func theTableHasAtLeast25Files() {
        #expect(Self.cases.count >= 25)
    }

    @Test func aFileThatIsNotAnObjectNamesWhatItIs() throws {
        let file = try temporaryDirectory().appending(path: "baton.json")
        try "[]".write(to: file, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(outcome.status == 65)
        #expect(outcome.standardError == "\(file.path()): error: the file is a list; accepted: a JSON object\n")
    }
}
