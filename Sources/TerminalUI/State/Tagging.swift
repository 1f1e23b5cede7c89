import CommentsKit

/// The comments the user tagged for a bulk action, by id per site. Tags are ids, not rows:
/// they survive filter changes and reloads while their comments exist (a comment that
/// leaves the site is not counted, and a bulk action skips it).
package struct Tags: Equatable, Sendable {
    private var bySite: [SiteID: Set<Int>] = [:]

    /// No tags.
    package init() {}

    /// The tagged ids of `site`.
    package func ids(on site: SiteID) -> Set<Int> {
        bySite[site] ?? []
    }

    /// Whether comment `id` of `site` is tagged.
    package func contains(_ id: Int, on site: SiteID) -> Bool {
        bySite[site]?.contains(id) ?? false
    }

    /// How many tagged comments of `site` are among `comments` (those still there).
    package func count(on site: SiteID, in comments: SiteComments) -> Int {
        guard let ids = bySite[site] else { return 0 }
        return ids.reduce(0) { comments.contains($1) ? $0 + 1 : $0 }
    }

    /// Tags `id` if it is not, untags it if it is.
    package mutating func toggle(_ id: Int, on site: SiteID) {
        if bySite[site, default: []].remove(id) == nil { bySite[site, default: []].insert(id) }
    }

    /// Tags every one of `ids`.
    package mutating func insert(_ ids: some Sequence<Int>, on site: SiteID) {
        bySite[site, default: []].formUnion(ids)
    }

    /// Untags every one of `ids`.
    package mutating func remove(_ ids: some Sequence<Int>, on site: SiteID) {
        guard bySite[site] != nil else { return }
        bySite[site]?.subtract(ids)
    }

    /// Untags every comment of `site`.
    package mutating func clear(on site: SiteID) {
        bySite[site] = nil
    }
}
