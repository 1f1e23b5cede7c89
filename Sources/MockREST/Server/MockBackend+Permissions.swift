import Foundation

/// WordPress's permission callbacks for the mock's routes. Each runs after parameter
/// validation and before the handler; the `Allow` header lists the methods of the matched
/// route whose callback lets this very request through (so `Allow` depends on who asks, and
/// on what: a list without `post` does not allow `POST`).
extension MockBackend {
    /// The methods of each route, in WordPress's order.
    private static func methods(of endpoint: Endpoint) -> [String]? {
        switch endpoint {
        case .index: ["GET"]
        case .batch: ["POST"]
        case .comments: ["GET", "POST"]
        case .comment, .usersMe, .post: ["GET", "POST", "PUT", "PATCH", "DELETE"]
        case .home, .unknown: nil
        }
    }

    /// `Allow` for this request, or nil when no route matched or no method is allowed.
    func allowedMethods(_ call: Call, site: SiteState) -> String? {
        let endpoint = call.request.endpoint
        guard let methods = Self.methods(of: endpoint), methods.contains(call.method) else { return nil }
        let allowed = methods.filter { permissionError($0, endpoint, call, site: site) == nil }
        return allowed.isEmpty ? nil : allowed.joined(separator: ", ")
    }

    /// Throws what WordPress's permission callback for `method` on `endpoint` returns.
    func checkPermission(_ call: Call, site: SiteState) throws(WPError) {
        if let error = permissionError(call.method, call.request.endpoint, call, site: site) { throw error }
    }

    func permissionError(_ method: String, _ endpoint: Endpoint, _ call: Call, site: SiteState) -> WPError? {
        let caller = call.caller
        switch (endpoint, method) {
        case (.index, _), (.batch, _): return nil  // each sub-request is checked on its own
        case (.comments, "GET"): return listPermissionError(call, defaults: call.method == "GET")
        case (.comments, _): return createPermissionError(call, site: site)
        case (.comment(let id), let method):
            guard let comment = site.comment(id: id) else { return .invalidCommentID }
            return Self.commentPermissionError(method, comment, caller, context: call.parameters.text("context"))
        case (.usersMe, "GET"): return nil  // open to all: the handler itself answers 401 to nobody
        case (.usersMe, let method):
            guard caller.isLoggedIn else {
                return WPError(status: 401, code: "rest_not_logged_in", message: "You are not currently logged in.")
            }
            guard method != "DELETE" || caller.can("delete_users") else {
                return .forbidden("rest_user_cannot_delete", "Sorry, you are not allowed to delete this user.", loggedIn: true)
            }
            return nil
        case (.post, "GET"): return nil
        case (.post, _):
            return caller.can("edit_others_posts") ? nil
                : .forbidden("rest_cannot_edit", "Sorry, you are not allowed to edit this post.", loggedIn: caller.isLoggedIn)
        case (.home, _), (.unknown, _): return .noRoute
        }
    }

    /// `defaults`: whether the list's own defaults (`status=approve`, `type=comment`) apply,
    /// i.e. the request is a list. For `Allow` on another method, WordPress runs this check
    /// on a request without them, so a `POST` never counts as allowed to list unless the
    /// caller has `edit_posts`.
    private func listPermissionError(_ call: Call, defaults: Bool) -> WPError? {
        let caller = call.caller
        // Post 0 holds the comments of no post (WordPress's own, such as a plugin's log).
        if !caller.canModerate, (try? ListQuery.integers(call.parameters, "post"))?.contains(0) == true {
            return .forbidden("rest_cannot_read", "Sorry, you are not allowed to read comments without a post.", loggedIn: caller.isLoggedIn)
        }
        if call.parameters.text("context") == "edit", !canEditList(call) {
            return .forbidden("rest_forbidden_context", "Sorry, you are not allowed to edit comments.", loggedIn: caller.isLoggedIn)
        }
        guard !caller.can("edit_posts") else { return nil }
        let forbidden = ListQuery.protectedParameters(call.parameters, defaults: defaults)
        guard forbidden.isEmpty else {
            return .forbidden("rest_forbidden_param", "Query parameter not permitted: \(forbidden.joined(separator: ", "))",
                              loggedIn: caller.isLoggedIn)
        }
        return nil
    }

    /// Whether the caller may list in the edit context: a moderator may; since WordPress 6.9
    /// the notes of given posts may be listed so by whoever may edit those posts
    /// (`edit_post`, which on the mock's posts, all the administrator's, is
    /// ``Caller/canEditComments``).
    private func canEditList(_ call: Call) -> Bool {
        guard !call.caller.canModerate else { return true }
        let parameters = call.parameters
        guard parameters.text("type").map(ListQuery.sanitizeKey) == "note",
              let posts = try? ListQuery.filter(parameters, "post"), !posts.isEmpty
        else { return false }
        return call.caller.canEditComments
    }

    private func createPermissionError(_ call: Call, site: SiteState) -> WPError? {
        let caller = call.caller
        let parameters = call.parameters
        guard let user = caller.user else {
            return WPError(status: 401, code: "rest_comment_login_required", message: "Sorry, you must be logged in to comment.")
        }
        if !caller.canModerate {
            if let author = parameters.text("author"), Int(author) != user.id {
                return .forbidden("rest_comment_invalid_author", "Sorry, you are not allowed to edit 'author' for comments.", loggedIn: true)
            }
            if parameters.has("author_ip") {
                return .forbidden("rest_comment_invalid_author_ip", "Sorry, you are not allowed to edit 'author_ip' for comments.", loggedIn: true)
            }
        }
        // A note (7.1) is written, and its status set, by who may edit its post (`edit_post`).
        let isNote = version.hasNotes && parameters.text("type") == "note"
        if isNote, parameters.has("post"), !caller.canEditComments {
            return .forbidden("rest_cannot_create_note", "Sorry, you are not allowed to create notes for this post.", loggedIn: true)
        }
        // For `Allow` on a list (`GET`), `status` is set: the list's default, `approve`.
        if !(isNote ? caller.canEditComments : caller.canModerate), parameters.has("status") || call.method == "GET" {
            return .forbidden("rest_comment_invalid_status", "Sorry, you are not allowed to edit 'status' for comments.", loggedIn: true)
        }
        guard Self.namesExistingPost(call, site: site) else {
            return WPError(status: 403, code: "rest_comment_invalid_post_id",
                           message: "Sorry, you are not allowed to create this comment without a post.")
        }
        return nil
    }

    /// Whether the `post` a create would use exists. For `Allow` on a list (`GET`), WordPress
    /// checks the list's `post`, which its schema made a list of ids: PHP's `(int)` of a
    /// non-empty list is 1, WordPress's first post ("Hello world!"), there on every site —
    /// so any `post=` lets a create through, `post=0` too.
    private static func namesExistingPost(_ call: Call, site: SiteState) -> Bool {
        if call.method == "GET" { return (try? ListQuery.filter(call.parameters, "post")) != nil }
        guard let post = call.parameters.text("post").flatMap({ Int($0) }), post > 0 else { return false }
        return site.post(id: post) != nil
    }

    /// What the permission callback of `method` on comment `comment`'s route returns, the
    /// request asking for `context`.
    static func commentPermissionError(_ method: String, _ comment: StoredComment, _ caller: Caller, context: String?) -> WPError? {
        switch method {
        case "GET": return readPermissionError(comment, caller, context: context)
        case "DELETE" where !caller.canEditComments:
            return .forbidden("rest_cannot_delete", "Sorry, you are not allowed to delete this comment.", loggedIn: caller.isLoggedIn)
        case "DELETE": return nil
        default:
            guard caller.canEditComments else {
                return .forbidden("rest_cannot_edit", "Sorry, you are not allowed to edit this comment.", loggedIn: caller.isLoggedIn)
            }
            return nil
        }
    }

    /// The methods `caller` may use on `comment` (a plain `GET` of its route would be told
    /// them in `Allow`): its `_links.self[].targetHints.allow` since WordPress 6.7.
    static func commentMethods(_ comment: StoredComment, _ caller: Caller) -> [String] {
        ["GET", "POST", "PUT", "PATCH", "DELETE"].filter { commentPermissionError($0, comment, caller, context: nil) == nil }
    }

    /// WordPress's `check_read_permission`: approved comments are public; others are for
    /// their own author and for whoever may edit them. The edit context needs a moderator,
    /// or for a note whoever may edit it (`edit_comment`).
    static func readPermissionError(_ comment: StoredComment, _ caller: Caller, context: String?) -> WPError? {
        let mayEdit = comment.type == .note ? caller.canEditComments : caller.canModerate
        if context == "edit", !mayEdit {
            return .forbidden("rest_forbidden_context", "Sorry, you are not allowed to edit comments.", loggedIn: caller.isLoggedIn)
        }
        guard canRead(comment, caller) else {
            return .forbidden("rest_cannot_read", "Sorry, you are not allowed to read this comment.", loggedIn: caller.isLoggedIn)
        }
        return nil
    }

    /// A note is never public, approved (resolved) or not: only its author and who may
    /// edit its post read it.
    static func canRead(_ comment: StoredComment, _ caller: Caller) -> Bool {
        if comment.status == .approved, comment.type != .note { return true }
        guard let user = caller.user else { return false }
        return comment.authorIndex == user.authorIndex || caller.canEditComments
    }
}
