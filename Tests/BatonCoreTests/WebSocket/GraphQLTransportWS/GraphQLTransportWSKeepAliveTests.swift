@_spi(Transport) import BatonCore
import Testing

@Suite struct GraphQLTransportWSKeepAliveTests {
    let start = ContinuousClock.now

    func keepAlive() -> GraphQLTransportWSKeepAlive {
        GraphQLTransportWSKeepAlive(interval: .seconds(15), timeout: .seconds(10), now: start)
    }

    @Test func nothingIsDueBeforeTheInterval() {
        var keepAlive = keepAlive()
        #expect(keepAlive.check(at: start + .seconds(14)) == .none)
        #expect(keepAlive.deadline == start + .seconds(15))
    }

    @Test func aQuietIntervalSendsOnePing() {
        var keepAlive = keepAlive()
        #expect(keepAlive.check(at: start + .seconds(15)) == .send(#"{"type":"ping"}"#))
        // The ping is sent once; the deadline becomes the timeout after it.
        #expect(keepAlive.check(at: start + .seconds(16)) == .none)
        #expect(keepAlive.deadline == start + .seconds(25))
    }

    @Test func trafficPostponesThePing() {
        var keepAlive = keepAlive()
        keepAlive.received(at: start + .seconds(10))
        #expect(keepAlive.check(at: start + .seconds(15)) == .none)
        #expect(keepAlive.deadline == start + .seconds(25))
    }

    @Test func anAnswerAfterThePingKeepsTheConnection() {
        var keepAlive = keepAlive()
        _ = keepAlive.check(at: start + .seconds(15))
        keepAlive.received(at: start + .seconds(16))
        #expect(keepAlive.check(at: start + .seconds(25)) == .none)
        #expect(keepAlive.check(at: start + .seconds(31)) == .send(#"{"type":"ping"}"#))
    }

    @Test func anUnansweredPingDeclaresThePeerGoneWithATransportError() {
        var keepAlive = keepAlive()
        _ = keepAlive.check(at: start + .seconds(15))
        let action = keepAlive.check(at: start + .seconds(25))
        guard case .peerUnresponsive(let error) = action else {
            Issue.record("expected the peer to be declared gone, got \(action)")
            return
        }
        #expect(error.statusCode == 0)
        #expect(
            error.body
                == "the WebSocket server sent nothing for 25 s and did not answer a ping within 10 s; the connection is considered lost")
        #expect(Failure(classifying: error).kind == .transport)
    }

    @Test func fractionsOfASecondAreShownToATenth() {
        var keepAlive = GraphQLTransportWSKeepAlive(interval: .milliseconds(200), timeout: .milliseconds(300), now: start)
        _ = keepAlive.check(at: start + .milliseconds(200))
        guard case .peerUnresponsive(let error) = keepAlive.check(at: start + .milliseconds(500)) else {
            Issue.record("expected the peer to be declared gone")
            return
        }
        #expect(error.body.hasPrefix("the WebSocket server sent nothing for 0.5 s and did not answer a ping within 0.3 s"))
    }
}
