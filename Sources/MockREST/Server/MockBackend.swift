import Foundation

/// The server's state and its request handling, with no locking, latency or faults:
/// ``MockServer`` owns one and calls it under its lock.
struct MockBackend: Sendable {
    /// Any write to a site forgets the list orders remembered (``listOrders``).
    var sites: [SiteState] {
        didSet { listOrders = ListOrders() }
    }
    private let siteIndex: [String: Int]
    /// Grows only when a moderator posts in a guest's name (create).
    var authors: AuthorTable
    /// User 1 (the administrator) first, then the accounts.
    let users: [MockUser]
    /// Whether callers must log in; an open mock takes everyone for the administrator.
    let isLocked: Bool
    /// The configuration's reference date in seconds; new comments are dated after it.
    let referenceSeconds: Int64
    /// The matches of recent list queries, in order, until a write: loading a big site page
    /// by page asks the same query a thousand times (see ``list(site:_:)``).
    var listOrders = ListOrders()
    /// Whether the comment routes allow `/batch/v1` (``MockConfiguration/batchComments``).
    let allowsCommentBatch: Bool
    /// Whose answers to give where WordPress versions differ.
    let version: MockWordPressVersion

    init(_ configuration: MockConfiguration, host: String) {
        let authors = AuthorTable(moderatorName: configuration.credentials?.user ?? "admin", accounts: configuration.accounts)
        let sites = SeedData.sites(configuration, host: host, authors: authors)
        self.sites = sites
        self.authors = authors
        siteIndex = Dictionary(uniqueKeysWithValues: sites.enumerated().map { ($1.site.id, $0) })
        users = MockUser.users(configuration, authors: authors)
        isLocked = configuration.isLocked
        referenceSeconds = Int64(configuration.referenceDate.timeIntervalSince1970.rounded(.down))
        allowsCommentBatch = configuration.batchComments
        version = configuration.wordPressVersion
    }

    func site(_ id: String) -> SiteState? {
        siteIndex[id].map { sites[$0] }
    }

    /// Where site `id` is in ``sites``; nil for an unknown site.
    func position(of id: String) -> Int? {
        siteIndex[id]
    }

    /// Answers as WordPress's REST server does: the handler's answer, then `_fields`, the
    /// `Allow` header of the matched route, the API discovery `Link`, and no body for `HEAD`.
    /// `subRequestFault` decides the fault of each sub-request of a `/batch/v1` request.
    mutating func respond(
        to request: IncomingRequest, subRequestFault: (MockRoute?) -> BatchSubRequestFault = { _ in .none }
    ) -> MockResponse {
        guard let siteID = request.siteID, let position = siteIndex[siteID] else {
            var page = Self.notFoundPage
            if request.method == "HEAD" { page.body = Data() }
            return page
        }
        var response: MockResponse
        let call = Call(request: request, caller: Caller(authorization: request.authorization, users: users, isLocked: isLocked))
        do throws(WPError) {
            if let error = request.bodyError { throw error }
            response = try dispatch(call, site: position, subRequestFault: subRequestFault)
            response = FieldFilter.apply(to: response, call: call, version: version)
        } catch {
            response = error.response
        }
        if let allow = allowedMethods(call, site: sites[position]) { response.headers["Allow"] = allow }
        if request.endpoint != .home, response.headers["Link"] == nil {
            response.headers["Link"] = "<\(request.apiRoot)/>; rel=\"https://api.w.org/\""
        }
        if request.method == "HEAD" { response.body = Data() }
        return response
    }

    private mutating func dispatch(
        _ call: Call, site position: Int, subRequestFault: (MockRoute?) -> BatchSubRequestFault
    ) throws(WPError) -> MockResponse {
        switch (call.request.endpoint, call.method) {
        case (.home, "GET"): return homePage(sites[position], call)
        case (.home, _): return Self.notFoundPage
        case (.index, "GET"): return index(sites[position], call)
        case (.comments, "GET"): return try list(site: position, call)
        case (.comments, "POST"): return try create(site: position, call)
        case (.comment(let id), "GET"): return try get(id: id, in: sites[position], call)
        case (.comment(let id), "POST"), (.comment(let id), "PUT"), (.comment(let id), "PATCH"):
            return try update(id: id, site: position, call)
        case (.comment(let id), "DELETE"): return try delete(id: id, site: position, call)
        case (.usersMe, "GET"): return try currentUser(sites[position], call)
        case (.post(let id), "GET"): return try post(id: id, in: sites[position], call)
        case (.batch, "POST"): return try batch(call, site: position, subRequestFault: subRequestFault)
        default: throw .noRoute
        }
    }

    func renderer(_ site: SiteState, _ call: Call) -> CommentRenderer {
        CommentRenderer(site: site, authors: authors, apiRoot: call.request.apiRoot, version: version, caller: call.caller)
    }

    static let notFoundPage = MockResponse(
        status: 404, headers: ["Content-Type": "text/html; charset=UTF-8"],
        body: Data("<!DOCTYPE html><html><body><h1>Not Found</h1></body></html>".utf8)
    )
}

/// One request as the handlers see it: what was asked, and by whom.
struct Call: Sendable {
    let request: IncomingRequest
    let caller: Caller

    var parameters: RequestParameters { request.parameters }
    /// The method a handler answers: `HEAD` is answered as `GET`, its body dropped at the end.
    var method: String { request.method == "HEAD" ? "GET" : request.method }
}
