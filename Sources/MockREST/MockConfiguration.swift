import Foundation

/// Everything a ``MockServer`` is built from. The same configuration always builds the same data.
public struct MockConfiguration: Sendable {
    /// Seed of the generated data (sites, posts, authors, comments, texts).
    public var seed: UInt64 = 1
    /// How many sites to serve (`site-1` … `site-N`).
    public var siteCount: Int = 3
    /// How many comments each site starts with.
    public var commentsPerSite: Int = 300
    /// The host the sites live on. Any `*.parley` host never leaves the process. When another
    /// live server already uses this host, the new one takes `s<N>.<host>` instead, so several
    /// servers can coexist in one test process: use ``MockServer/sites`` for URLs, never a
    /// literal host.
    public var host: String = "mock.parley"
    /// nil (and no ``accounts``): the mock is open and every caller is the administrator
    /// `admin`. Set: the mock is locked, and these log in as the administrator (user 1);
    /// anyone else is anonymous, and anonymous callers get WordPress's 401s.
    public var credentials: MockCredentials? = nil
    /// More users of a locked mock, each with a role (user ids 2, 3, … in this order; keep it
    /// under 11 accounts, as seeded commenters with accounts start at id 13). Any account locks
    /// the mock, even without ``credentials`` (the administrator is then `admin`, with no password
    /// that works).
    public var accounts: [MockAccount] = []
    /// "Now" for the generated data: comment dates spread over the two years before it, and
    /// new comments are dated after it. Default 2026-11-21T12:00:00Z; never the wall clock.
    public var referenceDate: Date = Date(timeIntervalSince1970: 1_795_262_400)
    /// Faults injected into requests that come through URLSession.
    public var faults: MockFaults = .init()
    /// Whether the comment routes declare `allow_batch` (in the `/wp-json/` index), so that
    /// `/batch/v1` carries out their writes. Off by default, as on WordPress 6.1, where each
    /// comment sub-request of a batch fails with `rest_batch_not_allowed`.
    public var batchComments = false
    /// Whether each site also holds the seed's fixed notes and pings after its generated
    /// comments (a held note, an approved pingback, a resolved note with its resolution
    /// marker, a held trackback, a trashed note: six more comments per site, see
    /// `SeedData.notesAndPings`). On by default, so that a newcomer sees them; off for a
    /// test that needs exactly ``commentsPerSite`` comments.
    public var seedsNotesAndPings = true
    /// Whose answers to give where WordPress versions differ: the newest (7.1) unless set,
    /// 6.1 for the old shapes (``MockWordPressVersion``). Notes are seeded only on 7.1.
    public var wordPressVersion = MockWordPressVersion.newest

    /// Creates a configuration; the defaults give three sites of 300 comments, open, no faults.
    public init(
        seed: UInt64 = 1,
        siteCount: Int = 3,
        commentsPerSite: Int = 300,
        host: String = "mock.parley",
        credentials: MockCredentials? = nil,
        referenceDate: Date = Date(timeIntervalSince1970: 1_795_262_400),
        faults: MockFaults = .init(),
        accounts: [MockAccount] = []
    ) {
        self.seed = seed
        self.siteCount = siteCount
        self.commentsPerSite = commentsPerSite
        self.host = host
        self.credentials = credentials
        self.referenceDate = referenceDate
        self.faults = faults
        self.accounts = accounts
    }

    /// Whether callers must log in (some credentials or accounts are set).
    var isLocked: Bool { credentials != nil || !accounts.isEmpty }
}
