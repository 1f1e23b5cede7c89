/// The per-row answers of the filters (``RowMatcher/masks()``), remembered for the matcher
/// they came from: a filter toggle recomputes the facet counts and the visible list, and
/// both read the same pass over the comments instead of testing every row twice.
@MainActor
final class RowMaskMemo {
    private var key: RowMatcher.Key?
    private var masks: [UInt8] = []
    /// How many passes were made (not served from memory): for tests.
    private(set) var computeCount = 0

    /// The masks of `matcher`, computed once per distinct matcher.
    func masks(of matcher: RowMatcher) -> [UInt8] {
        if key == matcher.key { return masks }
        masks = matcher.masks()
        key = matcher.key
        computeCount += 1
        return masks
    }
}
