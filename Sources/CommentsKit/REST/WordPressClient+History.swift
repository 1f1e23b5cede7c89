/// How many comments an address has on the site, by status: what a moderator checks before
/// trusting a comment. Asked of the site, not counted from what is loaded.
extension WordPressClient {
    /// The history of `address` (moderators only: the filters it needs are protected).
    public func history(of address: AuthorAddress) async throws(CommentsError) -> AddressHistory {
        switch address {
        case .email(let email): try await history(ofEmail: email)
        case .ip(let ip): try await history(ofIP: ip)
        }
    }

    /// Exact: WordPress filters by `author_email`, and `X-WP-Total` counts each status (three
    /// one-comment requests at once).
    private func history(ofEmail email: String) async throws(CommentsError) -> AddressHistory {
        do {
            return try await withThrowingTaskGroup(of: (CommentStatus, Int).self) { group in
                for status in [CommentStatus.approved, .hold, .spam] {
                    group.addTask {
                        var request = CommentListRequest(statuses: [status])
                        request.authorEmail = email
                        return (status, try await self.count(request))
                    }
                }
                var counts: [CommentStatus: Int] = [:]
                for try await (status, total) in group { counts[status] = total }
                return AddressHistory(approved: counts[.approved] ?? 0, pending: counts[.hold] ?? 0, spam: counts[.spam] ?? 0)
            }
        } catch let error as CommentsError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// WordPress has no IP filter; its `search` matches `author_IP` — but also content,
    /// names, e-mails and URLs, and as a substring (`10.0.0.1` finds `10.0.0.12`). So one
    /// page of the search in the edit context is read and only the comments whose IP is
    /// exactly this one are counted; when the search finds more than a page holds, the
    /// counts are lower bounds.
    private func history(ofIP ip: String) async throws(CommentsError) -> AddressHistory {
        let request = CommentListRequest(statuses: [.approved, .hold, .spam], search: ip, perPage: 100, context: .edit)
        let page = try await list(request)
        let same = page.comments.filter { $0.authorIP == ip }
        func count(_ status: CommentStatus) -> Int { same.filter { $0.status == status }.count }
        return AddressHistory(approved: count(.approved), pending: count(.hold), spam: count(.spam),
                              isLowerBound: page.totalPages > 1)
    }
}
