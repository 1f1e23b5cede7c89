import Foundation

extension MockBackend {
    /// `GET /wp/v2/comments`: one filter pass over the site's comments, then a page of them.
    /// As in WordPress, the totals count what the query matched, while the page leaves out the
    /// comments this caller may not read (a contributor asking for held comments gets a total
    /// and an empty page).
    ///
    /// The ordered matches are remembered per query (its page left out) until a write: a
    /// client loading 100,000 comments asks for 1,000 pages of one query, and a filter pass
    /// over the whole site for each page cost ~100 ms, most of the time of the whole load.
    mutating func list(site position: Int, _ call: Call) throws(WPError) -> MockResponse {
        let site = sites[position]
        let query = try ListQuery(call.parameters)
        try checkPermission(call, site: site)
        let key = ListOrders.Key(site: position, selection: query.selection, authorCount: authors.authors.count)
        let matches: [Int]
        if let remembered = listOrders.matches[key] {
            matches = remembered
        } else {
            matches = order(matching(query, in: site), query, in: site)
            listOrders.remember(matches, for: key)
        }
        // `orderby=include` without ids: WordPress's `ORDER BY FIELD(comment_ID, )` fails, so
        // the page is empty; 6.1's count fails too, 7.1 counts the matches.
        let failsOrdering = query.orderBy == "include" && query.include == nil
        let total = failsOrdering && version == .v6_1 ? 0 : matches.count
        let totalPages = total == 0 ? 0 : (total + query.perPage - 1) / query.perPage
        let start = query.offset ?? (query.page - 1) * query.perPage
        let slice = start < total && !failsOrdering ? matches[start..<min(total, start + query.perPage)] : []
        let renderer = renderer(site, call)
        let body = slice.map { site.comments[$0] }.filter { Self.canRead($0, call.caller) }
            .map { renderer.render($0, context: query.context) }
        var headers = ["X-WP-Total": String(total), "X-WP-TotalPages": String(totalPages)]
        if let link = pageLinks(call, page: query.page, totalPages: totalPages) {
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
                [author.name, author.email, author.url, author.ip].contains { Self.searchMatches($0, needle) }
            }
        }
        // In the site's time, as WordPress compares them (``DateBound``).
        let before = query.before?.gmt(utcOffset: site.utcOffset), after = query.after?.gmt(utcOffset: site.utcOffset)
        var result: [Int] = []
        for (position, comment) in site.comments.enumerated() where !comment.isDeleted {
            let author = authors.authors[comment.authorIndex]
            guard query.admits(comment.status), query.admits(type: comment.type),
                  posts?.contains(comment.post) ?? true, parents?.contains(comment.parent) ?? true,
                  !parentExclude.contains(comment.parent), include?.contains(comment.id) ?? true,
                  !exclude.contains(comment.id), authorIDs?.contains(author.userID) ?? true,
                  !authorExclude.contains(author.userID),
                  query.authorEmail.map({ $0.lowercased() == author.email.lowercased() }) ?? true,
                  before.map({ comment.dateGMT < $0 }) ?? true, after.map({ comment.dateGMT > $0 }) ?? true
            else { continue }
            if let needle = query.search, authorMatchesSearch?[comment.authorIndex] != true,
               !Self.searchMatches(comment.content.text, needle) {
                continue
            }
            result.append(position)
        }
        return result
    }

    /// `search=` as WordPress answers it: `LIKE '%needle%'` in the tables' collation
    /// (`utf8mb4_unicode_520_ci`), which ignores case and accents — "naive" finds "naïve",
    /// "ecole" finds "ÉCOLE" (checked on WordPress 6.1 with MariaDB; the contract test's
    /// `list-search-folded`).
    private static func searchMatches(_ text: String, _ needle: String) -> Bool {
        text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// Ids and dates grow together, so date and id order are the stored order; other keys sort
    /// the matches, ties broken by id in the same direction (as WordPress's SQL does).
    private func order(_ positions: [Int], _ query: ListQuery, in site: SiteState) -> [Int] {
        let comments = site.comments
        switch query.orderBy {
        case "include":
            // `ORDER BY FIELD(comment_ID, …)` takes no direction: the include order, always.
            // Without ids the SQL fails (``list(site:_:)``), whatever the order.
            guard let include = query.include else { return positions }
            let rank = Dictionary(include.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return positions.sorted { rank[comments[$0].id, default: 0] < rank[comments[$1].id, default: 0] }
        case "post", "parent", "type":
            // Ties go newest id first whatever the direction: WordPress 6.1 means to inherit
            // the direction, but its `strpos('ASC', $clause)` has the arguments swapped.
            /// Whether `a` sorts before `b` in ascending order; nil for a tie.
            func ascending(_ a: StoredComment, _ b: StoredComment) -> Bool? {
                switch query.orderBy {
                case "post": return a.post == b.post ? nil : a.post < b.post
                case "parent": return a.parent == b.parent ? nil : a.parent < b.parent
                default:
                    return a.type == b.type ? nil : a.type.rawValue < b.type.rawValue
                }
            }
            return positions.sorted { left, right in
                guard let before = ascending(comments[left], comments[right]) else { return left > right }
                return query.descending ? !before : before
            }
        default:
            return query.descending ? positions.reversed() : positions
        }
    }

    /// `Link: <…page=3>; rel="next", <…page=1>; rel="prev"`, built like WordPress's
    /// `add_query_arg` from the request's own query string (`rest_route` included, lists
    /// indexed), on the API root the request was sent to.
    private func pageLinks(_ call: Call, page: Int, totalPages: Int) -> String? {
        var links: [String] = []
        if page > 1 {
            links.append("<\(pageURL(call, min(page - 1, max(totalPages, 1))))>; rel=\"prev\"")
        }
        if page < totalPages {
            links.append("<\(pageURL(call, page + 1))>; rel=\"next\"")
        }
        return links.isEmpty ? nil : links.joined(separator: ", ")
    }

    /// The query after WordPress's sanitising, which rewrites the request's own parameters:
    /// id lists become indexed arrays of integers, integers lose their padding.
    private func pageURL(_ call: Call, _ page: Int) -> String {
        let query = call.request.queryParameters
        var items: [String] = []
        var placedPage = false
        for name in query.names {
            if name == "page" {
                items.append("page=\(page)")
                placedPage = true
            } else if Self.idLists.contains(name), let ids = try? ListQuery.integers(query, name) {
                items += ids.enumerated().map { "\(Self.encode(name))%5B\($0)%5D=\($1)" }
            } else if Self.integers.contains(name), let value = try? ListQuery.integer(query, name) {
                items.append("\(Self.encode(name))=\(value)")
            } else {
                switch query[name] {
                case .text(let text)?: items.append("\(Self.encode(name))=\(Self.encode(text))")
                case .list(let list)?: items += list.enumerated().map { "\(Self.encode(name))%5B\($0)%5D=\(Self.encode($1))" }
                case nil: break
                }
            }
        }
        if !placedPage { items.append("page=\(page)") }
        return call.request.apiRoot + "/wp/v2/comments?" + items.joined(separator: "&")
    }

    private static let idLists: Set<String> = ["post", "parent", "parent_exclude", "include", "exclude", "author", "author_exclude"]
    private static let integers: Set<String> = ["per_page", "offset"]

    /// PHP's `urlencode`: letters, digits and `-_.` stay, a space becomes `+`.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._ "
    )

    private static func encode(_ text: String) -> String {
        (text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text).replacingOccurrences(of: " ", with: "+")
    }
}

/// The ordered matches of the list queries asked since the last write (``MockBackend/list(site:_:)``).
struct ListOrders: Sendable {
    /// A query up to its page: the site, what it selects and how it orders, and how many
    /// authors there were (an author's fields are searched; the table only grows).
    struct Key: Hashable, Sendable {
        var site: Int
        var selection: ListQuery
        var authorCount: Int
    }

    /// A handful of queries at most: a client loads one query at a time, and each list
    /// of matches of a big site is megabytes.
    static let capacity = 8

    private(set) var matches: [Key: [Int]] = [:]

    mutating func remember(_ positions: [Int], for key: Key) {
        if matches.count >= Self.capacity { matches.removeAll() }
        matches[key] = positions
    }
}
