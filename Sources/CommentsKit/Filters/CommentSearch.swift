import Foundation
import Synchronization

/// The free-text search: one definition for the filter (`/`) and for `n` / `N`.
///
/// Matching ignores case and accents ("naive" finds "naïve", "ZOE" finds "Zoë"). The
/// needle is folded once; the text is folded one scalar at a time as it is scanned —
/// ASCII by arithmetic, anything else through a cache of Foundation's folding — so a
/// keystroke in the search prompt over 100,000 comments costs a scan, not 100,000 calls
/// into Foundation's string search.
public enum CommentSearch {
    /// Whether `entry`'s author or text contains `needle`. An empty needle matches
    /// everything.
    public static func matches(_ entry: CommentEntry, needle: String) -> Bool {
        guard let pattern = Pattern(needle) else { return true }
        return pattern.matches(entry)
    }

    /// A needle folded once, to test many comments with.
    public struct Pattern: Sendable {
        private let folded: [UInt32]

        /// The pattern for `needle` (surrounding spaces ignored); nil when it is empty.
        public init?(_ needle: String) {
            let trimmed = needle.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            var folded: [UInt32] = []
            for scalar in trimmed.unicodeScalars { CommentSearch.fold(scalar, into: &folded) }
            guard !folded.isEmpty else { return nil }
            self.folded = folded
        }

        /// Whether `entry`'s author or text contains the needle.
        public func matches(_ entry: CommentEntry) -> Bool {
            contains(entry.comment.authorName) || contains(entry.text)
        }

        /// Whether `text` contains the needle, folded alike.
        public func contains(_ text: String) -> Bool {
            let first = folded[0]
            var window: [UInt32] = []
            window.reserveCapacity(folded.count * 2)
            var scratch: [UInt32] = []
            // `window` holds the folded tail of the text that may still start a match.
            for scalar in text.unicodeScalars {
                scratch.removeAll(keepingCapacity: true)
                CommentSearch.fold(scalar, into: &scratch)
                for value in scratch {
                    if window.isEmpty, value != first { continue }
                    window.append(value)
                    while !window.isEmpty, !isPrefix(window) {
                        window.removeFirst()
                        if let start = window.firstIndex(of: first) {
                            window.removeFirst(start)
                        } else {
                            window.removeAll(keepingCapacity: true)
                        }
                    }
                    if window.count == folded.count { return true }
                }
            }
            return false
        }

        private func isPrefix(_ window: [UInt32]) -> Bool {
            guard window.count <= folded.count else { return false }
            for index in window.indices where window[index] != folded[index] { return false }
            return true
        }
    }

    /// Appends `scalar` folded for matching: lowercase, accents and other combining marks
    /// dropped ("É" → "e", "ß" → "ss").
    static func fold(_ scalar: Unicode.Scalar, into output: inout [UInt32]) {
        let value = scalar.value
        if value < 0x80 {
            output.append(value >= 0x41 && value <= 0x5A ? value + 0x20 : value)
            return
        }
        if let cached = foldCache.withLock({ $0[value] }) {
            output.append(contentsOf: cached)
            return
        }
        let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let values = folded.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }.map(\.value)
        foldCache.withLock { $0[value] = values }
        output.append(contentsOf: values)
    }

    private static let foldCache = Mutex<[UInt32: [UInt32]]>([:])
}
