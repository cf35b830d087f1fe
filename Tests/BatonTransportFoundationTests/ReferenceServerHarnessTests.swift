import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReferenceServer
import Testing

/// The harness starts the reference server, and a private instance really dies when terminated.
struct ReferenceServerHarnessTests {
    @Test func sharedServerAnswersAQuery() async throws {
        let server = try await ReferenceServer.shared()
        var request = URLRequest(url: server.url("/graphql"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query":"{hello}"}"#.utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("Hello, world!"))
        #expect(server.graphqlURL.absoluteString == "http://127.0.0.1:\(server.port)/graphql")
        #expect(server.webSocketURL.absoluteString == "ws://127.0.0.1:\(server.port)/graphql")
    }

    @Test func terminatedServerRefusesConnections() async throws {
        let server = try await ReferenceServer.launch()
        let shared = try await ReferenceServer.shared()
        #expect(server.port != shared.port)
        #expect(await answers(server.url("/graphql?query=%7Bhello%7D")))
        server.terminate()

        var refused = false
        for _ in 0..<50 where !refused {
            refused = await connectionIsRefused(server.url("/graphql"))
            if !refused { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(refused)
    }

    @Test func closedPortRefusesConnections() async throws {
        let port = ReferenceServer.closedPort()
        #expect(port > 0)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))
        #expect(await connectionIsRefused(url))
    }

    private func answers(_ url: URL) async -> Bool {
        guard let (body, _) = try? await URLSession.shared.data(from: url) else { return false }
        return String(decoding: body, as: UTF8.self).contains("Hello, world!")
    }

    private func connectionIsRefused(_ url: URL) async -> Bool {
        do {
            _ = try await URLSession.shared.data(from: url)
            return false
        } catch let error as URLError {
            return error.code == .cannotConnectToHost
        } catch {
            return false
        }
    }
}
