import Testing
import Foundation
import PropertyBased
@testable import CommentsKit

/// The near-duplicate finder (issue 30): a flood's copies that vary a few words, names or
/// links are close; unrelated texts and short ordinary ones are not; HTML, links, digits,
/// case and punctuation are folded before comparing; a site's scan finds them whatever
/// their status, and not the replies not yet on the site.
@Suite struct NearDuplicatesTests {
    private func close(_ one: String, _ other: String) -> Bool {
        NearDuplicates(closeTo: one).isClose(other)
    }

    private func normalized(_ text: String) -> String {
        String(decoding: NearDuplicateText(text).normalized, as: UTF8.self)
    }

    // MARK: Floods

    @Test func aFloodThatSwapsAWordANameAndItsDomainIsClose() {
        #expect(close("Great post! Visit cheap-pills.example for deals",
                      "Great article!! Visit cheap-pillz.example for great deals"))
        #expect(close("Hi John, cheap meds at https://pills.example/buy?id=123 with fast shipping worldwide",
                      "Hi Maria, cheap meds at http://www.pillz.example/p/9 with fast shipping worldwide!"))
        #expect(close("Buy cheap viagra online at pills.example, best prices, fast shipping worldwide",
                      "Buy cheap cialis online at meds.example - best prices and fast shipping worldwide!"))
    }

    @Test func numbersInAFloodDoNotMakeItsCopiesDiffer() {
        #expect(close("Cheap pills at pillz.example, offer 17 of 250, order now today",
                      "Cheap pills at pillz.example, offer 254 of 3, order now today"))
    }

    @Test func closenessIsSymmetric() {
        let one = "Great post! Visit cheap-pills.example for deals"
        let other = "Great article!! Visit cheap-pillz.example for great deals"
        #expect(close(one, other) == close(other, one))
        #expect(NearDuplicateText(one).similarity(to: NearDuplicateText(other))
            == NearDuplicateText(other).similarity(to: NearDuplicateText(one)))
    }

    // MARK: What is not close

    @Test func unrelatedTextsAreNotClose() {
        #expect(!close("My grandmother used to say the same thing, and she was usually right.",
                       "Cheap pills at pillz.example, offer 17, order now while stocks last"))
        #expect(!close("This is exactly what I needed to read today, thank you",
                       "This is not what I expected to read today, thanks"))
    }

    @Test func shortOrdinaryCommentsThatShareAWordOrTwoAreNotClose() {
        #expect(!close("Thanks!", "Thanks a lot!"))
        #expect(!close("I love this song", "I love this song so much"))
        #expect(!close("Great post!", "Great post, thanks!"))
    }

    @Test func aShortTextIsCloseToItsExactCopyOnly() {
        #expect(close("Thanks!", "thanks"))
        #expect(close("Nice one :) 10/10", "NICE ONE!!! 7/10"))
        #expect(!close("Nice one", "Nice two"))
    }

    @Test func aTextWithoutWordsIsCloseToNothing() {
        #expect(!NearDuplicates(closeTo: "!!! ...").hasWords)
        #expect(!close("", ""))
        #expect(!close("?!", "?!"))
    }

    // MARK: Normalising

    @Test func linksDomainsAndAddressesAreOneWord() {
        #expect(normalized("Visit https://Cheap-Pills.example/offer?id=3&ref=9#top now") == "visit url now")
        #expect(normalized("see www.pills.example, or (pillz.example/x).") == "see url or url")
        #expect(normalized("write to bot@pillz.example") == "write to url")
        // The plain text's link: `text <target>`.
        #expect(normalized("my field guide <https://example.com/notes/field-guide>") == "my field guide url")
    }

    @Test func abbreviationsAndNumbersWithDotsAreNotLinks() {
        #expect(normalized("e.g. version 3.5 is out") == "e g version 0 0 is out")
    }

    @Test func caseDigitsPunctuationAndSpacingAreFolded() {
        #expect(normalized("  Great   POST!!\n\nCall 555-1234… now ") == "great post call 0 0 now")
        #expect(normalized("Ça VA, Zoë?") == "ça va zoë")
    }

    @Test func invisibleCharactersInsideWordsAreDropped() {
        #expect(normalized("vi\u{200B}ag\u{00AD}ra on\u{FEFF}line") == "viagra online")
    }

    @Test func htmlMadeTextComparesAsItsWords() {
        let html = "<p>Great post! Visit <a href=\"https://cheap-pills.example/x?id=1\">cheap pills</a> for <strong>deals</strong></p>"
        let text = HTMLText.plainText(fromHTML: html)
        #expect(normalized(text) == "great post visit cheap pills url for deals")
        #expect(close(text, "Great post!! Visit cheap pills <https://cheap-pillz.example/y?id=2> for deals"))
    }

    @Test func shinglesAreTheTextsFourByteWindowsWithItsEdges() {
        #expect(NearDuplicateText("ab cd").shingles.count == 4)  // " ab ", "ab c", "b cd", " cd "
        #expect(NearDuplicateText("ab ab ab").shingles.count == 3)  // " ab ", "ab a", "b ab" repeat
    }

    // MARK: A site

    private static func comment(_ id: Int, _ text: String, _ status: CommentStatus = .hold) -> CommentsKit.Comment {
        CommentsKit.Comment(id: id, post: 1, authorName: "Reader \(id)", date: Date(timeIntervalSince1970: TimeInterval(1_795_000_000 + id)),
                            contentHTML: "<p>\(text)</p>", status: status, type: "comment")
    }

    @Test func aSiteScanFindsTheFloodWhateverItsStatusAndNothingElse() {
        var site = SiteComments()
        site.merge([
            Self.comment(1, "Great post! Visit cheap-pills.example for deals"),
            Self.comment(2, "Great article!! Visit cheap-pillz.example for great deals", .spam),
            Self.comment(3, "Great post!!! Visit <a href=\"https://pills.example/?a=1\">pills.example</a> for deals", .trash),
            Self.comment(4, "I tried this last spring and it worked better than I expected.", .approved),
            Self.comment(5, "Great post!", .approved),
        ])
        let finder = NearDuplicates(closeTo: "Great post! Visit cheap-pills.example for deals")
        #expect(finder.ids(in: site) == [1, 2, 3])
    }

    @Test func aSiteScanFindsTheExactCopiesOfAShortText() {
        var site = SiteComments()
        site.merge([Self.comment(1, "Thanks!"), Self.comment(2, "thanks"), Self.comment(3, "Thanks a lot!")])
        #expect(NearDuplicates(closeTo: "Thanks!").ids(in: site) == [1, 2])
    }

    @Test func aSiteScanAgreesWithComparingEachPair() {
        let texts = [
            "Cheap pills at pillz.example, offer 17, order now while stocks last",
            "Cheap pills at pills.example: offer 3 - order now while the stocks last!",
            "cheap PILLS at <a href=\"http://x.example\">x.example</a> offer 9 order now while stocks last",
            "Pills. Cheap. Now. pillz.example",
            "Order now while stocks last, cheap pills, offer 17",
            "My grandmother used to say the same thing, and she was usually right.",
            "Thanks!", "",
        ]
        var site = SiteComments()
        site.merge(texts.enumerated().map { Self.comment($0.offset + 1, $0.element) })
        for (index, text) in texts.enumerated() {
            let plain = HTMLText.plainText(fromHTML: "<p>\(text)</p>")
            let finder = NearDuplicates(closeTo: plain)
            let expected = texts.indices.filter { finder.isClose(HTMLText.plainText(fromHTML: "<p>\(texts[$0])</p>")) }.map { $0 + 1 }
            #expect(finder.ids(in: site) == expected, "\(index + 1): \(text)")
        }
    }
}

/// The scan's fast path — shingles hashed into its own open-addressed sets, a text given up
/// once it has missed more than a close one could — against the plain version written here:
/// each text's shingles in a `Set`, their Jaccard similarity, and the rule.
@Suite struct NearDuplicatesDifferentialTests {
    /// Words that make floods: shared and varied words, domains and links, numbers,
    /// punctuation, a non-ASCII word and one with a zero-width space in it.
    static let word = Gen<String?>.element(of: [
        "cheap", "pills", "pillz", "at", "order", "now", "today", "while", "stocks", "last", "offer", "17", "254",
        "pillz.example,", "https://pills.example/?ref=2", "<https://x.example/a>", "Great", "post!", "Zoë", "vi\u{200B}agra",
        "-", "!!", "e.g.", "3.5", "\n",
    ]).map { $0 ?? "cheap" }

    /// A text of 0–16 of those words.
    static let text = word.array(of: 0...16).map { $0.joined(separator: " ") }

    /// Whether `one` and `other` are close, the plain way.
    static func plainClose(_ one: String, _ other: String) -> Bool {
        let first = NearDuplicateText(one), second = NearDuplicateText(other)
        guard first.wordCount > 0, second.wordCount > 0 else { return false }
        guard first.wordCount >= NearDuplicates.minimumWords, second.wordCount >= NearDuplicates.minimumWords else {
            return first.normalized == second.normalized
        }
        var mine = Set<UInt32>(), theirs = Set<UInt32>()
        NearDuplicateText.forEachShingle(of: first.normalized) { mine.insert($0) }
        NearDuplicateText.forEachShingle(of: second.normalized) { theirs.insert($0) }
        let union = mine.union(theirs).count
        return union > 0 && Double(mine.intersection(theirs).count) / Double(union) >= NearDuplicates.threshold
    }

    /// `text` as a paragraph of HTML, its markup characters escaped (angle brackets stay
    /// text, as a link's target in the plain text is).
    static func html(_ text: String) -> String {
        "<p>" + text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;") + "</p>"
    }

    @Test func aSiteScanFindsWhatComparingEachPairThePlainWayFinds() async {
        await propertyCheck(count: 100, input: Self.text.array(of: 1...24)) { texts in
            var site = SiteComments()
            site.merge(texts.enumerated().map { index, text in
                CommentsKit.Comment(id: index + 1, post: 1, authorName: "Reader", date: Date(timeIntervalSince1970: TimeInterval(index)),
                                    contentHTML: Self.html(text), status: .hold, type: "comment")
            })
            let plain = texts.map { HTMLText.plainText(fromHTML: Self.html($0)) }
            for target in plain.prefix(4) {
                let expected = plain.indices.filter { Self.plainClose(target, plain[$0]) }.map { $0 + 1 }
                #expect(NearDuplicates(closeTo: target).ids(in: site) == expected)
            }
        }
    }
}
