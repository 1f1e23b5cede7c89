/// A write that was not sent because its comment changed on the site, kept until the user
/// answers the question it raises: write anyway (``CommentsAction/overrideConflict(number:)``)
/// or leave the comment as the site has it (``CommentsAction/dismissConflict(number:)``).
public struct HeldConflict: Equatable, Sendable {
    /// Numbers the conflicts of a session (the answer names it).
    public let number: Int
    /// The site.
    public let site: SiteID
    /// What changed on the site.
    public let conflict: WriteConflict
    /// The write that was not sent, as it would be sent again.
    let change: WriteChange

    /// The comment written (a reply's local id while it is not posted).
    public var commentID: Int { change.localOrSiteID }

    /// What writing anyway does, to end the question: "approve", "delete it for good".
    public var attempt: String {
        switch change {
        case .moderation(_, _, _, _, _?): "undo"
        case .moderation(_, _, _, let moderation, nil): moderation.verb.lowercased()
        case .deletion: "delete it for good"
        case .edit: "save your text over it"
        case .reply: "post the reply"
        }
    }

    /// The text the user wrote (an edit's, a reply's), kept whatever the answer.
    public var yourText: String? {
        switch change {
        case .edit(_, _, _, let text, _): text
        case .reply(_, _, let reply): reply.text
        case .moderation, .deletion: nil
        }
    }
}
