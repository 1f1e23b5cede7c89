import Foundation

extension MockBackend {
    /// `GET /wp/v2/users/me`
    func currentUser(_ site: SiteState, caller: Caller) throws(WPError) -> MockResponse {
        guard caller.isModerator else {
            throw WPError(status: 401, code: "rest_not_logged_in", message: "You are not currently logged in.")
        }
        let moderator = authors.authors[AuthorTable.moderatorIndex]
        let slug = ListQuery.sanitizeKey(moderator.name)
        let api = site.site.restBase.absoluteString
        let hash = CommentRenderer.hexDigest(moderator.email)
        return .json(status: 200, [
            "id": moderator.userID, "name": moderator.name, "url": "", "description": "",
            "link": site.site.root.absoluteString + "/author/\(slug)/", "slug": slug,
            "avatar_urls": Dictionary(uniqueKeysWithValues: [24, 48, 96].map {
                (String($0), "https://secure.gravatar.com/avatar/\(hash)?s=\($0)&d=mm&r=g")
            }),
            "meta": [Any](),
            "_links": [
                "self": [["href": "\(api)/wp/v2/users/\(moderator.userID)"]],
                "collection": [["href": "\(api)/wp/v2/users"]],
            ],
        ])
    }

    /// `GET /wp/v2/posts/<id>`: the few fields the client shows.
    func post(id: Int, in site: SiteState) throws(WPError) -> MockResponse {
        guard let post = site.post(id: id) else {
            throw WPError(status: 404, code: "rest_post_invalid_id", message: "Invalid post ID.")
        }
        return .json(status: 200, [
            "id": post.id, "slug": post.slug, "status": "publish", "type": "post",
            "link": site.site.root.absoluteString + "/\(post.slug)/",
            "title": ["rendered": Texturizer.texturize(post.title)],
        ])
    }

    /// `GET /wp-json/`: enough of the index for discovery and a curious human.
    func index(_ site: SiteState) -> MockResponse {
        let root = site.site.root.absoluteString
        let comments: [String: Any] = ["namespace": "wp/v2", "methods": ["GET", "POST"]]
        let comment: [String: Any] = ["namespace": "wp/v2", "methods": ["GET", "POST", "PUT", "PATCH", "DELETE"]]
        return .json(status: 200, [
            "name": site.site.name, "description": "", "url": root, "home": root,
            "gmt_offset": Double(site.utcOffset) / 3600, "timezone_string": "",
            "namespaces": ["oembed/1.0", "wp/v2"],
            "authentication": ["application-passwords": ["endpoints": [
                "authorization": root + "/wp-admin/authorize-application.php",
            ]]],
            "routes": ["/wp/v2/comments": comments, "/wp/v2/comments/(?P<id>[\\d]+)": comment],
        ], headers: ["Link": discoveryLink(site)])
    }

    /// The site's front page: HTML with the `Link` header that points at the API.
    func homePage(_ site: SiteState) -> MockResponse {
        let html = "<!DOCTYPE html><html><head><title>\(site.site.name)</title></head><body></body></html>"
        return MockResponse(
            status: 200, headers: ["Content-Type": "text/html; charset=UTF-8", "Link": discoveryLink(site)],
            body: Data(html.utf8)
        )
    }

    private func discoveryLink(_ site: SiteState) -> String {
        "<\(site.site.restBase.absoluteString)/>; rel=\"https://api.w.org/\""
    }
}
