import Testing
import CommentsKit
@testable import TerminalUI

/// The detail pane's third line names where the comment is: "Post title · comment #299".
/// At 100 columns the pane cut it to "comment #29", another comment's number.
@MainActor
@Suite struct DetailPlaceLineTests {
    @Test func theCommentsNumberIsNeverCutTheTitleGivesWay() async throws {
        let app = try UIHarness(width: 100, height: 24)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let state = app.comments.state
        let entry = try #require(state.comments(of: site).allEntries.first { !$0.isLocal && $0.type == "comment" })
        let title = TextSanitizer.singleLine(state.postTitle(site: site, post: entry.post))
        let number = " · comment #\(entry.id)"
        for width in [DisplayWidth.of(number) + 4, 30, DisplayWidth.of(title + number) + 1, DisplayWidth.of(title + number) + 2, 80] {
            let place = DetailContent.lines(for: entry, in: state, site: site, width: width)[2].0
            #expect(DisplayWidth.of(place) <= width - 2, "width \(width): \(place)")
            #expect(place.hasSuffix(number), "width \(width): \(place)")
            if DisplayWidth.of(title + number) > width - 2 {
                #expect(place.hasPrefix(String(title.prefix(1))) && place.contains("…" + number), "width \(width): the title cut with …")
            } else {
                #expect(place == title + number, "width \(width): whole")
            }
        }
        // Too narrow for the number: cut with "…", never showing a shorter number as if whole.
        let narrow = DetailContent.lines(for: entry, in: state, site: site, width: 10)[2].0
        #expect(narrow.hasSuffix("…"), "\(narrow)")
    }
}
