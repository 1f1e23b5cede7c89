/// What the logged-in user may see of a site's comments, as the login check
/// (`users/me?context=edit`) told: it decides the `context` and the statuses parley asks for.
public enum SiteAccess: Sendable, Equatable {
    /// Not known yet (the check is on its way, or the site could not answer it, or sent no
    /// capabilities): parley asks as if for a moderator and lets the site refuse.
    case unknown
    /// `moderate_comments`: the edit context (e-mail, IP, user agent, source) and every status.
    case moderator
    /// Anyone else (an author, a subscriber, a visitor): the view context, approved
    /// comments only — WordPress refuses the other statuses with 403.
    case reader
}

extension SiteAccess {
    /// Whether parley asks as a moderator does (every status, every type but notes): for
    /// anyone not known to be a mere reader; the site refuses what it must.
    public var asksAsModerator: Bool { self != .reader }

    /// The kinds of comment parley lists for this user: WordPress lets only those who may
    /// edit posts ask for another type than `comment`.
    public var listableKinds: [CommentKind] { asksAsModerator ? CommentKind.allCases : [.comments] }
}

extension CommentsState {
    /// What the user may see on `site`, from its login check.
    public func access(of site: SiteID) -> SiteAccess {
        if loginProblems[site] != nil { return .reader }
        guard let user = currentUsers[site], user.capabilities != nil else { return .unknown }
        return user.canModerate ? .moderator : .reader
    }
}

extension CommentsState {
    /// Whether a moderator's facts are on their way: comments read again in the edit
    /// context, or an address's history (part of ``isBusy``: the header's spinner).
    public var isReadingFacts: Bool {
        !factsBeingRead.isEmpty || addressHistories.values.contains { $0.values.contains(.loading) }
    }
}
