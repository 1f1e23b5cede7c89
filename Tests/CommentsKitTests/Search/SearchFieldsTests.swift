import Testing
import Foundation
@testable import CommentsKit

/// The search looks where WordPress's `search=` looks: content, author name, e-mail, URL
/// and IP (e-mail and IP only once the edit context brought them).
@Suite struct SearchFieldsTests {
    static func comment(_ id: Int, text: String = "Plain words", name: String = "Ann", url: String = "",
                        email: String? = nil, ip: String? = nil, agent: String? = nil) -> CommentsKit.Comment {
        var comment = CommentsKit.Comment(id: id, post: 1, authorName: name, authorURL: url,
                                          date: Date(timeIntervalSinceReferenceDate: Double(id) * 60), contentHTML: "<p>\(text)</p>")
        comment.authorEmail = email
        comment.authorIP = ip
        comment.authorUserAgent = agent
        return comment
    }

    static let moderated = [
        comment(1, name: "Ann", url: "https://ann.example.org/", email: "ann@mail.example", ip: "203.0.113.7", agent: "Firefox/120"),
        comment(2, name: "Bob", email: "bob@other.example", ip: "198.51.100.23", agent: "Chrome/119"),
        comment(3, text: "Mentions naïve things", name: "Zoë"),
    ]

    func matches(_ needle: String, in site: SiteComments, folded: FoldedTexts? = nil) throws -> Set<Int> {
        let pattern = try #require(CommentSearch.Pattern(needle))
        let mask = site.rows(matching: pattern, folded: folded)
        return Set(zip(site.rows, mask).filter(\.1).map(\.0.id))
    }

    @Test func anEntryMatchesOnEveryFieldWordPressSearches() throws {
        let entry = CommentEntry(Self.moderated[0])
        for needle in ["plain", "ann", "ANN.EXAMPLE.ORG", "ann@mail", "203.0.113", "113.7"] {
            #expect(try #require(CommentSearch.Pattern(needle)).matches(entry), "\(needle)")
        }
        // The user agent is not among WordPress's search columns.
        #expect(try #require(CommentSearch.Pattern("firefox")).matches(entry) == false)
    }

    @Test(arguments: [false, true])
    func theSiteSearchFindsEmailIPAndURL(folding: Bool) throws {
        var site = SiteComments()
        site.merge(Self.moderated)
        var folded: FoldedTexts?
        if folding {
            var texts = FoldedTexts()
            texts.update(from: site)
            folded = texts
        }
        #expect(try matches("mail.example", in: site, folded: folded) == [1])
        #expect(try matches("198.51.100", in: site, folded: folded) == [2])
        #expect(try matches("ann.example.org", in: site, folded: folded) == [1])
        #expect(try matches(".example", in: site, folded: folded) == [1, 2])
        #expect(try matches("NAIVE", in: site, folded: folded) == [3])
        #expect(try matches("chrome", in: site, folded: folded) == [])
    }

    @Test func withoutTheEditContextEmailAndIPAreNotKnownSoNotFound() throws {
        var site = SiteComments()
        site.merge([Self.comment(1, name: "Ann")])
        #expect(try matches("203.0.113", in: site) == [])
    }

    @Test(arguments: [false, true])
    func foldedTextsFindWhatTheScanFinds(compressing: Bool) throws {
        let (site, _) = SiteCommentsStorageTests.site(compressing: compressing)
        var folded = FoldedTexts()
        folded.update(from: site)
        #expect(folded.indexedCount == site.count, "every slot is folded under the limit")
        for needle in ["naive", "cafe", "東京", "zoe", "number 12", "r 1", "nothing like this", "👩‍👩‍👧"] {
            let pattern = try #require(CommentSearch.Pattern(needle))
            let scan = site.rows(matching: pattern)
            #expect(site.rows(matching: pattern, folded: folded) == scan, "\(needle)")
            let half = site.rows.indices.map { $0 % 2 == 0 }
            #expect(site.rows(matching: pattern, among: half, folded: folded) == zip(scan, half).map { $0 && $1 }, "\(needle)")
        }
    }

    @Test func foldedTextsFollowNewCommentsAndEdits() throws {
        var site = SiteComments()
        site.merge([Self.comment(1, text: "first words"), Self.comment(2, text: "second words")])
        var folded = FoldedTexts()
        folded.update(from: site)
        site.merge([Self.comment(3, text: "a third comment, arriving later")])
        site.merge([Self.comment(1, text: "first words, edited to say kumquat")])
        site.merge([Self.comment(4, name: "Late", url: "https://late.example/", email: "late@new.example", ip: "192.0.2.44")])
        folded.update(from: site)
        #expect(try matches("late@new", in: site, folded: folded) == [4], "a new author's e-mail")
        #expect(try matches("late.example", in: site, folded: folded) == [4], "a new author's URL")
        #expect(try matches("192.0.2.44", in: site, folded: folded) == [4], "a new IP")
        #expect(try matches("arriving", in: site, folded: folded) == [3])
        #expect(try matches("kumquat", in: site, folded: folded) == [1])
        #expect(try matches("first words", in: site, folded: folded) == [1])
        #expect(try matches("words", in: site, folded: folded) == [1, 2, 4])
    }

    @Test func foldedTextsOfOneSiteAreNotTrustedForAnother() throws {
        var one = SiteComments(), other = SiteComments()
        one.merge([Self.comment(1, text: "hello")])
        other.merge([Self.comment(1, text: "world")])
        var folded = FoldedTexts()
        folded.update(from: one)
        folded.update(from: other)
        #expect(try matches("world", in: other, folded: folded) == [1])
        #expect(try matches("hello", in: other, folded: folded) == [])
    }
}
