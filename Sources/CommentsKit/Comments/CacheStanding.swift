/// How each site's cached copy stands in ``CommentsState`` (``CommentsCache``).
public struct CacheStanding: Equatable, Sendable {
    /// Sites kept in the cache: those whose copy was asked for
    /// (``CommentsAction/readCache(site:)``). A state, not the cache's presence, so that a
    /// replayed session (which has no cache) changes state as the recorded one did.
    public var kept: Set<SiteID> = []
    /// Sites whose cached copy is being read: their loading waits for it, so that what the
    /// site answers is never overwritten by the older copy.
    public var reading: Set<SiteID> = []
    /// Sites showing comments read from the cache that the site has not confirmed in full
    /// yet (the header says "cached").
    public var unconfirmed: Set<SiteID> = []
    /// Sites shown from their cached copy whose loading waits for the login check (issue
    /// 27): a refused password is said before anything current is asked, and the cached
    /// rows stay marked cached.
    public var awaitingLogin: Set<SiteID> = []
    /// Sites whose copy could not be written: parley goes on without it.
    public var failed: Set<SiteID> = []
    /// The last write's place in the sequence (``CacheWrite/sequence``).
    public var lastWrite = 0

    /// No site kept, read or failed yet.
    public init() {}
}
