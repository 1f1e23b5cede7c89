import Testing
import CommentsKit
@testable import TerminalUI

/// The detail pane's "↳ in reply to" line quotes the parent comment up to a whole word.
@MainActor
@Suite struct InReplyToLineTests {
    @Test func theParentIsQuotedUpToAWholeWord() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let state = app.comments.state
        let reply = try #require(state.comments(of: site).allEntries.first { entry in
            entry.parent != 0 && (state.comments(of: site)[entry.parent].map { DisplayWidth.of($0.text) > 120 } ?? false)
        })
        let parent = try #require(state.comments(of: site)[reply.parent])
        for width in [41, 57, 80] {
            let lines = DetailContent.lines(for: reply, in: state, site: site, width: width)
            let line = try #require(lines.map(\.0).first { $0.hasPrefix("↳ in reply to") })
            #expect(line.hasSuffix("…"))
            let colon = try #require(line.range(of: ": "))
            let quoted = line[colon.upperBound...].dropLast()
            let text = TextSanitizer.singleLine(parent.text)
            #expect(text.hasPrefix(quoted + " "), "width \(width): \(line)")
        }
    }
}
