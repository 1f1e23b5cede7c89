import Foundation
import Testing
import CommentsKit
@testable import TerminalUI

/// The moderator's lines of the detail pane, and the Quick Edit form's reading.
@Suite struct DetailFactsContentTests {
    @Test func theOnlyCommentOfAnAddressIsItsFirst() {
        let line = DetailFactsContent.historyLine(.loaded(AddressHistory(approved: 0, pending: 1, spam: 0)), width: 60)
        #expect(line == "  first comment from this address")
    }

    @Test func countsByStatusAndLowerBoundsSaySo() {
        #expect(DetailFactsContent.historyLine(.loaded(AddressHistory(approved: 3, pending: 1, spam: 2)), width: 60)
            == "  3 approved · 1 pending · 2 spam here")
        #expect(DetailFactsContent.historyLine(.loaded(AddressHistory(approved: 1, pending: 0, spam: 0, isLowerBound: true)), width: 60)
            == "  ≥1 approved · ≥0 pending · ≥0 spam here")
        #expect(DetailFactsContent.historyLine(.loading, width: 60) == "  counting…")
        #expect(DetailFactsContent.historyLine(.failed("down\u{1B}[2J"), width: 60).hasPrefix("  could not count: down"))
        #expect(!DetailFactsContent.historyLine(.failed("down\u{1B}[2J"), width: 60).contains("\u{1B}"))
    }

    @Test func anAddressesCountsAreGroupedAsThePanelGroupsThem() {
        #expect(DetailFactsContent.historyLine(.loaded(AddressHistory(approved: 1847, pending: 170, spam: 12_133)), width: 60)
            == "  1,847 approved · 170 pending · 12,133 spam here")
    }

    @Test func theSourceShowsOnlyWhenItSaysMoreThanTheText() {
        #expect(SourceComparison.saysTheSame("It's \"fine\" -- really...", "It’s “fine” – really…"))
        #expect(!SourceComparison.saysTheSame("See <a href=\"https://x.example\">this</a>", "See this"))
    }

    @Test func quickEditFormSendsOnlyTheFieldsThatChanged() throws {
        let comment = CommentsKit.Comment(id: 5, post: 1, authorName: "Maggie", authorURL: "https://m.example", date: .distantPast,
                                          contentHTML: "<p>Hi</p>", contentRaw: "Hi")
        var withFacts = comment
        withFacts.authorEmail = "m@example.com"
        let entry = CommentEntry(withFacts)
        let form = QuickEditForm.text(for: entry, source: "Hi\n\nthere")
        #expect(form == "Name: Maggie\nE-mail: m@example.com\nURL: https://m.example\n\nHi\n\nthere")
        let same = QuickEditForm.parse(form, against: entry)
        #expect(same.text == "Hi\n\nthere" && same.author.isEmpty)
        let changed = QuickEditForm.parse(form.replacingOccurrences(of: "Maggie", with: "Mags"), against: entry)
        #expect(changed.author == AuthorEdit(name: "Mags"))
        let noFields = QuickEditForm.parse("Just text", against: entry)
        #expect(noFields.text == "Just text" && noFields.author.isEmpty)
    }
}
