import Foundation

/// What the filters test about each comment, one flat array per fact, in the positions of
/// ``SiteComments/rows``: a filter pass over 1,000,000 comments reads ~20 bytes each
/// instead of copying a `CommentEntry` (a dozen reference-counted strings) out of a
/// dictionary per comment.
///
/// Author names and post ids are interned: a row stores a small index into ``authors`` /
/// ``posts``, so counting per author is an array increment, not a string hash. The tables
/// only grow (a name no longer used keeps its slot), so indices stay valid across rebuilds.
package struct RowFacts: Sendable {
    /// Bits of ``flags``.
    package static let isTopLevel: UInt8 = 1        // comment.parent == 0
    package static let hasReplies: UInt8 = 2
    static let isBeingDeleted: UInt8 = 4
    static let isLocal: UInt8 = 8
    /// A pingback or a trackback (``CommentKind/pings``); a comment otherwise.
    static let isPing: UInt8 = 16

    /// `CommentStatus` as an index into `CommentStatus.allCases`.
    package private(set) var status: [UInt8] = []
    package private(set) var flags: [UInt8] = []
    package private(set) var author: [Int32] = []
    package private(set) var post: [Int32] = []
    /// The comment's date in whole seconds since 2001-01-01 UTC (`timeIntervalSinceReference
    /// Date`, rounded down; WordPress dates have no fractions): half the bytes of a `Double`,
    /// exact from 1933 to 2069, clamped beyond.
    package private(set) var date: [Int32] = []

    /// Interned author names; ``author`` holds indices into it.
    package private(set) var authors: [String] = []
    private var authorIndex: [String: Int32] = [:]
    /// Interned post ids; ``post`` holds indices into it.
    package private(set) var posts: [Int] = []
    private var postIndex: [Int: Int32] = [:]
    /// By ``CommentTable`` author key: the index into ``authors`` (-1: not yet known).
    private var authorOfKey: [Int32] = []

    init() {}

    /// Empty rows that keep the intern tables of `previous`.
    init(interning previous: RowFacts) {
        authors = previous.authors
        authorIndex = previous.authorIndex
        posts = previous.posts
        postIndex = previous.postIndex
        authorOfKey = previous.authorOfKey
    }

    var count: Int { flags.count }

    mutating func reserve(_ count: Int) {
        status.reserveCapacity(count)
        flags.reserveCapacity(count)
        author.reserveCapacity(count)
        post.reserveCapacity(count)
        date.reserveCapacity(count)
    }

    mutating func append(_ table: CommentTable, slot: Int, row: ThreadRow) {
        status.append(table.statusIndex(at: slot))
        flags.append(Self.flags(table, slot: slot, row: row))
        author.append(intern(authorKey: table.authorKey(at: slot), of: table))
        post.append(intern(post: table.post(at: slot)))
        date.append(Self.seconds(table.dates[slot]))
    }

    /// Copies the rows `range` of `other`, whose intern tables this one extends.
    mutating func append(contentsOf other: RowFacts, _ range: Range<Int>) {
        status.append(contentsOf: other.status[range])
        flags.append(contentsOf: other.flags[range])
        author.append(contentsOf: other.author[range])
        post.append(contentsOf: other.post[range])
        date.append(contentsOf: other.date[range])
    }

    /// Refreshes row `position` after its comment (table `slot`) changed in place.
    mutating func set(_ position: Int, _ table: CommentTable, slot: Int, row: ThreadRow) {
        guard position < count else { return }
        status[position] = table.statusIndex(at: slot)
        flags[position] = Self.flags(table, slot: slot, row: row)
        author[position] = intern(authorKey: table.authorKey(at: slot), of: table)
        post[position] = intern(post: table.post(at: slot))
        date[position] = Self.seconds(table.dates[slot])
    }

    /// The index of `name` in ``authors``, if it was ever seen.
    func index(ofAuthor name: String) -> Int32? { authorIndex[name] }
    /// The index of post `id` in ``posts``, if it was ever seen.
    func index(ofPost id: Int) -> Int32? { postIndex[id] }

    static func seconds(_ interval: Double) -> Int32 {
        guard interval.isFinite else { return interval > 0 ? .max : .min }
        return Int32(clamping: Int64(max(min(interval.rounded(.down), 9e18), -9e18)))
    }

    package static func statusIndex(_ status: CommentStatus) -> UInt8 {
        switch status {
        case .approved: 0
        case .hold: 1
        case .spam: 2
        case .trash: 3
        }
    }

    private static func flags(_ table: CommentTable, slot: Int, row: ThreadRow) -> UInt8 {
        var flags: UInt8 = 0
        if table.parents[slot] == 0 { flags |= isTopLevel }
        if row.hasReplies { flags |= hasReplies }
        if table.isBeingDeleted(slot) { flags |= isBeingDeleted }
        if table.ids[slot] < 0 { flags |= isLocal }
        if CommentType(wordPress: table.type(at: slot)).isPing { flags |= isPing }
        return flags
    }

    /// The author index of the table's interned author `key` (remembered per key: a
    /// rebuild of a million rows hashes each author's name once, not once per row).
    private mutating func intern(authorKey key: Int32, of table: CommentTable) -> Int32 {
        let at = Int(key)
        if at < authorOfKey.count, authorOfKey[at] >= 0 { return authorOfKey[at] }
        let index = intern(author: table.authorName(ofKey: key))
        if at >= authorOfKey.count { authorOfKey += [Int32](repeating: -1, count: at - authorOfKey.count + 1) }
        authorOfKey[at] = index
        return index
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
