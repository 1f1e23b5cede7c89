/// wp-admin's Quick Edit over REST: a comment's text and its author's name, e-mail and URL
/// in one update.
extension WordPressClient {
    /// `POST /wp/v2/comments/<id>` with new content and author fields (those of `author`
    /// that are set).
    public func updateComment(id: Int, content: String, author: AuthorEdit) async throws(CommentsError) -> Comment {
        try await update(id: id, body: QuickEditBody(content: content, authorName: author.name,
                                                     authorEmail: author.email, authorURL: author.url))
    }
}

/// `POST /wp/v2/comments/<id>` with content and author fields; absent fields are left out.
struct QuickEditBody: Encodable, Sendable {
    let content: String
    let authorName: String?
    let authorEmail: String?
    let authorURL: String?

    enum CodingKeys: String, CodingKey {
        case content
        case authorName = "author_name"
        case authorEmail = "author_email"
        case authorURL = "author_url"
    }
}
