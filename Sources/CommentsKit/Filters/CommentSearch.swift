import Foundation

/// The free-text search: one definition for the filter (`/`) and for `n` / `N`.
///
/// Matching ignores case and accents ("naive" finds "naïve", "ZOE" finds "Zoë"). The
/// needle is folded once; the text is folded one scalar at a time as it is scanned —
/// ASCII by arithmetic, anything else through a cache of Foundation's folding — so a
/// keystroke in the search prompt over 100,000 comments costs a scan, not 100,000 calls
/// into Foundation's string search.
public enum CommentSearch {
    /// A needle folded once, to test many comments with.
    public struct Pattern: Sendable, Equatable {
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

        /// Whether this needle contains `other`'s (so whatever this one finds, `other` finds).
        func includes(_ other: Pattern) -> Bool {
            guard other.folded.count <= folded.count else { return false }
            for start in 0...(folded.count - other.folded.count)
            where folded[start..<(start + other.folded.count)].elementsEqual(other.folded) {
                return true
            }
            return false
        }

        /// Whether `entry`'s author or text contains the needle.
        public func matches(_ entry: CommentEntry) -> Bool {
            var buffer: [UInt32] = []
            return matches(entry, buffer: &buffer)
        }

        /// Same as ``matches(_:)``, folding into `buffer` (reused across many comments so
        /// a scan allocates once).
        func matches(_ entry: CommentEntry, buffer: inout [UInt32]) -> Bool {
            contains(entry.authorName, buffer: &buffer) || contains(entry.text, buffer: &buffer)
        }

        /// Whether `text` contains the needle, folded alike.
        public func contains(_ text: String) -> Bool {
            var buffer: [UInt32] = []
            return contains(text, buffer: &buffer)
        }

        /// Folds `text` into `buffer`, then looks for the needle in it.
        func contains(_ text: String, buffer: inout [UInt32]) -> Bool {
            buffer.removeAll(keepingCapacity: true)
            for scalar in text.unicodeScalars { append(scalar, to: &buffer) }
            return bufferContainsNeedle(buffer)
        }

        /// Same as ``contains(_:buffer:)`` on text stored as UTF-8 (``TextStore``), decoded
        /// as it is scanned.
        func contains(utf8 bytes: ArraySlice<UInt8>, buffer: inout [UInt32]) -> Bool {
            buffer.removeAll(keepingCapacity: true)
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): append(scalar, to: &buffer)
                case .error: append("\u{FFFD}", to: &buffer)
                case .emptyInput: break decoding
                }
            }
            return bufferContainsNeedle(buffer)
        }

        @inline(__always)
        private func append(_ scalar: Unicode.Scalar, to buffer: inout [UInt32]) {
            let value = scalar.value
            if value < 0x80 {
                buffer.append(value &- 0x41 < 26 ? value + 0x20 : value)
            } else {
                CommentSearch.fold(scalar, into: &buffer)
            }
        }

        private func bufferContainsNeedle(_ buffer: [UInt32]) -> Bool {
            let count = folded.count
            guard buffer.count >= count else { return false }
            let first = folded[0]
            var start = 0
            let last = buffer.count - count
            while start <= last {
                if buffer[start] == first {
                    var offset = 1
                    while offset < count, buffer[start + offset] == folded[offset] { offset += 1 }
                    if offset == count { return true }
                }
                start += 1
            }
            return false
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

    private static let foldCache = Locked<[UInt32: [UInt32]]>([:])
}
