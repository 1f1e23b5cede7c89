/// The `context` parameter: which fields WordPress includes.
public enum RequestContext: String, Sendable, Hashable {
    /// The public fields (the default).
    case view
    /// Everything, including `content.raw` and the author's e-mail and IP; moderators only.
    case edit
    /// A minimal set (no `post`, `status` or `date_gmt`).
    case embed
}
