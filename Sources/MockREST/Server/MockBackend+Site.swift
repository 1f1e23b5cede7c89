import Foundation

extension MockBackend {
    /// `GET /wp/v2/users/me`: every logged-in user may read themselves, in any context; the
    /// edit context adds the login, email, roles and capabilities.
    func currentUser(_ site: SiteState, _ call: Call) throws(WPError) -> MockResponse {
        let context = try ListQuery.context(call.parameters)
        guard let user = call.caller.user else {
            throw WPError(status: 401, code: "rest_not_logged_in", message: "You are not currently logged in.")
        }
        let author = authors.authors[user.authorIndex]
        let slug = ListQuery.sanitizeKey(author.name)
        let api = call.request.apiRoot
        let hash = CommentRenderer.hexDigest(author.email)
        var json: [String: Any] = [
            "id": user.id, "name": author.name, "url": "", "description": "",
            "link": site.site.root.absoluteString + "/author/\(slug)/", "slug": slug,
            "avatar_urls": Dictionary(uniqueKeysWithValues: [24, 48, 96].map {
                (String($0), "https://secure.gravatar.com/avatar/\(hash)?s=\($0)&d=mm&r=g")
            }),
            "_links": [
                "self": [userSelfLink(user, api: api)],
                "collection": [["href": "\(api)/wp/v2/users"]],
            ],
        ]
        switch context {
        case .embed: break
        case .view: json["meta"] = [Any]()
        case .edit:
            json["meta"] = ["persisted_preferences": [Any]()]
            json["username"] = user.login
            json["first_name"] = ""
            json["last_name"] = ""
            json["email"] = author.email
            json["locale"] = "en_US"
            json["nickname"] = user.login
            json["roles"] = [user.role.rawValue]
            json["registered_date"] = GMTTime.format(referenceSeconds - SeedData.span) + "+00:00"
            var capabilities = Dictionary(uniqueKeysWithValues: user.role.capabilities.map { ($0, true) })
            capabilities[user.role.rawValue] = true
            json["capabilities"] = capabilities
            json["extra_capabilities"] = [user.role.rawValue: true]
        }
        return .json(status: 200, json)
    }

    /// A user's `_links.self`; since WordPress 6.7 with what they may do with themselves:
    /// read and edit, and delete with `delete_users`.
    private func userSelfLink(_ user: MockUser, api: String) -> [String: Any] {
        var link: [String: Any] = ["href": "\(api)/wp/v2/users/\(user.id)"]
        if version.hasTargetHints {
            link["targetHints"] = ["allow": ["GET", "POST", "PUT", "PATCH"] + (user.role.can("delete_users") ? ["DELETE"] : [])]
        }
        return link
    }

    /// `GET /wp/v2/posts/<id>`: the few fields the client shows.
    func post(id: Int, in site: SiteState, _ call: Call) throws(WPError) -> MockResponse {
        guard let post = site.post(id: id) else {
            throw WPError(status: 404, code: "rest_post_invalid_id", message: "Invalid post ID.")
        }
        return .json(status: 200, [
            "id": post.id, "slug": post.slug, "status": "publish", "type": "post",
            "link": site.site.root.absoluteString + "/\(post.slug)/",
            "title": ["rendered": Texturizer.texturize(post.title)],
        ])
    }

    /// `GET /wp-json/`: the index's top level as the configured WordPress has it, with the
    /// routes the mock serves (see ``IndexRoutes``). 7.1 adds the front page's settings.
    func index(_ site: SiteState, _ call: Call) -> MockResponse {
        let root = site.site.root.absoluteString
        var index: [String: Any] = [
            "name": site.site.name, "description": "", "url": root, "home": root,
            "gmt_offset": Self.hours(site.utcOffset), "timezone_string": "",
            "namespaces": ["oembed/1.0", "wp/v2"],
            "authentication": ["application-passwords": ["endpoints": [
                "authorization": root + "/wp-admin/authorize-application.php",
            ]]],
            "routes": IndexRoutes.json(apiRoot: call.request.apiRoot, batchComments: allowsCommentBatch, version: version),
            "site_logo": 0, "site_icon": 0, "site_icon_url": "",
            "_links": ["help": [["href": "https://developer.wordpress.org/rest-api/"]]],
        ]
        if version != .v6_1 {
            index["page_for_posts"] = 0
            index["page_on_front"] = 0
            index["show_on_front"] = "posts"
        }
        return .json(status: 200, index)
    }

    /// `gmt_offset` as WordPress stores the option: a string, `"0"`, `"-5"`, `"5.5"`.
    static func hours(_ seconds: Int64) -> String {
        seconds % 3600 == 0 ? String(seconds / 3600) : String(Double(seconds) / 3600)
    }

    /// The site's front page: HTML with the `Link` header that points at the API.
    func homePage(_ site: SiteState, _ call: Call) -> MockResponse {
        let html = "<!DOCTYPE html><html><head><title>\(site.site.name)</title></head><body></body></html>"
        return MockResponse(
            status: 200,
            headers: ["Content-Type": "text/html; charset=UTF-8", "Link": "<\(call.request.apiRoot)/>; rel=\"https://api.w.org/\""],
            body: Data(html.utf8)
        )
    }
}
