import CommentsKit

extension Dictionary where Key == Int, Value == CommentsKit.Comment {
    /// What a cache does with `write` to one site's comments, for the tests' in-memory
    /// caches: comments added or replaced, the removed gone, and with `keepOnly` nothing else.
    mutating func apply(_ write: CacheWrite) {
        for comment in write.comments { self[comment.id] = comment }
        for id in write.removed { self[id] = nil }
        if let keep = write.keepOnly { self = filter { keep.contains($0.key) } }
    }
}
