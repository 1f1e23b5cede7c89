/// `POST /wp/v2/comments`.
struct ReplyBody: Encodable, Sendable {
    let post: Int
    let parent: Int
    let content: String
}

/// `POST /wp/v2/comments/<id>` with a new status.
struct StatusBody: Encodable, Sendable {
    let status: String
}

/// `POST /wp/v2/comments/<id>` with new content.
struct ContentBody: Encodable, Sendable {
    let content: String
}
