import Foundation

/// Text folded for search, as ``CommentsKit/CommentSearch`` folds it: lowercase, accents
/// and other combining marks dropped ("Zoë" → "zoe", "ß" → "ss").
///
/// The index holds folded text and queries are folded alike, so the trigram index (which
/// in SQLite 3.40 folds neither accents nor, with `case_sensitive 1`, case) finds exactly
/// what the in-memory search finds. This repeats `CommentSearch.fold`, which CommentsKit
/// keeps internal; the property test holds the two to the same answers.
enum SearchFolding {
    /// `text` folded scalar by scalar.
    static func fold(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                output.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else {
                output.append(contentsOf: foldedNonASCII(scalar))
            }
        }
        return String(output)
    }

    private static func foldedNonASCII(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if let cached = cache.withLock({ $0[scalar.value] }) { return cached }
        let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let scalars = folded.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
        let result = Array(scalars)
        cache.withLock { $0[scalar.value] = result }
        return result
    }

    private static let cache = FoldCache()
}

/// The fold of each non-ASCII scalar met so far, shared by every thread that folds.
///
/// An `NSLock` rather than `Synchronization.Mutex`, for the reason CommentsKit's `Locked`
/// gives: ThreadSanitizer on Linux does not see `Mutex`'s futex as a synchronisation.
private final class FoldCache: @unchecked Sendable {
    // @unchecked: `folds` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var folds: [UInt32: [Unicode.Scalar]] = [:]

    func withLock<Result>(_ body: (inout [UInt32: [Unicode.Scalar]]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&folds)
    }
}
