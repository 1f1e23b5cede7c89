import Foundation
import Testing
import FluxTesting
import PropertyBased
@testable import CommentsKit

/// Issue 29: every fast path of the search against a plain version written here — a
/// byte-by-byte search over text folded one scalar at a time (``CommentSearch/fold(_:into:)``,
/// the definition of folding). The sixteen-at-a-time pair search (`find`), the ASCII search
/// lowered on the fly, a pattern over any text, and a whole site's search through its
/// folded-text index kept up to date page by page and edit by edit.
@Suite struct SearchDifferentialTests {
    // MARK: The plain versions

    /// The first offset at or after `start` where `needle` occurs in `haystack`, trying each.
    static func naiveFind(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for at in start...(haystack.count - needle.count) where haystack[at..<(at + needle.count)].elementsEqual(needle) { return at }
        return nil
    }

    /// `text` folded one scalar at a time.
    static func folded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars { CommentSearch.fold(scalar, into: &bytes) }
        return bytes
    }

    /// Whether `text` holds the needle, both folded the plain way (nil: the needle folds to nothing).
    static func naiveContains(_ needle: String, in text: String) -> Bool? {
        let needle = folded(needle.trimmingCharacters(in: .whitespaces)).filter { $0 != 0 }
        guard !needle.isEmpty else { return nil }
        return naiveFind(needle, in: folded(text), from: 0) != nil
    }

    // MARK: Bytes

    /// Few bytes, so pairs and needles recur; capitals for the ASCII search's lowering.
    static let byte = Gen<UInt8?>.element(of: Array("abAB .l".utf8)).map { $0 ?? 0x61 }

    /// A needle of 1–80 bytes, then a text around its length (2 shorter to 220 longer, at
    /// most 300) with the needle, its first two bytes or neither at an offset, and where
    /// the search starts.
    static let needleInText = zip(
        byte.array(of: 1...80), byte.array(of: 300), Gen.int(in: -2...220), Gen.int(in: 0...300), Gen.int(in: 0...2), Gen.int(in: 0...3)
    ).map(placing)

    static func placing(_ input: ([UInt8], [UInt8], Int, Int, Int, Int)) -> ([UInt8], [UInt8], Int) {
        let (needle, filler, delta, offset, placed, startChoice) = input
        let length = min(300, max(0, needle.count + delta))
        var text = Array(filler.prefix(length))
        let at = length == 0 ? 0 : offset % length
        let inserted = placed == 0 ? needle : placed == 1 ? Array(needle.prefix(2)) : []
        let end = min(length, at + inserted.count)
        if at < end { text.replaceSubrange(at..<end, with: inserted.prefix(end - at)) }
        let start = startChoice == 0 ? 0 : startChoice == 1 ? at : startChoice == 2 ? at + 1 : length
        return (needle, text, start)
    }

    /// ASCII capitals lowered: all that folding does to ASCII.
    static func lowered(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { (byte: UInt8) -> UInt8 in byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
    }

    static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        text.withUnsafeBufferPointer { CommentSearch.find(needle, in: $0, from: start) }
    }

    /// 4,000 cases.
    @Test func thePairSearchFindsWhatTheByteByByteSearchFinds() async {
        await propertyCheck(count: 4_000, input: Self.needleInText) { needle, text, start in
            #expect(Self.find(needle, in: text, from: start) == Self.naiveFind(needle, in: text, from: start),
                    "\(needle.count)-byte needle in \(text.count) bytes from \(start)")
        }
    }

    /// 4,000 cases.
    @Test func theASCIISearchLoweredOnTheFlyFindsWhatFoldingFirstFinds() async {
        await propertyCheck(count: 4_000, input: Self.needleInText) { needle, text, _ in
            let lowered = Self.lowered(needle)
            let expected = Self.naiveFind(lowered, in: Self.lowered(text), from: 0) != nil
            let found = lowered.withUnsafeBufferPointer { needle in
                text.withUnsafeBufferPointer { CommentSearch.containsFoldingASCII(needle, in: $0) }
            }
            #expect(found == expected, "\(needle.count)-byte needle in \(text.count) bytes")
        }
    }

    // MARK: Text

    /// Cases, accents composed and combining, expansions (ß), dotted and dotless i, scripts
    /// without case, emoji with ZWJ, the odd control.
    static let alphabet: [String] = [
        "a", "A", "b", "e", "E", "é", "É", "e\u{301}", "\u{301}", "ß", "s", "S", "ñ", "o", "Ö", "ø", "Σ", "σ", "ς",
        "ı", "İ", "i", "字", "😀", "👩‍💻", " ", " ", ".", "1", "\t", "\u{1B}", "ﬁ", "Å", "ǅ",
    ]
    static let piece = Gen<String?>.element(of: alphabet).map { $0 ?? "a" }
    static let text = piece.array(of: 0...120).map { $0.joined() }

    /// A text, and a needle that is a piece of it (1–60 pieces from anywhere) or made up.
    static let textAndNeedle = zip(piece.array(of: 0...120), Gen.int(in: 0...200), Gen.int(in: 1...60), piece.array(of: 1...30), Gen.bool())
        .map(cutting)

    static func cutting(_ input: ([String], Int, Int, [String], Bool)) -> (String, String) {
        let (pieces, from, length, other, ownPiece) = input
        guard ownPiece, !pieces.isEmpty else { return (pieces.joined(), other.joined()) }
        let start = from % pieces.count
        return (pieces.joined(), pieces[start..<min(pieces.count, start + length)].joined())
    }

    /// 3,000 cases.
    @Test func aPatternFindsWhatThePlainFoldedSearchFinds() async {
        await propertyCheck(count: 3_000, input: Self.textAndNeedle) { text, needle in
            let pattern = CommentSearch.Pattern(needle)
            let expected = Self.naiveContains(needle, in: text)
            #expect((pattern == nil) == (expected == nil), "needle \(needle.debugDescription)")
            guard let pattern, let expected else { return }
            #expect(pattern.contains(text) == expected, "\(needle.debugDescription) in \(text.debugDescription)")
        }
    }

    /// 3,000 cases.
    @Test func foldingBytesFoldsAsFoldingEachScalar() async {
        await propertyCheck(count: 3_000, input: Self.text) { text in
            var text = text
            var bytes: [UInt8] = []
            text.withUTF8 { CommentSearch.fold(utf8: $0, into: &bytes) }
            #expect(bytes == Self.folded(text), "\(text.debugDescription)")
        }
    }

    // MARK: A site, through its folded-text index

    /// Comments of one site: text, author name and URL from the alphabet above, some of the
    /// same author; `edits` change some texts after they were folded.
    static func comments(_ texts: [String], authors: [String], firstID: Int) -> [CommentsKit.Comment] {
        texts.enumerated().map { index, text in
            CommentsKit.Comment(
                id: firstID + index, post: 1, parent: index % 3 == 2 ? firstID + index - 1 : 0,
                authorName: authors.isEmpty ? "anon" : authors[index % authors.count],
                authorURL: index % 4 == 0 ? "https://example.com/\(index)" : "",
                date: Date(timeIntervalSinceReferenceDate: Double(firstID + index) * 60),
                contentHTML: text)
        }
    }

    /// The site's rows the plain way: each entry's fields, folded and scanned.
    static func naiveRows(of site: SiteComments, matching needle: String) -> [Bool] {
        site.allEntries.map { entry in
            [entry.text, entry.authorName, entry.authorURL, entry.facts?.email ?? "", entry.facts?.ip ?? ""]
                .contains { Self.naiveContains(needle, in: $0) == true }
        }
    }

    static let plainText = Gen<String?>.element(of: alphabet.filter { $0 != "\u{1B}" && $0 != "\t" }).map { $0 ?? "a" }
        .array(of: 0...60).map { $0.joined() }
    static let siteInput = zip(
        plainText.array(of: 1...30), plainText.array(of: 0...20), plainText.array(of: 1...4), piece.array(of: 1...6),
        Gen.int(in: 0...40)
    )

    /// 250 cases (each a site of up to 50 comments, two needles, each searched three ways).
    /// A time limit: a walk of the folded texts that stops one text short finds the same
    /// hit for ever.
    @Test(.timeLimit(.minutes(1 * SafetyNet.scale))) func aSiteSearchedThroughItsFoldedTextsFindsWhatThePlainScanFinds() async {
        await propertyCheck(count: 250, input: Self.siteInput) { first, second, authors, needlePieces, limit in
            var site = SiteComments()
            var index = FoldedTexts()
            site.merge(Self.comments(first, authors: authors, firstID: 1))
            index.update(from: site)
            // A second page, and edits of texts already folded (the index marks them stale).
            var edited = Self.comments(first, authors: authors, firstID: 1)
            for position in edited.indices where position % 5 == 1 { edited[position].contentHTML = second.first ?? "" }
            site.merge(Self.comments(second, authors: authors, firstID: 1_000) + edited)
            // A needle from a text (hits) and one made up.
            let fromText = String((first.first ?? "").prefix(needlePieces.count * 2))
            for needle in [fromText, needlePieces.joined()] {
                guard let pattern = CommentSearch.Pattern(needle) else { continue }
                let expected = Self.naiveRows(of: site, matching: needle)
                var partial = index
                partial.update(from: site, foldingAtMost: limit)
                #expect(site.rows(matching: pattern, folded: partial) == expected, "part folded: \(needle.debugDescription)")
                var whole = index
                whole.update(from: site)
                #expect(site.rows(matching: pattern, folded: whole) == expected, "all folded: \(needle.debugDescription)")
                #expect(site.rows(matching: pattern) == expected, "no index: \(needle.debugDescription)")
            }
        }
    }
}
