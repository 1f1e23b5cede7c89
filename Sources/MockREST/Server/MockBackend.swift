import Foundation

/// The server's state and its request handling, with no locking, latency or faults:
/// ``MockServer`` owns one and calls it under its lock.
struct MockBackend: Sendable {
    var sites: [SiteState]
    private let siteIndex: [String: Int]
    let authors: AuthorTable
    let credentials: MockCredentials?
    /// The configuration's reference date in seconds; new comments are dated after it.
    let referenceSeconds: Int64

    init(_ configuration: MockConfiguration, host: String) {
        let authors = AuthorTable(moderatorName: configuration.credentials?.user ?? "admin")
        let sites = SeedData.sites(configuration, host: host, authors: authors)
        self.sites = sites
        self.authors = authors
        siteIndex = Dictionary(uniqueKeysWithValues: sites.enumerated().map { ($1.site.id, $0) })
        credentials = configuration.credentials
        referenceSeconds = Int64(configuration.referenceDate.timeIntervalSince1970.rounded(.down))
    }

    func site(_ id: String) -> SiteState? {
        siteIndex[id].map { sites[$0] }
    }

    mutating func respond(to request: IncomingRequest) -> MockResponse {
        guard let siteID = request.siteID, let position = siteIndex[siteID] else {
            return Self.notFoundPage
        }
        if let error = request.bodyError { return error.response }
        let caller = Caller(authorization: request.authorization, credentials: credentials)
        do throws(WPError) {
            return try dispatch(request, site: position, caller: caller)
        } catch {
            return error.response
        }
    }

    private mutating func dispatch(_ request: IncomingRequest, site position: Int, caller: Caller) throws(WPError) -> MockResponse {
        let parameters = request.parameters
        switch (request.endpoint, request.method) {
        case (.home, "GET"), (.home, "HEAD"): return homePage(sites[position])
        case (.home, _): return Self.notFoundPage
        case (.index, "GET"): return index(sites[position])
        case (.comments, "GET"): return try list(sites[position], parameters, caller: caller)
        case (.comments, "POST"): return try create(site: position, parameters, caller: caller)
        case (.comment(let id), "GET"): return try get(id: id, in: sites[position], parameters, caller: caller)
        case (.comment(let id), "POST"), (.comment(let id), "PUT"), (.comment(let id), "PATCH"):
            return try update(id: id, site: position, parameters, caller: caller)
        case (.comment(let id), "DELETE"): return try delete(id: id, site: position, parameters, caller: caller)
        case (.usersMe, "GET"): return try currentUser(sites[position], caller: caller)
        case (.post(let id), "GET"): return try post(id: id, in: sites[position])
        default: throw .noRoute
        }
    }

    func renderer(_ site: SiteState) -> CommentRenderer {
        CommentRenderer(site: site, authors: authors)
    }

    static let notFoundPage = MockResponse(
        status: 404, headers: ["Content-Type": "text/html; charset=UTF-8"],
        body: Data("<!DOCTYPE html><html><body><h1>Not Found</h1></body></html>".utf8)
    )
}
