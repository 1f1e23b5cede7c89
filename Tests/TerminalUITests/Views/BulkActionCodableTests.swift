import Testing
import Foundation
import CommentsKit
@testable import TerminalUI

/// The actions issue 13's batching and tagging by address added read back from JSON as they
/// were written (what a session recording holds).
@Suite struct BulkActionCodableTests {
    @Test func batchSizeAndTagByAddressActionsReadBackAsWritten() throws {
        for action in [CommentsAction.batchSizeRead(site: "s", size: 25), .batchSizeRead(site: "s", size: nil)] {
            #expect(try JSONDecoder().decode(CommentsAction.self, from: JSONEncoder().encode(action)) == action)
        }
        for action in [UIAction.tagFrom(.email), .tagFrom(.ip)] {
            #expect(try JSONDecoder().decode(UIAction.self, from: JSONEncoder().encode(action)) == action)
        }
    }
}
