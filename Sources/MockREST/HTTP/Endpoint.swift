/// What a request's path (or `rest_route`) names, before the method is considered.
enum Endpoint: Sendable, Equatable {
    /// The site's home page (no REST route): answers with the discovery `Link` header.
    case home
    /// `GET /wp-json/`: the API index.
    case index
    case comments
    case comment(Int)
    case usersMe
    case post(Int)
    /// `POST /batch/v1` (WordPress ≥ 5.6).
    case batch
    case unknown

    /// Maps the route below `wp-json`, e.g. `["wp", "v2", "comments", "12"]`.
    init(routeComponents components: [Substring]) {
        switch components.count {
        case 0: self = .index
        case 2 where components[0] == "batch" && components[1] == "v1": self = .batch
        case 3 where components[0] == "wp" && components[1] == "v2" && components[2] == "comments":
            self = .comments
        case 4 where components[0] == "wp" && components[1] == "v2":
            switch (components[2], Int(components[3])) {
            case ("comments", .some(let id)) where id >= 0: self = .comment(id)
            case ("posts", .some(let id)) where id >= 0: self = .post(id)
            case ("users", _) where components[3] == "me": self = .usersMe
            default: self = .unknown
            }
        default: self = .unknown
        }
    }

    /// The counted route for this endpoint and method, if it is one of them.
    func route(method: String) -> MockRoute? {
        switch (self, method) {
        case (.comments, "GET"), (.comments, "HEAD"): .listComments
        case (.comments, "POST"): .createComment
        case (.comment, "GET"), (.comment, "HEAD"): .getComment
        case (.comment, "POST"), (.comment, "PUT"), (.comment, "PATCH"): .updateComment
        case (.comment, "DELETE"): .deleteComment
        case (.usersMe, "GET"), (.usersMe, "HEAD"): .usersMe
        case (.batch, "POST"): .batch
        default: nil
        }
    }
}
