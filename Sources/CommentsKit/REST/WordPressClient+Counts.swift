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

    /// The number of comments of each status (on `post` when given), as wp-admin counts them
    /// (`wp_count_comments()`): comments, pingbacks and trackbacks, never the block editor's
    /// notes. One request per status and kind (``CommentKind``: `type=comment`, `type=pings`),
    /// all at once; `kinds` narrows it. Anything but approved needs a moderator.
    public func countsByStatus(post: Int? = nil, kinds: [CommentKind] = CommentKind.allCases) async throws(CommentsError) -> [CommentStatus: Int] {
        do {
            return try await withThrowingTaskGroup(of: (CommentStatus, Int).self) { group in
                for status in CommentStatus.allCases {
                    for kind in kinds {
                        group.addTask {
                            (status, try await self.count(CommentListRequest(post: post, statuses: [status], type: kind.rawValue)))
                        }
                    }
                }
                var counts: [CommentStatus: Int] = [:]
                for try await (status, total) in group { counts[status, default: 0] += total }
                return counts
            }
        } catch let error as CommentsError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// The number of comments `request` matches in each of `kinds` together (its own `type`
    /// is replaced), one request per kind: what Empty Spam and Empty Trash count.
    public func count(_ request: CommentListRequest, kinds: [CommentKind]) async throws(CommentsError) -> Int {
        var total = 0
        for kind in kinds {
            var typed = request
            typed.type = kind.rawValue
            total += try await count(typed)
        }
        return total
    }
}
