import Foundation
import ReferenceServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    @Test func missingVenvSaysHowToCreateIt() async throws {
        let root = try temporaryRoot(python: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let error = await #expect(throws: ReferenceServerError.self) {
            _ = try await ReferenceServer.launch(root: root)
        }
        let message = try #require(error).message
        #expect(message.contains("run `make server-venv` (or `TestServer/setup.sh`)"))
        #expect(message.contains(root.appendingPathComponent("TestServer/.venv/bin/python").path))
    }

    @Test func serverThatExitsEarlyReportsItsStderr() async throws {
        let script = "#!/bin/sh\necho 'ModuleNotFoundError: No module named uvicorn' >&2\nexit 1\n"
        let root = try temporaryRoot(python: script)
        defer { try? FileManager.default.removeItem(at: root) }
        let error = await #expect(throws: ReferenceServerError.self) {
            _ = try await ReferenceServer.launch(root: root)
        }
        let message = try #require(error).message
        #expect(message.contains("instead of LISTENING <port>"))
        #expect(message.contains("ModuleNotFoundError: No module named uvicorn"))
    }

    /// A directory shaped like the repository, whose `.venv/bin/python` is `python` (absent when nil).
    private func temporaryRoot(python: String?) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("reference-server-\(UUID().uuidString)", isDirectory: true)
        let bin = root.appendingPathComponent("TestServer/.venv/bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        if let python {
            let executable = bin.appendingPathComponent("python")
            try Data(python.utf8).write(to: executable)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
        }
        return root
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
