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

    /// The comments `ids` (at most 100) as the site has them now, in one list: `include`
    /// with `status=any` — WordPress lists only approved comments unless asked, and a
    /// comment in the trash or the spam must be seen there, not taken for deleted. An id
    /// missing from the answer is a comment the site no longer has.
    public func snapshots(ids: [Int]) async throws(CommentsError) -> [Int: CommentSnapshot] {
        guard !ids.isEmpty else { return [:] }
        let context = isLoggedIn ? RequestContext.edit : .view
        let query: [(String, String)] = [
            ("include", ids.map(String.init).joined(separator: ",")), ("per_page", String(min(100, ids.count))),
            ("status", "any"), ("type", "all"), ("context", context.rawValue), ("_fields", Self.snapshotFields),
        ]
        let (data, _) = try await send("GET", "/wp/v2/comments", query: query)
        let listed = try decode([CommentSnapshot].self, from: data, for: "GET /wp/v2/comments?include=…")
        return Dictionary(listed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
