import Foundation

/// `_fields`, as WordPress 6.1 applies it to a successful answer.
///
/// Two steps, because WordPress has two: the comment and user controllers build only the
/// top-level fields named exactly (so `content.raw` alone builds no `content`), then
/// `rest_filter_response_fields` keeps the named paths, nested ones included. A list's items
/// carry their `_links` as data, filtered like the rest (`_links.self` keeps only `self`); a
/// single object gets its `_links` after the filter, whole: from the controllers when any
/// `_links…` is named, and on the index always before WordPress 7.1, only when named since.
/// An object left empty is encoded as `[]`, as PHP does.
enum FieldFilter {
    static func apply(to response: MockResponse, call: Call, version: MockWordPressVersion) -> MockResponse {
        guard response.status < 300, let text = call.parameters.text("_fields") else { return response }
        let fields = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !fields.isEmpty, let json = JSONBody.decode(response.body) else { return response }
        let tree = keyedTree(fields)
        let indexKeepsLinks = call.request.endpoint == .index && version == .v6_1
        let linksAreData = call.request.endpoint == .comments && call.method == "GET"
        let namesLinks = fields.contains { $0 == "_links" || $0.hasPrefix("_links.") }
        let built = Set(fields.filter { !$0.contains(".") })
        func filterItem(_ item: Any) -> Any {
            guard var object = item as? [String: Any] else { return item }
            let links = linksAreData ? nil : object.removeValue(forKey: "_links")
            // A comment or user (they have an id) was built by its controller; a forced
            // delete's `{deleted, previous}` and the index were not.
            if object["id"] != nil {
                object = object.filter { built.contains($0.key) || ($0.key == "_links" && namesLinks) }
            }
            var result = intersect(object, tree)
            if let links, indexKeepsLinks || namesLinks {
                var withLinks = result as? [String: Any] ?? [:]
                withLinks["_links"] = links
                result = withLinks
            }
            return result
        }
        let filtered: Any = (json as? [Any]).map { $0.map(filterItem) } ?? filterItem(json)
        var result = response
        result.body = JSONBody.encode(filtered)
        return result
    }

    /// A node of the requested paths: `true` keeps the whole value, a dictionary keeps some keys.
    private indirect enum Node {
        case all
        case some([String: Node])
    }

    /// `a.b,a.c,d` → `{a: {b, c}, d}`; a path under one already kept whole adds nothing.
    private static func keyedTree(_ fields: [String]) -> [String: Node] {
        var root: [String: Node] = [:]
        func insert(_ parts: ArraySlice<Substring>, into node: inout [String: Node]) {
            guard let first = parts.first.map(String.init) else { return }
            if parts.count == 1 {
                node[first] = .all
                return
            }
            switch node[first] {
            case .all?: return
            case .some(var children)?:
                insert(parts.dropFirst(), into: &children)
                node[first] = .some(children)
            case nil:
                var children: [String: Node] = [:]
                insert(parts.dropFirst(), into: &children)
                node[first] = .some(children)
            }
        }
        for field in fields { insert(ArraySlice(field.split(separator: ".")), into: &root) }
        return root
    }

    /// `_rest_array_intersect_key_recursive`.
    private static func intersect(_ object: [String: Any], _ tree: [String: Node]) -> Any {
        var result: [String: Any] = [:]
        for (key, value) in object {
            switch tree[key] {
            case .all?: result[key] = value
            case .some(let children)?:
                if let nested = value as? [String: Any] { result[key] = intersect(nested, children) } else { result[key] = value }
            case nil: break
            }
        }
        return result.isEmpty ? [Any]() as Any : result
    }
}
