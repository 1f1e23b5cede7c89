import Foundation

extension MockBackend {
    /// `GET /wp/v2/comments`: one filter pass over the site's comments, then a page of them.
    func list(_ site: SiteState, _ parameters: RequestParameters, caller: Caller) throws(WPError) -> MockResponse {
        let query = try ListQuery(parameters)
        if query.context == .edit, !caller.isModerator {
            throw .forbidden("rest_forbidden_context", "Sorry, you are not allowed to edit comments.", loggedIn: false)
        }
        let forbidden = caller.isModerator ? [] : query.protectedParameters
        if !forbidden.isEmpty {
            throw .forbidden("rest_forbidden_param", "Query parameter not permitted: \(forbidden.joined(separator: ", "))",
                             loggedIn: false)
        }
        let matches = order(matching(query, in: site), query, in: site)
        let total = matches.count
        let totalPages = total == 0 ? 0 : (total + query.perPage - 1) / query.perPage
        let start = query.offset ?? (query.page - 1) * query.perPage
        let slice = start < total ? matches[start..<min(total, start + query.perPage)] : []
        let renderer = renderer(site)
        let body = slice.map { renderer.render(site.comments[$0], context: query.context) }
        var headers = ["X-WP-Total": String(total), "X-WP-TotalPages": String(totalPages)]
        if let link = pageLinks(site, parameters: parameters, page: query.page, totalPages: totalPages) {
            headers["Link"] = link
        }
        return .json(status: 200, body, headers: headers)
    }

    /// Positions (in `site.comments`) of the comments the filters admit, in id order.
    private func matching(_ query: ListQuery, in site: SiteState) -> [Int] {
        let posts = query.posts.map(Set.init)
        let parents = query.parents.map(Set.init)
        let parentExclude = Set(query.parentExclude ?? [])
        let include = query.include.map(Set.init)
        let exclude = Set(query.exclude ?? [])
        let authorIDs = query.authors.map(Set.init)
        let authorExclude = Set(query.authorExclude ?? [])
        let authorMatchesSearch = query.search.map { needle in
            authors.authors.map { author in
                [author.name, author.email, author.url, author.ip].contains { $0.range(of: needle, options: .caseInsensitive) != nil }
            }
        }
        var result: [Int] = []
        for (position, comment) in site.comments.enumerated() where !comment.isDeleted {
            let author = authors.authors[comment.authorIndex]
            guard query.admits(comment.status), query.admits(type: author.commentType),
                  posts?.contains(comment.post) ?? true, parents?.contains(comment.parent) ?? true,
                  !parentExclude.contains(comment.parent), include?.contains(comment.id) ?? true,
                  !exclude.contains(comment.id), authorIDs?.contains(author.userID) ?? true,
                  !authorExclude.contains(author.userID),
                  query.before.map({ comment.dateGMT < $0 }) ?? true, query.after.map({ comment.dateGMT > $0 }) ?? true
            else { continue }
            if let needle = query.search, authorMatchesSearch?[comment.authorIndex] != true,
               comment.content.text.range(of: needle, options: .caseInsensitive) == nil {
                continue
            }
            result.append(position)
        }
        return result
    }

    /// Ids and dates grow together, so date and id order are the stored order; other keys sort
    /// the matches, ties broken by id in the same direction (as WordPress's SQL does).
    private func order(_ positions: [Int], _ query: ListQuery, in site: SiteState) -> [Int] {
        let comments = site.comments
        switch query.orderBy {
        case "include":
            let rank = Dictionary((query.include ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let sorted = positions.sorted { rank[comments[$0].id, default: 0] < rank[comments[$1].id, default: 0] }
            return query.descending ? sorted.reversed() : sorted
        case "post", "parent", "type":
            let sorted = positions.sorted { left, right in
                let (a, b) = (comments[left], comments[right])
                switch query.orderBy {
                case "post" where a.post != b.post: return a.post < b.post
                case "parent" where a.parent != b.parent: return a.parent < b.parent
                case "type":
                    let (typeA, typeB) = (authors.authors[a.authorIndex].commentType, authors.authors[b.authorIndex].commentType)
                    return typeA == typeB ? left < right : typeA < typeB
                default: return left < right
                }
            }
            return query.descending ? sorted.reversed() : sorted
        default:
            return query.descending ? positions.reversed() : positions
        }
    }

    /// `Link: <…page=3>; rel="next", <…page=1>; rel="prev"`, built from the request's own
    /// query like WordPress's `add_query_arg`.
    private func pageLinks(_ site: SiteState, parameters: RequestParameters, page: Int, totalPages: Int) -> String? {
        var links: [String] = []
        if page > 1 {
            links.append("<\(pageURL(site, parameters, min(page - 1, max(totalPages, 1))))>; rel=\"prev\"")
        }
        if page < totalPages {
            links.append("<\(pageURL(site, parameters, page + 1))>; rel=\"next\"")
        }
        return links.isEmpty ? nil : links.joined(separator: ", ")
    }

    private func pageURL(_ site: SiteState, _ parameters: RequestParameters, _ page: Int) -> String {
        var items: [String] = []
        for (name, value) in parameters.values.sorted(by: { $0.key < $1.key }) where name != "page" && name != "rest_route" {
            switch value {
            case .text(let text): items.append("\(name)=\(Self.encode(text))")
            case .list(let list): items += list.map { "\(name)%5B%5D=\(Self.encode($0))" }
            }
        }
        items.append("page=\(page)")
        return site.site.restBase.absoluteString + "/wp/v2/comments?" + items.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters (plus `,` for id lists), ASCII only.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,"
    )

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
