/// The notes and pings every seeded site holds besides its generated comments (which have
/// a few pings of their own, drawn at random): the cases a client must tell apart, always
/// there, dated after the generated comments. The notes are the administrator's, as the
/// block editor stores them (WordPress 6.9 and later); the pings are stored as WordPress
/// stores a received pingback or trackback.
extension SeedData {
    /// One entry of the fixed set, before it gets its id, date and place.
    private struct Entry {
        var type: MockCommentType
        var status: MockCommentStatus
        var content: String
        /// Offset (within this set) of the parent, or nil for a top-level entry.
        var parentOffset: Int?
        var noteStatus: MockNoteStatus?
    }

    private static let entries: [Entry] = [
        Entry(type: .note, status: .hold, content: "Editorial note: the second paragraph needs a source."),
        Entry(type: .pingback, status: .approved,
              content: "[&#8230;] the comments under this post are worth reading on their own [&#8230;]"),
        Entry(type: .note, status: .approved, content: "Editorial note: fix the typo in the title."),
        // Resolving a note adds an empty note under it that carries the resolution.
        Entry(type: .note, status: .approved, content: "", parentOffset: 2, noteStatus: .resolved),
        Entry(type: .trackback, status: .hold,
              content: "<strong>Links for the weekend</strong>\n\nA round-up of the posts we read this week, this one among them."),
        Entry(type: .note, status: .trash, content: "Editorial note: move the photo above the fold."),
    ]

    /// How many comments ``notesAndPings(after:post:now:authors:withNotes:)`` adds to a site
    /// (with its notes).
    static var notesAndPingsCount: Int { entries.count }

    /// A held note, an approved pingback, a resolved note and its resolution marker, a held
    /// trackback and a trashed note (without the notes unless `withNotes`), on `post`, with the
    /// ids after `comments`' and dates spread between the newest of them and `now`.
    static func notesAndPings(
        after comments: [StoredComment], post: Int, now: Int64, authors: AuthorTable, withNotes: Bool
    ) -> [StoredComment] {
        let firstID = (comments.last?.id ?? 0) + 1
        let newest = comments.last?.dateGMT ?? now - 86_400
        let entries = withNotes ? Self.entries : Self.entries.filter { $0.type != .note }
        var date = newest
        return entries.enumerated().map { offset, entry in
            date = max(date + 1, newest + (now - newest) * Int64(offset + 1) / Int64(entries.count + 1))
            let author = entry.type.isPing ? authors.linkback(entry.type) : AuthorTable.moderatorIndex
            var comment = StoredComment(
                id: firstID + offset, post: post, parent: entry.parentOffset.map { firstID + $0 } ?? 0,
                authorIndex: author, dateGMT: date, status: entry.status,
                statusBeforeTrash: entry.status == .trash ? .hold : nil, content: .literal(entry.content)
            )
            comment.type = entry.type
            comment.noteStatus = entry.noteStatus
            return comment
        }
    }
}
