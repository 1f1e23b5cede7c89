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
    /// nil: the mock is open and every caller is the moderator `admin`. Set: writes, the edit
    /// context, non-`approve` status filters and `users/me` need Basic auth with these.
    public var credentials: MockCredentials? = nil
    /// "Now" for the generated data: comment dates spread over the two years before it, and
    /// new comments are dated after it. Default 2026-11-21T12:00:00Z; never the wall clock.
    public var referenceDate: Date = Date(timeIntervalSince1970: 1_795_262_400)
    /// Faults injected into requests that come through URLSession.
    public var faults: MockFaults = .init()

    /// Creates a configuration; the defaults give three sites of 300 comments, open, no faults.
    public init(
        seed: UInt64 = 1,
        siteCount: Int = 3,
        commentsPerSite: Int = 300,
        host: String = "mock.parley",
        credentials: MockCredentials? = nil,
        referenceDate: Date = Date(timeIntervalSince1970: 1_795_262_400),
        faults: MockFaults = .init()
    ) {
        self.seed = seed
        self.siteCount = siteCount
        self.commentsPerSite = commentsPerSite
        self.host = host
        self.credentials = credentials
        self.referenceDate = referenceDate
        self.faults = faults
    }
}
