import Foundation
import BackgroundThread
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client for one WordPress site's `wp/v2/comments` API, over URLSession.
///
/// Every call is cancellable: cancelling the Swift task cancels the URLSession task and the
/// call throws ``CommentsError/cancelled``. GETs are retried per ``RetryPolicy`` on
/// transport failures and 5xx answers; writes never are. Each try has the client's timeout.
public final class WordPressClient: Sendable {
    /// The REST root, e.g. `https://example.com/wp-json` or `https://example.com/?rest_route=`.
    public let restBase: URL
    private let endpoint: RESTEndpoint
    private let credentials: Credentials?
    private let transport: HTTPTransport
    private let retry: RetryPolicy
    /// Where pages are decoded (and their HTML made text): in `parley`, a thread below the
    /// main actor's priority, so a load's pages never keep a key waiting for a core
    /// (`keystroke.move_during_load_100k`); nil elsewhere, where the request's task decodes.
    private let decoding: BackgroundThread?

    /// The thread every client of an interactive program decodes on. One is enough: a page
    /// of 100 takes about 2 ms, and the two cores are shared with the keys anyway.
    public static let decodingBelowKeys = BackgroundThread.belowKeys(name: "parley.decoding")

    /// Creates a client. Throws ``CommentsError/insecureCredentials(host:)`` when credentials
    /// would go over plain `http://` to a host beyond this machine (see `PlainHTTPPolicy`:
    /// loopback and the in-process mock's `*.parley` hosts are allowed).
    public init(
        restBase: URL, credentials: Credentials? = nil, configuration: URLSessionConfiguration = .default,
        timeout: Duration = .seconds(15), retry: RetryPolicy = .default,
        decodingOn decoding: BackgroundThread? = WordPressClient.decodingBelowKeys
    ) throws(CommentsError) {
        if credentials != nil, !PlainHTTPPolicy.allowsCredentials(to: restBase) {
            throw .insecureCredentials(host: restBase.host ?? restBase.absoluteString)
        }
        self.restBase = restBase
        endpoint = RESTEndpoint(base: restBase)
        self.credentials = credentials
        self.retry = retry
        self.decoding = decoding
        transport = HTTPTransport(session: Self.session(configuration, timeout: timeout), timeout: timeout)
    }

    deinit {
        transport.session.finishTasksAndInvalidate()
    }

    /// A session of our own, so the caller's configuration object can change later without
    /// affecting us, with the timeout also set where real HTTP honours it.
    ///
    /// No URL cache: a moderation client must see the site as it is now, never an answer kept
    /// from before. And on Linux, corelibs looks a task up in the cache on a background queue
    /// before its URLProtocol exists; a cancel landing then (a search's previous term, a
    /// page no longer needed) reports the failure for a task already gone from the session's
    /// registry and traps ("Trying to access a behaviour for a task that in not in the
    /// registry", seen once in CI). Without a cache that window does not exist.
    static func session(_ configuration: URLSessionConfiguration, timeout: Duration) -> URLSession {
        let copy = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        copy.timeoutIntervalForRequest = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        copy.urlCache = nil
        copy.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: copy)
    }

    // MARK: Comments

    /// `GET /wp/v2/comments`: one page of comments and the totals.
    public func list(_ request: CommentListRequest) async throws(CommentsError) -> CommentPage {
        try await list(request, makingPlainTexts: false)
    }

    /// ``list(_:)``, with the plain text of every comment's HTML made in the same job, off
    /// the main actor, where the merge would otherwise make it (``CommentPage/plainTexts``).
    func listWithPlainTexts(_ request: CommentListRequest) async throws(CommentsError) -> CommentPage {
        try await list(request, makingPlainTexts: true)
    }

    private func list(_ request: CommentListRequest, makingPlainTexts: Bool) async throws(CommentsError) -> CommentPage {
        let (data, response) = try await send("GET", "/wp/v2/comments", query: request.queryItems)
        return try await decoded { () throws(CommentsError) -> CommentPage in
            let page = try self.page(of: request, from: data, response: response)
            return makingPlainTexts ? page.withPlainTexts : page
        }
    }

    /// What `work` returns, made on ``decoding`` when there is one, else in the caller.
    func decoded<T: Sendable>(_ work: @escaping @Sendable () throws(CommentsError) -> T) async throws(CommentsError) -> T {
        guard let decoding else { return try work() }
        return try await decoding.run(work)
    }

    /// The page `data` holds, as `request` asked for it.
    private func page(of request: CommentListRequest, from data: Data, response: HTTPURLResponse) throws(CommentsError) -> CommentPage {
        let elements = try decode([Lossy<Comment>].self, from: data, for: "GET /wp/v2/comments")
        var comments = elements.compactMap(\.value)
        // One odd comment must not cost the page; a page of nothing but odd ones is an error.
        if comments.isEmpty, let first = elements.first?.error {
            throw Self.decodingError(first, data: data, request: "GET /wp/v2/comments")
        }
        if request.statusParameter.filterLocally {
            comments = comments.filter { request.statuses.contains($0.status) }
        }
        // Every request names its types, so a note comes only from a site that ignores
        // `type`: it is still not a comment, and parley never lists one.
        comments.removeAll { $0.commentType == .note }
        let sentTotal = Self.integerHeader("X-WP-Total", response)
        let sentPages = Self.integerHeader("X-WP-TotalPages", response)
        let total = sentTotal ?? comments.count
        let totalPages = sentPages ?? (total == 0 ? 0 : 1)
        var page = CommentPage(comments: comments, total: total, totalPages: totalPages)
        page.totalsKnown = sentTotal != nil && sentPages != nil
        page.unreadable = elements.count - elements.filter { $0.value != nil }.count
        return page
    }

    /// The ids of every comment `request` matches (its page and size are the client's), with
    /// `_fields=id`: a page of 100 ids costs a few bytes per comment, not the comments.
    /// Empty Spam / Empty Trash list what they delete this way, loaded or not.
    public func ids(_ request: CommentListRequest) async throws(CommentsError) -> [Int] {
        struct Identified: Decodable { let id: Int }
        var request = request
        request.perPage = 100
        request.page = 1
        var ids: [Int] = []
        // A bound, should a server keep announcing more pages: 10,000 pages of 100.
        while request.page <= 10_000 {
            let (data, response) = try await send("GET", "/wp/v2/comments", query: request.queryItems + [("_fields", "id")])
            let page = try await decoded { () throws(CommentsError) -> [Identified] in
                try self.decode([Identified].self, from: data, for: "GET /wp/v2/comments?_fields=id")
            }
            ids += page.map(\.id)
            guard !page.isEmpty, request.page < (Self.integerHeader("X-WP-TotalPages", response) ?? 1) else { break }
            request.page += 1
        }
        return ids
    }

    /// The ids of every comment `request` matches in each of `kinds` (its own `type` is
    /// replaced), kind after kind: what Empty Spam and Empty Trash delete.
    public func ids(_ request: CommentListRequest, kinds: [CommentKind]) async throws(CommentsError) -> [Int] {
        var ids: [Int] = []
        for kind in kinds {
            var typed = request
            typed.type = kind.rawValue
            ids += try await self.ids(typed)
        }
        return ids
    }

    /// `GET /wp/v2/comments/<id>`. By default in the edit context when logged in (so
    /// `contentRaw` is there), the view context otherwise; `context` overrides that (an
    /// open site, like the mock, lets anyone read the edit context).
    public func comment(id: Int, context: RequestContext? = nil) async throws(CommentsError) -> Comment {
        let context = context ?? (credentials == nil ? RequestContext.view : .edit)
        let (data, _) = try await send("GET", "/wp/v2/comments/\(id)", query: [("context", context.rawValue)])
        return try decode(Comment.self, from: data, for: "GET /wp/v2/comments/\(id)")
    }

    /// `POST /wp/v2/comments`: replies as the logged-in user; a moderator's reply is approved.
    public func reply(post: Int, parent: Int, content: String) async throws(CommentsError) -> Comment {
        let body = try encode(ReplyBody(post: post, parent: parent, content: content))
        let (data, _) = try await send("POST", "/wp/v2/comments", body: body)
        return try decode(Comment.self, from: data, for: "POST /wp/v2/comments")
    }

    /// `POST /wp/v2/comments/<id>` with a status change. WordPress answers 200 without change
    /// when the status is already the one asked for.
    public func updateStatus(id: Int, to update: StatusUpdate) async throws(CommentsError) -> Comment {
        let body = try encode(StatusBody(status: update.rawValue))
        let (data, _) = try await send("POST", "/wp/v2/comments/\(id)", body: body)
        return try decode(Comment.self, from: data, for: "POST /wp/v2/comments/\(id)")
    }

    /// `POST /wp/v2/comments/<id>` with new content.
    public func updateContent(id: Int, content: String) async throws(CommentsError) -> Comment {
        try await update(id: id, body: ContentBody(content: content))
    }

    /// `POST /wp/v2/comments/<id>` with `body`: the updated comment.
    func update(id: Int, body: some Encodable) async throws(CommentsError) -> Comment {
        let data = try encode(body)
        let (answer, _) = try await send("POST", "/wp/v2/comments/\(id)", body: data)
        return try decode(Comment.self, from: answer, for: "POST /wp/v2/comments/\(id)")
    }

    /// `DELETE /wp/v2/comments/<id>`: moves to the trash and returns the trashed comment.
    /// A comment already in the trash gives `.http(status: 410, code: "rest_already_trashed", …)`.
    public func trash(id: Int) async throws(CommentsError) -> Comment {
        let (data, _) = try await send("DELETE", "/wp/v2/comments/\(id)")
        return try decode(Comment.self, from: data, for: "DELETE /wp/v2/comments/\(id)")
    }

    /// `DELETE /wp/v2/comments/<id>?force=true`: deletes for good and returns the comment as it
    /// was. WordPress moves its replies up to its parent.
    public func deletePermanently(id: Int) async throws(CommentsError) -> Comment {
        let (data, _) = try await send("DELETE", "/wp/v2/comments/\(id)", query: [("force", "true")])
        let answer = try decode(DeletedComment.self, from: data, for: "DELETE /wp/v2/comments/\(id)?force=true")
        guard answer.deleted else { throw .invalidResponse("the site did not confirm the deletion") }
        return answer.previous
    }

    /// Whether requests carry credentials (the edit context and author filters need them).
    public var isLoggedIn: Bool { credentials != nil }
    /// The user name requests are made as; nil for a visitor.
    public var userName: String? { credentials?.user }

    /// Looks for a reply already on the site: under `parent` on `post`, written after
    /// `after`, by `author` when given (filtering by author needs a login), whose text is
    /// `content`. Compares `content.raw` when the site sends it (edit context, logged in),
    /// else the rendered text made plain. The newest match, or nil.
    public func findReply(post: Int, parent: Int, content: String, author: Int?, after: Date) async throws(CommentsError) -> Comment? {
        var request = CommentListRequest(post: post, parent: parent, page: 1, perPage: 100,
                                         context: isLoggedIn ? .edit : .view, orderBy: "date_gmt")
        request.after = after
        if isLoggedIn {
            request.author = author
            // A reply may await moderation; only a login may list other statuses.
            request.statuses = Set(CommentStatus.allCases)
        }
        let page = try await list(request)
        return page.comments.first { ReplyText.matches($0, content) }
    }

    // MARK: Posts

    /// `GET /wp/v2/posts/<id>`: the post's title, to name it instead of its number.
    public func post(id: Int) async throws(CommentsError) -> WordPressPost {
        let (data, _) = try await send("GET", "/wp/v2/posts/\(id)", query: [("_fields", "id,title,link")])
        return try decode(WordPressPost.self, from: data, for: "GET /wp/v2/posts/\(id)")
    }

    // MARK: Users

    /// `GET /wp/v2/users/me`: who the credentials log in as. A wrong application password
    /// does not fail other reads (they just run anonymously), so check with this first.
    /// In the edit context (which every logged-in user may ask for about themselves) the
    /// answer carries the user's roles and capabilities. Throws ``CommentsError/notLoggedIn`` on 401.
    public func currentUser(context: RequestContext = .view) async throws(CommentsError) -> WordPressUser {
        do {
            let (data, _) = try await send("GET", "/wp/v2/users/me", query: context == .view ? [] : [("context", context.rawValue)])
            return try decode(WordPressUser.self, from: data, for: "GET /wp/v2/users/me")
        } catch .http(status: 401, _, _) {
            throw .notLoggedIn
        }
    }

    // MARK: Discovery

    /// What a site's REST index (`GET <restBase>/`) says about it.
    public struct SiteIndex: Sendable, Equatable {
        /// Where the API answered, normalised (see ``SiteAddress``).
        public let address: SiteAddress
        /// The site's own name (`name` in the index) as one line of text: entities decoded,
        /// control characters and bidi overrides removed. Nil when the index has none.
        public let name: String?
    }

    /// Finds a site's REST root: tries `<root>/wp-json/`, then `<root>/?rest_route=/` (sites
    /// without pretty permalinks), and reads the site's name from the index that answered.
    public static func discoverRESTBase(
        siteRoot: URL, configuration: URLSessionConfiguration = .default
    ) async throws(CommentsError) -> SiteIndex {
        let root = siteRoot.absoluteString.hasSuffix("/") ? String(siteRoot.absoluteString.dropLast()) : siteRoot.absoluteString
        var lastError = CommentsError.invalidResponse("no WordPress REST API found at \(root)")
        for base in [root + "/wp-json", root + "/?rest_route="] {
            guard let baseURL = URL(string: base), let address = SiteAddress(restBase: baseURL) else { continue }
            do {
                return try await index(of: address, configuration: configuration)
            } catch .cancelled {
                throw .cancelled
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// Reads the REST index at `address` (its root route), for the site's name; throws when
    /// what answers there is not a WordPress REST index (an HTML page, an error).
    public static func index(
        of address: SiteAddress, configuration: URLSessionConfiguration = .default
    ) async throws(CommentsError) -> SiteIndex {
        guard let url = RESTEndpoint(base: address.restBase).url("/") else {
            throw .invalidResponse("cannot build a URL for the index of \(address.id)")
        }
        let transport = HTTPTransport(session: session(configuration, timeout: .seconds(15)), timeout: .seconds(15))
        defer { transport.session.finishTasksAndInvalidate() }
        let (data, response) = try await transport.send(URLRequest(url: url))
        guard (200..<300).contains(response.statusCode) else {
            throw WordPressErrorBody.error(status: response.statusCode, body: data)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["namespaces"] != nil || object["routes"] != nil else {
            // An HTML page or other JSON is not the index.
            throw .invalidResponse("no WordPress REST API index at \(url.absoluteString)")
        }
        // WordPress sends the name with HTML entities (`Tom &amp; Jerry`).
        let name = (object["name"] as? String).map { oneLine(HTMLText.plainText(fromHTML: $0)) }
        return SiteIndex(address: address, name: name?.isEmpty == false ? name : nil)
    }

    /// `text` for the header and the log: control characters become spaces, bidi overrides go.
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) { continue }
            scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Plumbing

    /// Sends a request, retrying GETs, and turns non-2xx answers into `.http` errors.
    func send(
        _ method: String, _ route: String, query: [(String, String)] = [], body: Data? = nil
    ) async throws(CommentsError) -> (Data, HTTPURLResponse) {
        guard let url = endpoint.url(route, query: query) else {
            throw .invalidResponse("cannot build a URL for \(route) under \(restBase.absoluteString)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        }
        if let credentials { request.setValue(credentials.authorizationHeader, forHTTPHeaderField: "Authorization") }
        let attempts = method == "GET" ? max(1, retry.maxAttempts) : 1
        var attempt = 1
        while true {
            let outcome: Result<(Data, HTTPURLResponse), CommentsError>
            do { outcome = .success(try await transport.send(request)) } catch { outcome = .failure(error) }
            if attempt < attempts, Self.isRetryable(outcome) {
                try await pause(retry.delay(after: attempt))
                attempt += 1
                continue
            }
            let (data, response) = try outcome.get()
            guard (200..<300).contains(response.statusCode) else {
                throw WordPressErrorBody.error(status: response.statusCode, body: data)
            }
            return (data, response)
        }
    }

    private static func isRetryable(_ outcome: Result<(Data, HTTPURLResponse), CommentsError>) -> Bool {
        switch outcome {
        case .success(let (_, response)): (500..<600).contains(response.statusCode)
        case .failure(.transport): true
        case .failure: false
        }
    }

    private func pause(_ delay: Duration) async throws(CommentsError) {
        do { try await Task.sleep(for: delay) } catch { throw .cancelled }
    }

    func encode(_ body: some Encodable) throws(CommentsError) -> Data {
        do { return try JSONEncoder().encode(body) } catch {
            throw .invalidResponse("cannot encode the request body: \(error)")
        }
    }

    /// Decodes a 2xx body, naming the offending field when it does not fit.
    func decode<T: Decodable>(_ type: T.Type, from data: Data, for request: String) throws(CommentsError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw Self.decodingError(error, data: data, request: request)
        } catch {
            throw .decoding(field: "body", detail: "\(error)")
        }
    }

    static func decodingError(_ error: DecodingError, data: Data, request: String) -> CommentsError {
        func path(_ codingPath: [any CodingKey], _ last: String? = nil) -> String {
            let parts = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" } + (last.map { [".\($0)"] } ?? [])
            let joined = parts.joined()
            return joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .decoding(field: key.stringValue, detail: "\(path(context.codingPath, key.stringValue)) is missing in the answer to \(request).")
        case .valueNotFound(_, let context), .typeMismatch(_, let context):
            let field = context.codingPath.last?.stringValue ?? "body"
            return .decoding(field: field, detail: "\(path(context.codingPath)) has the wrong type in the answer to \(request).")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .decoding(field: "body", detail: "the answer to \(request) is not valid JSON (\(data.count) bytes; truncated or malformed).")
        case .dataCorrupted(let context):
            let field = context.codingPath.last?.stringValue ?? "body"
            return .decoding(field: field, detail: "\(path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return .decoding(field: "body", detail: "\(error)")
        }
    }

    static func integerHeader(_ name: String, _ response: HTTPURLResponse) -> Int? {
        response.value(forHTTPHeaderField: name).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
