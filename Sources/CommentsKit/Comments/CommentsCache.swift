import Foundation

/// Where ``CommentsStore`` keeps a copy of what the sites answered, so the next start
/// shows it before any network answer (issue 14). parley's is the SQLite replica of each
/// site (`CommentsReplica`'s `ReplicaCache`); without one, nothing is kept.
///
/// The store reads a site's copy once, at start (``CommentsAction/readCache(site:)``), and
/// hands every answer of the site it merges to ``write(_:)`` as a ``CacheWrite``. The
/// writes run as effects, so they may reach the cache in any order: each carries its
/// place in the store's sequence, and the cache applies them in that order.
public protocol CommentsCache: Sendable {
    /// The first `limit` (all, when nil) cached comments of `site`, newest first.
    func comments(site: SiteID, limit: Int?) async throws -> [Comment]
    /// The post titles cached for `site`.
    func posts(site: SiteID) async throws -> [WordPressPost]
    /// Applies `write` once every write before it in the sequence is applied. Returns why
    /// it could not be applied, in words, or nil.
    func write(_ write: CacheWrite) async -> String?

    // MARK: The outbox (writes made while the site could not be reached)

    /// Keeps `write` for `site` until it is sent or dropped; returns its record number.
    func enqueue(_ write: OutboxWrite, site: SiteID, created: Date) async throws -> Int64
    /// The kept writes of `site` not sent yet, oldest first.
    func outbox(site: SiteID) async throws -> [StoredOutboxEntry]
    /// Records that the site accepted entry `record` and forgets it. Returns false when it
    /// was not waiting (dropped, or marked already): nothing changes then.
    func markSent(outboxEntry record: Int64, site: SiteID) async throws -> Bool
    /// Forgets entry `record` unless it was sent. Returns whether it was waiting.
    func drop(outboxEntry record: Int64, site: SiteID) async throws -> Bool

    // MARK: Search (the background search of a large site, ``SearchJob``)

    /// The ids of `site`'s cached comments whose searched fields contain `needle` as
    /// ``CommentSearch`` matches it (content, author name, e-mail, URL, IP; case and
    /// accents ignored), answered once every write up to `sequence` (``CacheWrite/sequence``)
    /// is applied, so that the answer is that of the comments the store had then. Nil when
    /// this cache cannot search for it; a search that fails throws. Either way the caller
    /// scans its comments in memory instead.
    func searchIDs(site: SiteID, matching needle: String, through sequence: Int) async throws -> [Int]?
}

/// A cache that cannot search: the background search scans the comments in memory.
extension CommentsCache {
    public func searchIDs(site: SiteID, matching needle: String, through sequence: Int) async throws -> [Int]? { nil }
}

/// A cache without an outbox: nothing is kept, and writes made while a site cannot be
/// reached stay in memory until parley quits.
extension CommentsCache {
    public func enqueue(_ write: OutboxWrite, site: SiteID, created: Date) async throws -> Int64 {
        throw OutboxUnavailable()
    }
    public func outbox(site: SiteID) async throws -> [StoredOutboxEntry] { [] }
    public func markSent(outboxEntry record: Int64, site: SiteID) async throws -> Bool { false }
    public func drop(outboxEntry record: Int64, site: SiteID) async throws -> Bool { false }
}

/// A cache that keeps no outbox was asked to keep a write.
public struct OutboxUnavailable: Error, CustomStringConvertible {
    /// The error.
    public init() {}
    public var description: String { "this cache keeps no outbox" }
}

/// One change to a site's cached copy: what the site answered, in the store's order.
public struct CacheWrite: Sendable, Equatable {
    /// Its place in the store's sequence of writes, from 1 (across all sites).
    public var sequence: Int
    /// The site whose copy changes.
    public var site: SiteID
    /// Comments as the site has them now: added or replaced.
    public var comments: [Comment] = []
    /// Comments the site no longer has.
    public var removed: [Int] = []
    /// When set, every cached comment not in it goes: the site was listed in full.
    public var keepOnly: Set<Int>?
    /// Post titles.
    public var posts: [WordPressPost] = []

    /// A write to `site`'s copy: `comments` kept, `removed` taken out (or everything but
    /// `keepOnly`), `posts`' titles kept; `sequence` orders it among the writes.
    public init(sequence: Int, site: SiteID, comments: [Comment] = [], removed: [Int] = [], keepOnly: Set<Int>? = nil,
                posts: [WordPressPost] = []) {
        self.sequence = sequence
        self.site = site
        self.comments = comments
        self.removed = removed
        self.keepOnly = keepOnly
        self.posts = posts
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { comments.isEmpty && removed.isEmpty && keepOnly == nil && posts.isEmpty }
}
