/// Which ids are not comments at all: the block editor's notes (WordPress 6.9 and later keep
/// them as comments of type `note`), which parley leaves alone — a write addressed to one
/// by its id (`parley comment approve 15`) is refused before anything is sent.
extension WordPressClient {
    /// The type of comment `id` (`GET /wp/v2/comments/<id>?_fields=id,type`, which answers
    /// whatever the type); nil when the site has no such comment (404).
    public func type(of id: Int) async throws(CommentsError) -> CommentType? {
        struct Typed: Decodable { let type: String? }
        let context = isLoggedIn ? RequestContext.edit : .view
        do {
            let (data, _) = try await send("GET", "/wp/v2/comments/\(id)", query: [("context", context.rawValue), ("_fields", "id,type")])
            return CommentType(wordPress: try decode(Typed.self, from: data, for: "GET /wp/v2/comments/\(id)").type ?? "comment")
        } catch .http(status: 404, _, _) {
            return nil
        }
    }

    /// Which of `ids` are notes. The comments and pings among them are found by list, 100 at
    /// a time (``snapshots(ids:)``, which asks for those types by name); only an id neither
    /// holds is read alone, to tell a note from a comment the site does not have.
    public func notes(among ids: [Int]) async throws(CommentsError) -> Set<Int> {
        var notes = Set<Int>()
        for start in stride(from: 0, to: ids.count, by: 100) {
            let chunk = Array(ids[start..<min(ids.count, start + 100)])
            let found = try await snapshots(ids: chunk)
            for id in Set(chunk) where found[id] == nil {
                if try await type(of: id) == .note { notes.insert(id) }
            }
        }
        return notes
    }
}
