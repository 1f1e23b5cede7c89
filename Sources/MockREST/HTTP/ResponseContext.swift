/// The `context` parameter: which fields a comment is rendered with.
enum ResponseContext: String, Sendable {
    case view, embed, edit
}
