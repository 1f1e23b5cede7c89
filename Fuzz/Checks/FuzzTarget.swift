/// The fuzz targets, each a function from bytes to "the invariants held" or a violation.
///
/// One place for the checks: libFuzzer calls them through `parley-fuzz` (Fuzz/Driver), and
/// `swift test` replays every committed corpus and crash file through the same functions
/// (Tests/FuzzReplayTests), fast and without libFuzzer.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// Bytes → `TextSanitizer` (`sanitize(bytes:)`, `singleLine`, `escapingControls`).
    case sanitize
    /// Bytes → `HTMLText.plainText(fromHTML:)` → `TextSanitizer.sanitize`.
    case html
    /// Bytes → `JSONDecoder` → `Comment` and `[Comment]`; errors are fine, crashes are not.
    case commentJSON = "comment-json"
    /// Bytes → raw keys → `KeyStreamDecoder`/`KeyDecoder` → `TextEditor` and `LineEditor`.
    case editors
    /// Bytes → width and text → `DisplayWidth.truncate/pad/fit`, `TextWrapper.wrap`.
    case width
    /// Bytes → `Configuration.parse` (TOML via TOMLKit).
    case config
    /// Bytes → needle and text → `CommentSearch.Pattern.contains` against a byte-by-byte
    /// search of text folded the plain way (issue 29).
    case search
    /// Bytes → a tree of JSON values → the mock's `JSONBodyWriter` against `JSONSerialization`.
    case jsonWriter = "json-writer"
    /// Bytes → width and text → `DisplayWidth.truncate/pad`, `TextWrapper.wrap` against
    /// versions that walk an array of characters.
    case wrap
    /// Bytes → pages of comments merged one by one into `SiteComments` → its rows against
    /// the thread order built the plain way from every comment merged, and its row facts
    /// against each comment.
    case merge
    /// Bytes → a script of subscriptions by key, changes and cancellations on a
    /// `FluxStore` → each keyed subscriber against a twin that hears every change.
    case subscriptions
    /// Bytes → a site's comments, edits and a needle → the search through the folded-text
    /// index against a plain scan with the search target's folding.
    case foldedIndex = "folded-index"

    /// Runs the target on one input; throws the first invariant that does not hold.
    package func check(_ input: [UInt8]) throws(FuzzViolation) {
        switch self {
        case .sanitize: try SanitizerCheck.run(input)
        case .html: try HTMLCheck.run(input)
        case .commentJSON: try CommentJSONCheck.run(input)
        case .editors: try EditorCheck.run(input)
        case .width: try WidthCheck.run(input)
        case .config: try ConfigurationCheck.run(input)
        case .search: try SearchCheck.run(input)
        case .jsonWriter: try JSONWriterCheck.run(input)
        case .wrap: try WrapCheck.run(input)
        case .merge: try MergeCheck.run(input)
        case .subscriptions: try SubscriptionsCheck.run(input)
        case .foldedIndex: try FoldedIndexCheck.run(input)
        }
    }
}

/// An invariant that did not hold, in words (the fuzz driver traps with it; the replay
/// test reports it).
package struct FuzzViolation: Error, CustomStringConvertible, Equatable {
    /// What went wrong, with the values involved.
    package let description: String

    init(_ description: String) { self.description = description }
}

/// `condition` or a violation saying `message`.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(message()) }
}
