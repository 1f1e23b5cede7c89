import CommentsKit

/// The comments the user tagged for a bulk action, by id per site. Tags are ids, not rows:
/// they survive filter changes and reloads while their comments exist (a comment that
/// leaves the site is not counted, and a bulk action skips it).
///
/// Equal when they went through the same changes (a revision counts them), as
/// ``SiteComments`` is: comparing two sets of 100k ids on every state change cost more
/// than `X` itself.
package struct Tags: Equatable, Sendable {
    private var bySite: [SiteID: Set<Int>] = [:]
    private var revision = 0

    /// No tags.
    package init() {}

    package static func == (lhs: Tags, rhs: Tags) -> Bool {
        lhs.revision == rhs.revision
    }

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
        revision += 1
        if bySite[site, default: []].remove(id) == nil { bySite[site, default: []].insert(id) }
    }

    /// Tags every one of `ids`.
    package mutating func insert(_ ids: [Int], on site: SiteID) {
        revision += 1
        bySite[site, default: []].reserveCapacity((bySite[site]?.count ?? 0) + ids.count)
        bySite[site, default: []].formUnion(ids)
    }

    /// Untags every one of `ids`.
    package mutating func remove(_ ids: [Int], on site: SiteID) {
        guard bySite[site] != nil else { return }
        revision += 1
        bySite[site]?.subtract(ids)
    }

    /// Untags every comment of `site`.
    package mutating func clear(on site: SiteID) {
        revision += 1
        bySite[site] = nil
    }
}

/// Which of an author's addresses `@` and `I` tag by.
public enum AddressFacet: String, Equatable, Sendable, Codable {
    /// The e-mail address (compared without regard to case, as WordPress's search does).
    case email
    /// The IP address.
    case ip

    /// Its name in a sentence: "e-mail address", "IP".
    var name: String { self == .email ? "e-mail address" : "IP" }

    /// The address of `facts` this facet names (empty when the comment form sent none).
    func value(of facts: AuthorFacts) -> String {
        self == .email ? facts.email : facts.ip
    }

    /// Whether two addresses are the same one.
    func matches(_ lhs: String, _ rhs: String) -> Bool {
        self == .email ? lhs.lowercased() == rhs.lowercased() : lhs == rhs
    }
}
