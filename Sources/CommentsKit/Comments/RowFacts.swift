import Foundation

/// What the filters test about each comment, one flat array per fact, in the positions of
/// ``SiteComments/rows``: a filter pass over 1,000,000 comments reads ~20 bytes each
/// instead of copying a `CommentEntry` (a dozen reference-counted strings) out of a
/// dictionary per comment.
///
/// Author names and post ids are interned: a row stores a small index into ``authors`` /
/// ``posts``, so counting per author is an array increment, not a string hash. The tables
/// only grow (a name no longer used keeps its slot), so indices stay valid across rebuilds.
struct RowFacts: Sendable {
    /// Bits of ``flags``.
    static let isTopLevel: UInt8 = 1        // comment.parent == 0
    static let hasReplies: UInt8 = 2
    static let isBeingDeleted: UInt8 = 4
    static let isLocal: UInt8 = 8

    /// `CommentStatus` as an index into `CommentStatus.allCases`.
    private(set) var status: [UInt8] = []
    private(set) var flags: [UInt8] = []
    private(set) var author: [Int32] = []
    private(set) var post: [Int32] = []
    /// `comment.date.timeIntervalSinceReferenceDate`.
    private(set) var date: [Double] = []

    /// Interned author names; ``author`` holds indices into it.
    private(set) var authors: [String] = []
    private var authorIndex: [String: Int32] = [:]
    /// Interned post ids; ``post`` holds indices into it.
    private(set) var posts: [Int] = []
    private var postIndex: [Int: Int32] = [:]

    init() {}

    /// Empty rows that keep the intern tables of `previous`.
    init(interning previous: RowFacts) {
        authors = previous.authors
        authorIndex = previous.authorIndex
        posts = previous.posts
        postIndex = previous.postIndex
    }

    var count: Int { flags.count }

    mutating func reserve(_ count: Int) {
        status.reserveCapacity(count)
        flags.reserveCapacity(count)
        author.reserveCapacity(count)
        post.reserveCapacity(count)
        date.reserveCapacity(count)
    }

    mutating func append(_ entry: CommentEntry, row: ThreadRow) {
        status.append(Self.statusIndex(entry.comment.status))
        flags.append(Self.flags(entry, row: row))
        author.append(intern(author: entry.comment.authorName))
        post.append(intern(post: entry.comment.post))
        date.append(entry.comment.date.timeIntervalSinceReferenceDate)
    }

    /// Refreshes row `position` after its entry changed in place.
    mutating func set(_ position: Int, _ entry: CommentEntry, row: ThreadRow) {
        guard position < count else { return }
        status[position] = Self.statusIndex(entry.comment.status)
        flags[position] = Self.flags(entry, row: row)
        author[position] = intern(author: entry.comment.authorName)
        post[position] = intern(post: entry.comment.post)
        date[position] = entry.comment.date.timeIntervalSinceReferenceDate
    }

    /// The index of `name` in ``authors``, if it was ever seen.
    func index(ofAuthor name: String) -> Int32? { authorIndex[name] }
    /// The index of post `id` in ``posts``, if it was ever seen.
    func index(ofPost id: Int) -> Int32? { postIndex[id] }

    static func statusIndex(_ status: CommentStatus) -> UInt8 {
        switch status {
        case .approved: 0
        case .hold: 1
        case .spam: 2
        case .trash: 3
        }
    }

    private static func flags(_ entry: CommentEntry, row: ThreadRow) -> UInt8 {
        var flags: UInt8 = 0
        if entry.comment.parent == 0 { flags |= isTopLevel }
        if row.hasReplies { flags |= hasReplies }
        if entry.isBeingDeleted { flags |= isBeingDeleted }
        if entry.isLocal { flags |= isLocal }
        return flags
    }

    private mutating func intern(author name: String) -> Int32 {
        if let index = authorIndex[name] { return index }
        let index = Int32(authors.count)
        authors.append(name)
        authorIndex[name] = index
        return index
    }

    private mutating func intern(post id: Int) -> Int32 {
        if let index = postIndex[id] { return index }
        let index = Int32(posts.count)
        posts.append(id)
        postIndex[id] = index
        return index
    }
}
