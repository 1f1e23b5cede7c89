import Foundation

/// Where the loading of one ``CommentsQuery`` stands. It tells apart what WordPressFlux
/// could not: never asked, loading, loaded (when, how many of how many), and failed (why).
public struct FetchState: Equatable, Sendable {
    /// The phase of the latest request.
    public enum Phase: Equatable, Sendable {
        /// Nothing was ever requested.
        case neverAsked
        /// A request for `page` is in flight.
        case loading(page: Int)
        /// The last request succeeded.
        case loaded
        /// The last request failed with this error.
        case failed(CommentsError)
    }

    /// The phase of the latest request.
    public var phase: Phase = .neverAsked
    /// When page 1 was last loaded successfully: what the freshness check (TTL) reads.
    public var loadedAt: Date?
    /// How many pages are loaded, from the first.
    public var pagesLoaded = 0
    /// How many comments the loaded pages held.
    public var loadedCount = 0
    /// How many comments the server has for this slice (`X-WP-Total`).
    public var total: Int?
    /// How many pages the server has (`X-WP-TotalPages`).
    public var totalPages: Int?

    /// An empty state: never asked.
    public init() {}

    /// Whether a request is in flight.
    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// Whether the server has pages not loaded yet.
    public var hasMore: Bool {
        guard let totalPages else { return false }
        return pagesLoaded < totalPages
    }

    /// The error of the last request, if it failed.
    public var error: CommentsError? {
        if case .failed(let error) = phase { return error }
        return nil
    }

    // MARK: Background loading

    /// Pages loaded past ``pagesLoaded``: with several requests in flight, a page may
    /// arrive before one above it.
    public var laterPages: Set<Int> = []
    /// Whether the pages still missing load oldest first: the end of the list was asked
    /// for (`G`).
    public var endFirst = false

    /// Whether every page the server had at the last answer is loaded.
    public var isComplete: Bool {
        guard let totalPages else { return false }
        return pagesLoaded >= totalPages
    }

    /// Counts page `page` as loaded.
    mutating func pageArrived(_ page: Int) {
        if page == pagesLoaded + 1 {
            pagesLoaded = page
            while laterPages.remove(pagesLoaded + 1) != nil { pagesLoaded += 1 }
        } else if page > pagesLoaded {
            laterPages.insert(page)
        }
    }

    /// Every page counts as not loaded again (a reload goes through them all); what they
    /// brought stays until their answers say otherwise.
    mutating func restartPages() {
        pagesLoaded = 0
        laterPages = []
        endFirst = false
    }
}
