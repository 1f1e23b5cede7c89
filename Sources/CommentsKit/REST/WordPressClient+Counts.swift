/// How many comments match, without fetching them: WordPress's `X-WP-Total` of a one-comment
/// page, so the cost is the same on a site of any size.
extension WordPressClient {
    /// The number of comments `request` matches (its page, size and context are ignored: the
    /// view context counts the same and anyone may ask for it).
    public func count(_ request: CommentListRequest) async throws(CommentsError) -> Int {
        var single = request
        single.page = 1
        single.perPage = 1
        single.context = .view
        return try await list(single).total
    }

    /// The number of comments of each status (on `post` when given), the four asked at once.
    /// Anything but approved needs a moderator.
    public func countsByStatus(post: Int? = nil) async throws(CommentsError) -> [CommentStatus: Int] {
        do {
            return try await withThrowingTaskGroup(of: (CommentStatus, Int).self) { group in
                for status in CommentStatus.allCases {
                    group.addTask { (status, try await self.count(CommentListRequest(post: post, statuses: [status]))) }
                }
                var counts: [CommentStatus: Int] = [:]
                for try await (status, total) in group { counts[status] = total }
                return counts
            }
        } catch let error as CommentsError {
            throw error
        } catch {
            throw .cancelled
        }
    }
}
