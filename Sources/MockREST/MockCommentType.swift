/// What kind of comment a row is (`comment_type`), spelled as WordPress answers it.
public enum MockCommentType: String, Sendable, Hashable, CaseIterable {
    /// A visitor's or a user's comment.
    case comment
    /// A pingback: another site's post linked here; `author_name` is that post's title,
    /// `author_url` its address, the content an excerpt (`[&#8230;] … [&#8230;]`).
    case pingback
    /// A trackback: another site announced a post; `author_name` is that site's name,
    /// `author_url` the post's address, the content `<strong>title</strong>` and an excerpt.
    case trackback
    /// An editorial note of the block editor (WordPress 6.9 and later): held while open,
    /// approved once resolved; never a comment of the site. WordPress lists notes only to
    /// `type=note` and `type=all`, and shows them only to who may edit their post.
    case note

    /// A pingback or a trackback (`type=pings`).
    public var isPing: Bool { self == .pingback || self == .trackback }
}
