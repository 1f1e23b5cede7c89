import Foundation

/// Renders stored comments as WordPress's REST JSON objects, field for field.
struct CommentRenderer {
    let site: SiteState
    let authors: AuthorTable
    /// The API root the request came to: `_links` point where the client found the site.
    let apiRoot: String
    let version: MockWordPressVersion
    /// Who asks: `targetHints` say what they may do with each comment.
    let caller: Caller

    func render(_ comment: StoredComment, context: ResponseContext) -> [String: Any] {
        let author = authors.authors[comment.authorIndex]
        let raw = comment.content.text
        var content: [String: Any] = ["rendered": Texturizer.render(raw)]
        var json: [String: Any] = [
            "id": comment.id,
            "author": author.userID,
            "author_name": author.name,
            "author_url": author.url,
            "date": GMTTime.format(comment.dateGMT + site.utcOffset),
            "link": link(comment),
            "parent": comment.parent,
            "type": comment.type.rawValue,
            "author_avatar_urls": avatars(author.email),
            "_links": links(comment, author: author),
        ]
        if context != .embed {
            json["post"] = comment.post
            json["date_gmt"] = GMTTime.format(comment.dateGMT)
            json["status"] = comment.status.rawValue
            if version.hasNotes {
                json["meta"] = ["_wp_note_status": comment.noteStatus?.rawValue ?? NSNull()] as [String: Any]
            } else {
                // PHP encodes an empty associative array as a list: `[]`, never `{}`.
                json["meta"] = [Any]()
            }
        }
        if context == .edit {
            json["author_email"] = author.email
            json["author_ip"] = author.ip
            json["author_user_agent"] = author.userAgent
            content["raw"] = raw
        }
        json["content"] = content
        return json
    }

    private func link(_ comment: StoredComment) -> String {
        let slug = site.post(id: comment.post)?.slug ?? "?p=\(comment.post)"
        return site.publicRoot + "/" + slug + "/#comment-\(comment.id)"
    }

    private func avatars(_ email: String) -> [String: String] {
        let hash = Self.hexDigest(email.lowercased())
        var urls: [String: String] = [:]
        for size in [24, 48, 96] {
            urls[String(size)] = "https://secure.gravatar.com/avatar/\(hash)?s=\(size)&d=mm&r=g"
        }
        return urls
    }

    private func links(_ comment: StoredComment, author: MockAuthor) -> [String: Any] {
        var selfLink: [String: Any] = ["href": "\(apiRoot)/wp/v2/comments/\(comment.id)"]
        if version.hasTargetHints {
            let allow = MockBackend.commentMethods(comment, caller)
            if !allow.isEmpty { selfLink["targetHints"] = ["allow": allow] }
        }
        var links: [String: Any] = [
            "self": [selfLink],
            "collection": [["href": "\(apiRoot)/wp/v2/comments"]],
            "up": [["embeddable": true, "post_type": "post", "href": "\(apiRoot)/wp/v2/posts/\(comment.post)"]],
        ]
        if author.userID != 0 {
            links["author"] = [["embeddable": true, "href": "\(apiRoot)/wp/v2/users/\(author.userID)"]]
        }
        if comment.parent != 0 {
            links["in-reply-to"] = [["embeddable": true, "href": "\(apiRoot)/wp/v2/comments/\(comment.parent)"]]
        }
        if site.hasVisibleChildren(comment.id) {
            // A note's replies are notes, which a list shows only when asked for by type.
            let query = comment.type == .note ? "parent=\(comment.id)&type=note&status=all" : "parent=\(comment.id)"
            links["children"] = [["embeddable": true, "href": "\(apiRoot)/wp/v2/comments?\(query)"]]
        }
        return links
    }

    /// 32 hex digits standing in for Gravatar's MD5 (two FNV-1a passes): stable, cheap.
    static func hexDigest(_ text: String) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01B3 &+ 1
        }
        let digits = String(first, radix: 16) + String(second, radix: 16)
        return String(repeating: "0", count: max(0, 32 - digits.count)) + digits
    }
}
