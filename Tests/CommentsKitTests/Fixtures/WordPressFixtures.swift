/// WordPress answers written from the contract (`/work/shared/wp-comments-api.md`) and
/// WordPress 6.x's comments controller, kept as string literals so the test target needs
/// no resources. They carry what real bodies carry: escaped slashes, `meta: []`, `_links`,
/// avatar URLs, typographic entities, site-local `date` beside zone-less `date_gmt`.
enum WordPressFixtures {
    /// `GET /wp/v2/comments?per_page=2` (view context).
    static let viewList = #"""
    [{"id":1042,"post":88,"parent":0,"author":0,"author_name":"Maggie Holloway","author_url":"https:\/\/maggieholloway.example","date":"2026-11-22T00:08:05","date_gmt":"2026-11-21T23:08:05","content":{"rendered":"<p>I&#8217;ve tried this &amp; it works&#8230; mostly.<\/p>\n"},"link":"https:\/\/fieldnotes.example\/2026\/11\/rivers\/#comment-1042","status":"approved","type":"comment","author_avatar_urls":{"24":"https:\/\/secure.gravatar.com\/avatar\/5e1b2?s=24&d=mm&r=g","48":"https:\/\/secure.gravatar.com\/avatar\/5e1b2?s=48&d=mm&r=g","96":"https:\/\/secure.gravatar.com\/avatar\/5e1b2?s=96&d=mm&r=g"},"meta":[],"_links":{"self":[{"href":"https:\/\/fieldnotes.example\/wp-json\/wp\/v2\/comments\/1042"}],"collection":[{"href":"https:\/\/fieldnotes.example\/wp-json\/wp\/v2\/comments"}],"up":[{"embeddable":true,"post_type":"post","href":"https:\/\/fieldnotes.example\/wp-json\/wp\/v2\/posts\/88"}]}},
    {"id":1043,"post":88,"parent":1042,"author":1,"author_name":"admin","author_url":"","date":"2026-11-22T01:00:00","date_gmt":"2026-11-22T00:00:00","content":{"rendered":"<p>Glad it helped! See <a href=\"https:\/\/example.com\/a?x=1&amp;y=2\" rel=\"nofollow ugc\">the notes<\/a>.<\/p>\n<p>\u00e9\u65e5\u672c \ud83d\udc69\u200d\ud83d\udcbb<\/p>\n"},"link":"https:\/\/fieldnotes.example\/2026\/11\/rivers\/#comment-1043","status":"approved","type":"comment","author_avatar_urls":{"24":"https:\/\/secure.gravatar.com\/avatar\/aa?s=24&d=mm&r=g"},"meta":{"_wp_note":"x"},"_links":{"in-reply-to":[{"embeddable":true,"href":"https:\/\/fieldnotes.example\/wp-json\/wp\/v2\/comments\/1042"}]}}]
    """#

    /// `GET /wp/v2/comments/1044?context=edit`: adds e-mail, IP, user agent and `content.raw`.
    static let editComment = #"""
    {"id":1044,"post":88,"parent":0,"author":0,"author_name":"Kenji","author_email":"kenji@example.jp","author_url":"","author_ip":"203.0.113.9","author_user_agent":"Mozilla\/5.0","date":"2026-11-22T02:00:00","date_gmt":"2026-11-22T01:00:00","content":{"rendered":"<p>Held for moderation<\/p>\n","raw":"Held for moderation"},"link":"https:\/\/fieldnotes.example\/?p=88#comment-1044","status":"hold","type":"comment","author_avatar_urls":{},"meta":[],"_links":{}}
    """#

    /// `GET /wp/v2/comments?context=embed`: no post, status or date_gmt.
    static let embedComment = #"""
    {"id":7,"author":0,"author_name":"Guest","author_url":"","date":"2026-01-02T03:04:05","content":{"rendered":"<p>Hi<\/p>\n"},"link":"https:\/\/x.example\/#comment-7","parent":0,"type":"comment","author_avatar_urls":{},"_links":{}}
    """#

    /// `DELETE /wp/v2/comments/1044?force=true`
    static let forceDeleted = #"""
    {"deleted":true,"previous":{"id":1044,"post":88,"parent":0,"author":0,"author_name":"Kenji","author_url":"","date":"2026-11-22T02:00:00","date_gmt":"2026-11-22T01:00:00","content":{"rendered":"<p>Bye<\/p>\n","raw":"Bye"},"link":"","status":"trash","type":"comment","meta":[]}}
    """#

    /// 410 from `DELETE` on a trashed comment.
    static let alreadyTrashed = #"""
    {"code":"rest_already_trashed","message":"The comment has already been trashed.","data":{"status":410}}
    """#

    /// 400 for `per_page=500`.
    static let invalidParam = #"""
    {"code":"rest_invalid_param","message":"Invalid parameter(s): per_page","data":{"status":400,"params":{"per_page":"per_page must be between 1 (inclusive) and 100 (inclusive)"},"details":{}}}
    """#

    /// `GET /wp/v2/users/me`
    static let usersMe = #"""
    {"id":1,"name":"Site Admin","url":"","description":"","link":"https:\/\/fieldnotes.example\/author\/admin\/","slug":"admin","avatar_urls":{"24":"https:\/\/secure.gravatar.com\/avatar\/1?s=24"},"meta":[],"_links":{}}
    """#

    /// A comment with `date_gmt` left out (not WordPress; a broken proxy or plugin).
    static let missingDate = #"""
    [{"id":1,"post":1,"parent":0,"author":0,"author_name":"a","author_url":"","content":{"rendered":"<p>x<\/p>"},"link":"","status":"approved","type":"comment","meta":[]},
     {"id":2,"post":1,"parent":0,"author":0,"author_name":"a","author_url":"","content":{"rendered":"<p>x<\/p>"},"link":"","status":"approved","type":"comment","meta":[]}]
    """#
}
