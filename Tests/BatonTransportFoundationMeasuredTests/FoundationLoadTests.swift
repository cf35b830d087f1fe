import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// A bounded load through the URLSession transport: 64 operations in flight on loopback (1,000 in all,
/// `BATON_LOAD_OPERATIONS=10000` for the full run), none lost, none duplicated, and memory and
/// descriptors back to where they were once warmed up. Runs alone (`make test`'s measured pass).
@Suite struct FoundationLoadTests {
    @Test func manyOperationsInFlightAreEachAnsweredOnceAndLeaveNothingBehind() async throws {
        let server = try await ReferenceServer.shared()
        let endpoint = server.graphqlURL
        let outcome = await LoadRun().run { FoundationTransport(endpoint: endpoint) }
        print("FoundationTransport, load: \(outcome)")
        #expect(outcome.lost == 0, "\(outcome.failures)")
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.duplicated.isEmpty, "\(outcome.duplicated.prefix(5))")
        #expect(outcome.descriptorsAfter <= outcome.descriptorsBefore, "\(outcome)")
        if !isUnderThreadSanitizer {
            #expect(outcome.residentAfter - outcome.residentBefore < 16 << 20, "\(outcome)")
        }
    }
}
