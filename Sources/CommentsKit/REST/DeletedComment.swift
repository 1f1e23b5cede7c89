/// The answer to `DELETE …?force=true`: `{"deleted": true, "previous": {…}}`.
struct DeletedComment: Decodable, Sendable {
    let deleted: Bool
    let previous: Comment
}
