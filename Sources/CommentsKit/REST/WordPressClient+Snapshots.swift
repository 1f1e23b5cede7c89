/// What a write compares with before it is sent (``CommentSnapshot``): one comment, or the
/// comments of a bulk run's next chunk in one list.
extension WordPressClient {
    /// The fields a check reads: what a write may conflict with, nothing else.
    static let snapshotFields = "id,status,content,parent,post"

    /// `GET /wp/v2/comments/<id>?_fields=…`, in the edit context when logged in (its
    /// `content.raw` is what an edit compares). Nil when the site has no such comment (404).
    public func snapshot(id: Int) async throws(CommentsError) -> CommentSnapshot? {
        let context = isLoggedIn ? RequestContext.edit : .view
        do {
            let (data, _) = try await send("GET", "/wp/v2/comments/\(id)",
                                           query: [("context", context.rawValue), ("_fields", Self.snapshotFields)])
            return try decode(CommentSnapshot.self, from: data, for: "GET /wp/v2/comments/\(id)")
        } catch .http(status: 404, _, _) {
            return nil
        }
    }

    /// The comments `ids` (at most 100) as the site has them now: `include` with
    /// `status=any` — WordPress lists only approved comments unless asked, and a comment in
    /// the trash or the spam must be seen there, not taken for deleted. One list of the
    /// comments (`type=comment`), then one of the pings (`type=pings`) for the ids it did not
    /// hold, if any: never `type=all`, which would bring notes. An id missing from both is a
    /// comment the site no longer has (or something that is not a comment, as a note).
    public func snapshots(ids: [Int]) async throws(CommentsError) -> [Int: CommentSnapshot] {
        var found: [Int: CommentSnapshot] = [:]
        var missing = ids
        for kind in CommentKind.allCases where !missing.isEmpty {
            for snapshot in try await snapshots(ids: missing, kind: kind) where found[snapshot.id] == nil {
                found[snapshot.id] = snapshot
            }
            missing.removeAll { found[$0] != nil }
        }
        return found
    }

    /// One list of ``snapshots(ids:)``: the comments of `kind` among `ids`.
    private func snapshots(ids: [Int], kind: CommentKind) async throws(CommentsError) -> [CommentSnapshot] {
        let context = isLoggedIn ? RequestContext.edit : .view
        let query: [(String, String)] = [
            ("include", ids.map(String.init).joined(separator: ",")), ("per_page", String(min(100, ids.count))),
            ("status", "any"), ("type", kind.rawValue), ("context", context.rawValue), ("_fields", Self.snapshotFields),
        ]
        let (data, _) = try await send("GET", "/wp/v2/comments", query: query)
        return try decode([CommentSnapshot].self, from: data, for: "GET /wp/v2/comments?include=…")
    }
}
