/// Comments the site no longer has: they leave the list, and the totals of the slices that
/// counted them (``FetchState/total``, the header's "of N") go down with them — or the
/// header would go on saying that a comment is still to be loaded ("9 of 10 loaded" after
/// an outside deletion, seen against WordPress).
extension CommentsState {
    /// Removes comment `id` of `site`, deleted on the site (here or elsewhere), from the
    /// list and from the totals of the loaded slices that counted it.
    mutating func removeDeleted(site: SiteID, id: Int) {
        guard let entry = comments[site]?[id] else { return }
        comments[site]?.remove(id)
        uncount([(entry.status, entry.post)], site: site)
    }

    /// Takes comments of `site` that left the list (their status, their post) out of the
    /// totals of the slices that counted them: those whose request lists their status and
    /// post.
    mutating func uncount(_ removed: [(status: CommentStatus, post: Int)], site: SiteID) {
        guard !removed.isEmpty else { return }
        let access = access(of: site)
        for (query, fetch) in fetches where query.site == site {
            guard let total = fetch.total else { continue }
            let listed = query.request(page: 1, perPage: 1, access: access).statuses
            let counted = removed.filter { listed.contains($0.status) && (query.post == nil || query.post == $0.post) }.count
            guard counted > 0 else { continue }
            var fewer = fetch
            fewer.total = max(0, total - counted)
            fewer.loadedCount = min(fewer.loadedCount, fewer.total ?? 0)
            fetches[query] = fewer
        }
    }
}
