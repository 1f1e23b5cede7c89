import Foundation
import Testing
import CommentsKit
@testable import TerminalUI

/// Issue 12's review: "7897 pending" in the header beside "4,600" elsewhere. Every count
/// on the screen is written by ``CountFormat``: thousands grouped with a comma.
@MainActor
@Suite struct CountFormatScreenTests {
    @Test func theHeaderAndTheFilterPanelGroupThousands() async throws {
        let app = try UIHarness(width: 120, height: 30, commentsPerSite: 3_000, sites: 1)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let counts = try #require(app.comments.state.statusCounts(of: site))
        let total = try #require(app.ui.currentQuery.flatMap { app.comments.state.fetch($0).total })
        try #require(total >= 1_000)
        let header = try #require(app.screen.split(separator: "\n").first)
        #expect(header.contains("of \(CountFormat.grouped(total)) loaded") && header.contains(","), "\(header)")
        #expect(header.contains(" \(CountFormat.grouped(counts.hold)) pending "), "\(header)")
        app.press(.character("f"))
        let approved = CountFormat.grouped(counts.approved)
        try #require(counts.approved >= 1_000, "the seed gives this site over a thousand approved comments")
        #expect(app.screen.contains(approved), "the Status group's count: \(app.screen)")
    }

    @Test(arguments: [(0, "0"), (7, "7"), (999, "999"), (7_897, "7,897"), (-1_500, "-1,500"), (1_234_567, "1,234,567")])
    func countsAreGroupedByThousands(count: Int, text: String) {
        #expect(CountFormat.grouped(count) == text)
        #expect("\(count: count) pending" == text + " pending")
    }
}
