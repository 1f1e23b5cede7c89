import Flux

/// Comments that reach ``CommentsStore`` by a way other than its own page requests:
/// today, the benchmarks filling the stores (parley itself keeps no cache to read).
///
/// The store merges them exactly as it merges a page (comments changed here since are
/// kept as they are); no query's loading state changes, because no request was made.
/// Page answers still go through ``CommentsAction/pageLoaded(query:page:ticket:result:)``,
/// whose ticket check drops stale answers: this action is for data the caller vouches for.
public struct CommentsImported: Action, Codable {
    /// The site the comments belong to.
    public let site: SiteID
    /// The comments, in any order.
    public let comments: [Comment]

    /// Describes an import of `comments` into `site`.
    public init(site: SiteID, comments: [Comment]) {
        self.site = site
        self.comments = comments
    }
}
