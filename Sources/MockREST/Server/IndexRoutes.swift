import Foundation

/// The comment and `users/me` routes of the API index, as Debian's WordPress 6.1 describes
/// them (`endpoints` with their `args`), with what 7.1 adds (``latest(_:)``): a client reading
/// the index sees what it would see on a real site. `{API}` stands for the API root of the
/// request.
///
/// The `/batch/v1` route is there too (WordPress ≥ 5.6), with its `requests` argument's
/// `maxItems` (the batch size). A route that can be batched says `"allow_batch": {"v1": true}`
/// on itself and on each endpoint (WordPress 5.9 and later show it); WordPress 6.1's comment
/// routes do not, and the mock's do only with `batchComments`.
enum IndexRoutes {
    static func json(apiRoot: String, batchComments: Bool = false, version: MockWordPressVersion = .newest) -> [String: Any] {
        let text = template.replacingOccurrences(of: "{API}", with: apiRoot.replacingOccurrences(of: "/", with: "\\/"))
        var routes = JSONBody.decode(Data(text.utf8)) as? [String: Any] ?? [:]
        if version != .v6_1 { latest(&routes) }
        routes["/batch/v1"] = batchRoute(apiRoot: apiRoot)
        if batchComments {
            for name in ["/wp/v2/comments", #"/wp/v2/comments/(?P<id>[\d]+)"#] {
                guard var route = routes[name] as? [String: Any], let endpoints = route["endpoints"] as? [[String: Any]] else { continue }
                route["allow_batch"] = ["v1": true]
                route["endpoints"] = endpoints.map { endpoint in
                    var endpoint = endpoint
                    endpoint["allow_batch"] = ["v1": true]
                    return endpoint
                }
                routes[name] = route
            }
        }
        return routes
    }

    /// What WordPress 7.1 describes differently: the comments' writable `meta` has the notes'
    /// `_wp_note_status` (6.9), and every registered meta field a `title` (so `users/me`'s
    /// `persisted_preferences` has an empty one).
    private static func latest(_ routes: inout [String: Any]) {
        let noteStatus: [String: Any] = [
            "type": "string", "title": "", "description": "Note resolution status", "default": "", "enum": ["resolved", "reopen"],
        ]
        for name in ["/wp/v2/comments", #"/wp/v2/comments/(?P<id>[\d]+)"#] {
            editMeta(of: name, in: &routes) { $0["properties"] = ["_wp_note_status": noteStatus] }
        }
        editMeta(of: "/wp/v2/users/me", in: &routes) { meta in
            guard var properties = meta["properties"] as? [String: Any],
                  var preferences = properties["persisted_preferences"] as? [String: Any] else { return }
            preferences["title"] = ""
            properties["persisted_preferences"] = preferences
            meta["properties"] = properties
        }
    }

    /// Applies `change` to the `meta` argument of every endpoint of route `name` that has one.
    private static func editMeta(of name: String, in routes: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
        guard var route = routes[name] as? [String: Any], let endpoints = route["endpoints"] as? [[String: Any]] else { return }
        route["endpoints"] = endpoints.map { endpoint in
            guard var arguments = endpoint["args"] as? [String: Any], var meta = arguments["meta"] as? [String: Any] else { return endpoint }
            change(&meta)
            arguments["meta"] = meta
            var endpoint = endpoint
            endpoint["args"] = arguments
            return endpoint
        }
        routes[name] = route
    }

    /// `/batch/v1` as WordPress registers it in `WP_REST_Server` (namespace "").
    private static func batchRoute(apiRoot: String) -> [String: Any] {
        let string: [String: Any] = ["type": "string"]
        let requestItem: [String: Any] = [
            "type": "object",
            "properties": [
                "method": ["type": "string", "enum": ["POST", "PUT", "PATCH", "DELETE"], "default": "POST"],
                "path": ["type": "string", "required": true],
                "body": ["type": "object", "properties": [Any](), "additionalProperties": true],
                "headers": ["type": "object", "properties": [Any](),
                            "additionalProperties": ["type": ["string", "array"], "items": string]],
            ] as [String: Any],
        ]
        let arguments: [String: Any] = [
            "validation": ["type": "string", "enum": ["require-all-validate", "normal"], "default": "normal", "required": false],
            "requests": ["type": "array", "maxItems": MockBackend.maxBatchSize, "items": requestItem, "required": true],
        ]
        return [
            "namespace": "", "methods": ["POST"],
            "endpoints": [["methods": ["POST"], "args": arguments]],
            "_links": ["self": [["href": apiRoot + "/batch/v1"]]],
        ]
    }

    private static let template = #"""
{"\/wp\/v2\/comments":{"namespace":"wp\/v2","methods":["GET","POST"],"endpoints":[{"methods":["GET"],"args":{"context":{"description":"Scope under which the request is made; determines fields present in response.","type":"string","enum":["view","embed","edit"],"default":"view","required":false},"page":{"description":"Current page of the collection.","type":"integer","default":1,"minimum":1,"required":false},"per_page":{"description":"Maximum number of items to be returned in result set.","type":"integer","default":10,"minimum":1,"maximum":100,"required":false},"search":{"description":"Limit results to those matching a string.","type":"string","required":false},"after":{"description":"Limit response to comments published after a given ISO8601 compliant date.","type":"string","format":"date-time","required":false},"author":{"description":"Limit result set to comments assigned to specific user IDs. Requires authorization.","type":"array","items":{"type":"integer"},"required":false},"author_exclude":{"description":"Ensure result set excludes comments assigned to specific user IDs. Requires authorization.","type":"array","items":{"type":"integer"},"required":false},"author_email":{"default":null,"description":"Limit result set to that from a specific author email. Requires authorization.","format":"email","type":"string","required":false},"before":{"description":"Limit response to comments published before a given ISO8601 compliant date.","type":"string","format":"date-time","required":false},"exclude":{"description":"Ensure result set excludes specific IDs.","type":"array","items":{"type":"integer"},"default":[],"required":false},"include":{"description":"Limit result set to specific IDs.","type":"array","items":{"type":"integer"},"default":[],"required":false},"offset":{"description":"Offset the result set by a specific number of items.","type":"integer","required":false},"order":{"description":"Order sort attribute ascending or descending.","type":"string","default":"desc","enum":["asc","desc"],"required":false},"orderby":{"description":"Sort collection by comment attribute.","type":"string","default":"date_gmt","enum":["date","date_gmt","id","include","post","parent","type"],"required":false},"parent":{"default":[],"description":"Limit result set to comments of specific parent IDs.","type":"array","items":{"type":"integer"},"required":false},"parent_exclude":{"default":[],"description":"Ensure result set excludes specific parent IDs.","type":"array","items":{"type":"integer"},"required":false},"post":{"default":[],"description":"Limit result set to comments assigned to specific post IDs.","type":"array","items":{"type":"integer"},"required":false},"status":{"default":"approve","description":"Limit result set to comments assigned a specific status. Requires authorization.","type":"string","required":false},"type":{"default":"comment","description":"Limit result set to comments assigned a specific type. Requires authorization.","type":"string","required":false},"password":{"description":"The password for the post if it is password protected.","type":"string","required":false}}},{"methods":["POST"],"args":{"author":{"description":"The ID of the user object, if author was a user.","type":"integer","required":false},"author_email":{"description":"Email address for the comment author.","type":"string","format":"email","required":false},"author_ip":{"description":"IP address for the comment author.","type":"string","format":"ip","required":false},"author_name":{"description":"Display name for the comment author.","type":"string","required":false},"author_url":{"description":"URL for the comment author.","type":"string","format":"uri","required":false},"author_user_agent":{"description":"User agent for the comment author.","type":"string","required":false},"content":{"description":"The content for the comment.","type":"object","properties":{"raw":{"description":"Content for the comment, as it exists in the database.","type":"string","context":["edit"]},"rendered":{"description":"HTML content for the comment, transformed for display.","type":"string","context":["view","edit","embed"],"readonly":true}},"required":false},"date":{"description":"The date the comment was published, in the site's timezone.","type":"string","format":"date-time","required":false},"date_gmt":{"description":"The date the comment was published, as GMT.","type":"string","format":"date-time","required":false},"parent":{"default":0,"description":"The ID for the parent of the comment.","type":"integer","required":false},"post":{"default":0,"description":"The ID of the associated post object.","type":"integer","required":false},"status":{"description":"State of the comment.","type":"string","required":false},"meta":{"description":"Meta fields.","type":"object","properties":[],"required":false}}}],"_links":{"self":[{"href":"{API}\/wp\/v2\/comments"}]}},"\/wp\/v2\/comments\/(?P<id>[\\d]+)":{"namespace":"wp\/v2","methods":["GET","POST","PUT","PATCH","DELETE"],"endpoints":[{"methods":["GET"],"args":{"id":{"description":"Unique identifier for the comment.","type":"integer","required":false},"context":{"description":"Scope under which the request is made; determines fields present in response.","type":"string","enum":["view","embed","edit"],"default":"view","required":false},"password":{"description":"The password for the parent post of the comment (if the post is password protected).","type":"string","required":false}}},{"methods":["POST","PUT","PATCH"],"args":{"id":{"description":"Unique identifier for the comment.","type":"integer","required":false},"author":{"description":"The ID of the user object, if author was a user.","type":"integer","required":false},"author_email":{"description":"Email address for the comment author.","type":"string","format":"email","required":false},"author_ip":{"description":"IP address for the comment author.","type":"string","format":"ip","required":false},"author_name":{"description":"Display name for the comment author.","type":"string","required":false},"author_url":{"description":"URL for the comment author.","type":"string","format":"uri","required":false},"author_user_agent":{"description":"User agent for the comment author.","type":"string","required":false},"content":{"description":"The content for the comment.","type":"object","properties":{"raw":{"description":"Content for the comment, as it exists in the database.","type":"string","context":["edit"]},"rendered":{"description":"HTML content for the comment, transformed for display.","type":"string","context":["view","edit","embed"],"readonly":true}},"required":false},"date":{"description":"The date the comment was published, in the site's timezone.","type":"string","format":"date-time","required":false},"date_gmt":{"description":"The date the comment was published, as GMT.","type":"string","format":"date-time","required":false},"parent":{"description":"The ID for the parent of the comment.","type":"integer","required":false},"post":{"description":"The ID of the associated post object.","type":"integer","required":false},"status":{"description":"State of the comment.","type":"string","required":false},"meta":{"description":"Meta fields.","type":"object","properties":[],"required":false}}},{"methods":["DELETE"],"args":{"id":{"description":"Unique identifier for the comment.","type":"integer","required":false},"force":{"type":"boolean","default":false,"description":"Whether to bypass Trash and force deletion.","required":false},"password":{"description":"The password for the parent post of the comment (if the post is password protected).","type":"string","required":false}}}]},"\/wp\/v2\/users\/me":{"namespace":"wp\/v2","methods":["GET","POST","PUT","PATCH","DELETE"],"endpoints":[{"methods":["GET"],"args":{"context":{"description":"Scope under which the request is made; determines fields present in response.","type":"string","enum":["view","embed","edit"],"default":"view","required":false}}},{"methods":["POST","PUT","PATCH"],"args":{"username":{"description":"Login name for the user.","type":"string","required":false},"name":{"description":"Display name for the user.","type":"string","required":false},"first_name":{"description":"First name for the user.","type":"string","required":false},"last_name":{"description":"Last name for the user.","type":"string","required":false},"email":{"description":"The email address for the user.","type":"string","format":"email","required":false},"url":{"description":"URL of the user.","type":"string","format":"uri","required":false},"description":{"description":"Description of the user.","type":"string","required":false},"locale":{"description":"Locale for the user.","type":"string","enum":["","en_US"],"required":false},"nickname":{"description":"The nickname for the user.","type":"string","required":false},"slug":{"description":"An alphanumeric identifier for the user.","type":"string","required":false},"roles":{"description":"Roles assigned to the user.","type":"array","items":{"type":"string"},"required":false},"password":{"description":"Password for the user (never included).","type":"string","required":false},"meta":{"description":"Meta fields.","type":"object","properties":{"persisted_preferences":{"type":"object","description":"","default":[],"context":["edit"],"properties":{"_modified":{"description":"The date and time the preferences were updated.","type":"string","format":"date-time","readonly":false}},"additionalProperties":true}},"required":false}}},{"methods":["DELETE"],"args":{"force":{"type":"boolean","default":false,"description":"Required to be true, as users do not support trashing.","required":false},"reassign":{"type":"integer","description":"Reassign the deleted user's posts and links to this user ID.","required":true}}}],"_links":{"self":[{"href":"{API}\/wp\/v2\/users\/me"}]}}}
"""#
}
