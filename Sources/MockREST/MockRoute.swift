/// The REST routes the mock counts, delays and corrupts separately.
public enum MockRoute: String, Sendable, Hashable, CaseIterable {
    /// `GET /wp/v2/comments`
    case listComments
    /// `GET /wp/v2/comments/<id>`
    case getComment
    /// `POST /wp/v2/comments`
    case createComment
    /// `POST`, `PUT` or `PATCH /wp/v2/comments/<id>`
    case updateComment
    /// `DELETE /wp/v2/comments/<id>` (trash, or delete for good with `force=true`)
    case deleteComment
    /// `GET /wp/v2/users/me`
    case usersMe
    /// `POST /batch/v1`: one request carrying several writes (counted here once, not under
    /// the routes of its sub-requests).
    case batch
}

extension MockRoute {
    /// The routes that change data: create, update, delete.
    public static let writes: Set<MockRoute> = [.createComment, .updateComment, .deleteComment]
}
