import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

extension WireTests {
    /// The curl transport against a hostile but legal server (the reference server's `/redirect`,
    /// `/interim`, `/trailer` and `/fixed` routes): each case ends in the verdict docs/Failures.md names.
    @Suite struct CurlHostileServerTests {
        /// Asks the server which credentials and other fields reached it, and how long the body was.
        static let headersSeen = GraphQLRequest(
            query: """
            { hello authorization: requestHeader(name: "authorization") cookie: requestHeader(name: "cookie")
              apiKey: requestHeader(name: "x-api-key") plain: requestHeader(name: "x-plain")
              length: requestHeader(name: "content-length") }
            """,
            headers: [HeaderField(name: "Cookie", value: "session=planted-cookie")])

        static let plantedOptions = HTTPTransportOptions(headers: [
            HeaderField(name: "Authorization", value: "Bearer planted-token"),
            HeaderField(name: "X-Api-Key", value: "planted-key", isSecret: true),
            HeaderField(name: "X-Plain", value: "visible"),
        ])

        static func outcome(_ path: String, _ request: GraphQLRequest = GraphQLRequest(query: "{ hello }"),
                            options: HTTPTransportOptions = .init()) async throws -> Result<GraphQLResponse, Failure> {
            let transport = CurlTransport(endpoint: try await ReferenceServer.shared().url(path), options: options)
            do {
                return .success(try await transport.response(for: request))
            } catch {
                return .failure(error)
            }
        }

        @Test(arguments: [301, 302, 303, 307, 308])
        func aRedirectToAnotherOriginCarriesNoCredentials(status: Int) async throws {
            let server = try await ReferenceServer.shared()
            // localhost and 127.0.0.1 are the same server but two origins.
            let path = "/redirect/\(status)?to=http://localhost:\(server.port)/graphql"
            let options = HTTPTransportOptions(headers: Self.plantedOptions.headers, usesGETForQueries: true)
            let data = try await Self.outcome(path, Self.headersSeen, options: options).get().data
            #expect(data?["hello"] == "Hello, world!")
            #expect(data?["authorization"] == .null)
            #expect(data?["cookie"] == .null)
            #expect(data?["apiKey"] == .null)
            #expect(data?["plain"] == "visible")
        }

        @Test(arguments: [307, 308])
        func aRedirectWithinTheOriginKeepsTheCredentialsAndA307RepeatsThePostWithItsBody(status: Int) async throws {
            let data = try await Self.outcome("/redirect/\(status)?to=/graphql", Self.headersSeen, options: Self.plantedOptions).get().data
            #expect(data?["authorization"] == "Bearer planted-token")
            #expect(data?["cookie"] == "session=planted-cookie")
            #expect(data?["apiKey"] == "planted-key")
            let sent = GraphQLOverHTTP(endpoint: try await ReferenceServer.shared().graphqlURL, client: CurlHTTPClient(), options: Self.plantedOptions)
                .httpRequest(for: Self.headersSeen)
            #expect(data?["length"] == .string("\(sent.body?.count ?? -1)"), "the server read the body the POST was sent with")
        }

        @Test(arguments: [307, 308])
        func aCrossOriginPostRedirectRepeatsTheBodyWithoutCredentials(status: Int) async throws {
            let server = try await ReferenceServer.shared()
            let path = "/redirect/\(status)?to=http://localhost:\(server.port)/graphql"
            let data = try await Self.outcome(path, Self.headersSeen, options: Self.plantedOptions).get().data
            #expect(data?["hello"] == "Hello, world!")
            #expect(data?["authorization"] == .null)
            #expect(data?["apiKey"] == .null)
        }

        @Test(arguments: [301, 302, 303])
        func aPostIsNotTurnedIntoAGetTheRedirectIsATransportFailure(status: Int) async throws {
            let outcome = try await Self.outcome("/redirect/\(status)?to=/graphql")
            guard case .failure(let failure) = outcome else {
                Issue.record("a \(status) to a POST was followed: \(outcome)")
                return
            }
            let error = try #require(failure.transportError as? TransportError, "\(failure)")
            #expect(error.statusCode == status)
            #expect(error.body == "\(status): moved to /graphql\n")
        }

        @Test func redirectsAreNotFollowedWhenTurnedOff() async throws {
            let outcome = try await Self.outcome("/redirect/307?to=/graphql", options: HTTPTransportOptions(followsRedirects: false))
            #expect((try? outcome.get()) == nil)
            #expect((outcome.failureValue?.transportError as? TransportError)?.statusCode == 307)
        }

        @Test(arguments: ["100", "103", "100,103,100"])
        func interimResponsesComeBeforeTheFinalOne(codes: String) async throws {
            #expect(try await Self.outcome("/interim?codes=\(codes)").get().data == ["hello": "Hello, world!"])
        }

        @Test func aChunkedBodyWithATrailerIsRead() async throws {
            #expect(try await Self.outcome("/trailer").get().data == ["hello": "Hello, world!"])
        }

        @Test(arguments: ["data-null", "extensions-list", "extensions-string"])
        func aBodyThatIsNotASuccessIsMalformed(name: String) async throws {
            let failure = try await Self.outcome("/fixed/\(name)").failureValue
            guard case .malformed(let error)? = failure else {
                Issue.record("\(name): \(String(describing: failure))")
                return
            }
            #expect(error.code == .notAResponse)
        }

        @Test func aMultipartResponseWhoseFirstPartIsErrorsIsARequestError() async throws {
            let transport = CurlTransport(endpoint: try await ReferenceServer.shared().url("/fixed/multipart-errors-first"))
            var payloads = 0
            let error = await thrownError {
                for try await _ in transport.send(GraphQLRequest(query: "{ hello ... @defer { slow(ms: 1) } }")) { payloads += 1 }
            }
            #expect(payloads == 0)
            let failure = try #require(error.map(Failure.init(classifying:)))
            #expect(failure.requestErrors.map(\.code) == ["FIRST_PART_FAILED"], "\(failure)")
        }
    }
}

extension Result {
    /// The failure, or `nil` for a success.
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
