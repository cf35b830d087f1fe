import BatonCore
import BatonTransportCurl
import Foundation
import Testing

@Test func smoke() async throws {
    let client = CurlHTTPClient()
    var chunks = 0
    var bytes = 0
    var head: HTTPResponseHead?
    for try await event in client.perform(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:18080/big.txt")!)) {
        switch event {
        case .head(let h): head = h
        case .body(let b): chunks += 1; bytes += b.count
        }
    }
    print("head", head as Any, "chunks", chunks, "bytes", bytes)
    do {
        for try await event in client.perform(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:9/")!)) { print(event) }
    } catch { print("error", error) }
    print("connections", client.loop.connectionsOpened)
}
