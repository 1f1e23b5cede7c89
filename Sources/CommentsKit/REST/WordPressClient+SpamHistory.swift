/// A site's labelled history, as the spam model learns it (``SiteSpamTrainer``), read from
/// the site when no replica holds it.
extension WordPressClient {
    /// The fields the spam score reads of a comment, with those a ``Comment`` cannot be read without.
    static let spamHistoryFields = "id,date_gmt,status,type,content,author_name,author_email,author_url,author_ip"

    /// Every approved and every spam comment and ping of the site, 100 a request, in the
    /// edit context (the text as written, the authors' e-mail addresses and IPs: a
    /// moderator's view, as the spam folder is), with only the fields the score reads.
    package func spamHistory() async throws(CommentsError) -> [Comment] {
        var history: [Comment] = []
        for status in [CommentStatus.approved, .spam] {
            for kind in CommentKind.allCases {
                var request = CommentListRequest(statuses: [status], perPage: 100, context: .edit, type: kind.rawValue)
                while true {
                    let (data, response) = try await send(
                        "GET", "/wp/v2/comments", query: request.queryItems + [("_fields", Self.spamHistoryFields)])
                    let page = try await decoded { () throws(CommentsError) -> [Comment] in
                        try self.decode([Lossy<Comment>].self, from: data, for: "GET /wp/v2/comments").compactMap(\.value)
                    }
                    history += page.filter { $0.commentType != .note }
                    guard !page.isEmpty, request.page < (Self.integerHeader("X-WP-TotalPages", response) ?? 1) else { break }
                    request.page += 1
                }
            }
        }
        return history
    }
}
