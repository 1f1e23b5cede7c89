import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

@Suite struct ListRouteTests {
    let server = smallServer(comments: 120)

    private func all(_ status: MockCommentStatus? = nil) -> [MockComment] {
        (server.comments(site: "site-1") ?? []).filter { status == nil || $0.status == status }
    }

    @Test func defaultsToTenApprovedNewestFirstWithTotals() throws {
        let response = server.call("GET", "/wp/v2/comments")
        #expect(response.status == 200)
        let approved = all(.approved).filter { $0.type == "comment" }
        #expect(response.ids == Array(approved.map(\.id).reversed().prefix(10)))
        #expect(response.header("X-WP-Total") == String(approved.count))
        #expect(response.header("X-WP-TotalPages") == String((approved.count + 9) / 10))
        let link = try #require(response.header("Link"))
        #expect(link.contains("page=2>; rel=\"next\""))
        #expect(!link.contains("rel=\"prev\""))
    }

    @Test func pagesWalkTheWholeSetAndPastTheEndIsEmptyWithTotals() {
        var seen: [Int] = []
        var page = 1
        while true {
            let response = server.call("GET", "/wp/v2/comments?per_page=7&page=\(page)&status=any&type=all")
            if response.array.isEmpty {
                #expect(response.status == 200)
                #expect(response.header("X-WP-Total") == String(all().count))
                #expect(response.header("Link")?.contains("rel=\"prev\"") == true)
                break
            }
            seen += response.ids
            page += 1
        }
        #expect(seen == all().map(\.id).reversed())
    }

    @Test func perPageOutsideOneToHundredIsInvalidParam() {
        for value in ["0", "101", "abc"] {
            let response = server.call("GET", "/wp/v2/comments?per_page=\(value)")
            #expect(response.status == 400)
            #expect(response.code == "rest_invalid_param")
            let params = (response.object["data"] as? [String: Any])?["params"] as? [String: String]
            #expect(params?["per_page"] != nil)
        }
        #expect(server.call("GET", "/wp/v2/comments?page=0").code == "rest_invalid_param")
    }

    @Test(arguments: [
        ("approve", [MockCommentStatus.approved]), ("hold", [.hold]), ("spam", [.spam]), ("trash", [.trash]),
        ("all", [.approved, .hold]), ("any", MockCommentStatus.allCases), ("1", [.approved]), ("0", [.hold]),
    ])
    func statusFilter(value: String, statuses: [MockCommentStatus]) {
        let response = server.call("GET", "/wp/v2/comments?per_page=100&type=all&status=\(value)")
        let expected = all().filter { statuses.contains($0.status) }
        #expect(response.header("X-WP-Total") == String(expected.count))
        #expect(Set(response.array.compactMap { $0["status"] as? String }).isSubset(of: Set(statuses.map(\.rawValue))))
    }

    @Test func statusQuirksMatchNothing() {
        for value in ["approved", "hold,spam", "nonsense"] {
            let response = server.call("GET", "/wp/v2/comments?status=\(value)")
            #expect(response.status == 200)
            #expect(response.array.isEmpty)
            #expect(response.header("X-WP-Total") == "0")
            #expect(response.header("X-WP-TotalPages") == "0")
        }
        #expect(server.call("GET", "/wp/v2/comments?status[]=hold").code == "rest_invalid_param")
    }

    @Test func pingbacksHideUnlessTypeAsked() {
        let pings = all().filter { ($0.type == "pingback" || $0.type == "trackback") && $0.status == .approved }
        let listed = server.call("GET", "/wp/v2/comments?per_page=100").array.compactMap { $0["type"] as? String }
        #expect(listed.allSatisfy { $0 == "comment" })
        let asked = server.call("GET", "/wp/v2/comments?per_page=100&type=pings")
        #expect(asked.header("X-WP-Total") == String(pings.count))
    }

    @Test func postAndParentFiltersAcceptBothListForms() {
        let posts = server.posts(site: "site-1").map(\.id)
        let wanted = Set(posts.prefix(2))
        let expected = all(.approved).filter { wanted.contains($0.post) && $0.type == "comment" }.count
        let list = posts.prefix(2).map(String.init)
        for query in ["post=\(list.joined(separator: ","))", list.map { "post[]=\($0)" }.joined(separator: "&")] {
            let response = server.call("GET", "/wp/v2/comments?\(query)")
            #expect(response.header("X-WP-Total") == String(expected))
        }
        let topLevel = server.call("GET", "/wp/v2/comments?parent=0&per_page=100&status=any&type=all")
        #expect(topLevel.array.allSatisfy { $0["parent"] as? Int == 0 })
        #expect(topLevel.header("X-WP-Total") == String(all().filter { $0.parent == 0 }.count))
        let excluded = server.call("GET", "/wp/v2/comments?parent_exclude=0&per_page=100&status=any&type=all")
        #expect(excluded.array.allSatisfy { $0["parent"] as? Int != 0 })
        #expect(server.call("GET", "/wp/v2/comments?post=1,x").code == "rest_invalid_param")
    }

    @Test func includeExcludeAndOrderByInclude() {
        let ids = all(.approved).map(\.id).prefix(4)
        let include = [ids[ids.startIndex + 2], ids[ids.startIndex], ids[ids.startIndex + 3]]
        let query = include.map(String.init).joined(separator: ",")
        let ordered = server.call("GET", "/wp/v2/comments?include=\(query)&orderby=include&order=asc&type=all")
        #expect(ordered.ids == include)
        let excluded = server.call("GET", "/wp/v2/comments?exclude=\(query)&per_page=100&type=all")
        #expect(excluded.ids.allSatisfy { !include.contains($0) })
        // WordPress 6.1 accepts `orderby=include` without `include` (the contract page once said otherwise).
        #expect(server.call("GET", "/wp/v2/comments?orderby=include").status == 200)
    }

    @Test func orderAndOrderBy() {
        let asc = server.call("GET", "/wp/v2/comments?order=asc&per_page=100&type=all")
        #expect(asc.ids == asc.ids.sorted())
        let byPost = server.call("GET", "/wp/v2/comments?orderby=post&order=asc&per_page=100")
        let posts = byPost.array.compactMap { $0["post"] as? Int }
        #expect(posts == posts.sorted())
        let byParent = server.call("GET", "/wp/v2/comments?orderby=parent&order=desc&per_page=100")
        let parents = byParent.array.compactMap { $0["parent"] as? Int }
        #expect(parents == parents.sorted(by: >))
        let byID = server.call("GET", "/wp/v2/comments?orderby=id&order=desc")
        #expect(byID.ids == byID.ids.sorted(by: >))
        #expect(server.call("GET", "/wp/v2/comments?orderby=title").code == "rest_invalid_param")
        #expect(server.call("GET", "/wp/v2/comments?order=up").code == "rest_invalid_param")
    }

    @Test func offsetOverridesPage() {
        let full = server.call("GET", "/wp/v2/comments?per_page=100").ids
        let shifted = server.call("GET", "/wp/v2/comments?per_page=5&offset=3&page=9").ids
        #expect(shifted == Array(full[3..<8]))
    }

    @Test func beforeAndAfterFilterInTheSitesTimeAndRejectBadDates() throws {
        let comments = all(.approved).filter { $0.type == "comment" }
        let middle = comments[comments.count / 2]
        let stamp = GMTTime.format(Int64(middle.date.timeIntervalSince1970))
        // Without a zone, a date is in the site's time (site-1 is at +01:00), as WordPress reads it.
        let local = GMTTime.format(Int64(middle.date.timeIntervalSince1970) + 3600)
        let before = server.call("GET", "/wp/v2/comments?per_page=100&before=\(local)")
        #expect(before.header("X-WP-Total") == String(comments.filter { $0.date < middle.date }.count))
        let after = server.call("GET", "/wp/v2/comments?per_page=100&after=\(stamp)Z")
        #expect(after.header("X-WP-Total") == String(comments.filter { $0.date > middle.date }.count))
        let zoned = server.call("GET", "/wp/v2/comments?per_page=100&after=\(stamp)%2B01:00")
        #expect(zoned.header("X-WP-Total") == String(comments.filter { $0.date.timeIntervalSince(middle.date) > -3600 }.count))
        let bad = server.call("GET", "/wp/v2/comments?before=yesterday")
        #expect(bad.status == 400)
        // WordPress reports a bad date as any bad parameter; the date code is in `details`.
        #expect(bad.code == "rest_invalid_param")
        let details = (bad.object["data"] as? [String: Any])?["details"] as? [String: Any]
        #expect((details?["before"] as? [String: Any])?["code"] as? String == "rest_invalid_date")
    }

    @Test func searchLooksAtAuthorFieldsAndContentCaseInsensitively() throws {
        let target = try #require(all(.approved).first { $0.type == "comment" && $0.authorURL.isEmpty == false })
        let byName = server.call("GET", "/wp/v2/comments?per_page=100&search=\(target.authorName.uppercased().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
        #expect(byName.ids.contains(target.id))
        let host = try #require(URL(string: target.authorURL)?.host)
        #expect(server.call("GET", "/wp/v2/comments?per_page=100&search=\(host)").ids.contains(target.id))
        let email = target.authorEmail.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        #expect(server.call("GET", "/wp/v2/comments?per_page=100&search=\(email)").ids.contains(target.id))
        let word = "grandmother"
        let expected = all(.approved).filter { $0.type == "comment" && ($0.content.lowercased().contains(word) || $0.authorName.lowercased().contains(word)) }
        #expect(server.call("GET", "/wp/v2/comments?per_page=100&search=GRANDMOTHER").header("X-WP-Total") == String(expected.count))
        #expect(server.call("GET", "/wp/v2/comments?search=zzzqqq").array.isEmpty)
    }

    @Test func searchIgnoresAccentsAsWordPressCollationDoes() {
        let word = "naïve"
        let expected = all(.approved).filter { $0.type == "comment" && $0.content.lowercased().contains(word) }
        #expect(!expected.isEmpty)
        let answer = server.call("GET", "/wp/v2/comments?per_page=100&search=NAIVE")
        #expect(answer.header("X-WP-Total") == String(expected.count))
        #expect(answer.ids.contains(expected[0].id))
    }

    @Test func plusInQueryIsASpaceLikePHP() {
        let spaced = server.call("GET", "/wp/v2/comments?search=my+grandmother")
        let encoded = server.call("GET", "/wp/v2/comments?search=my%20grandmother")
        #expect(spaced.ids == encoded.ids)
        #expect(!spaced.ids.isEmpty)
    }

    @Test func contextsShapeTheFields() throws {
        let view = try #require(server.call("GET", "/wp/v2/comments?per_page=1").array.first)
        #expect(view["post"] != nil && view["status"] != nil && view["date_gmt"] != nil)
        #expect(view["author_email"] == nil)
        #expect((view["content"] as? [String: Any])?["raw"] == nil)
        #expect((view["meta"] as? [String: Any])?.keys.sorted() == ["_wp_note_status"])
        let embed = try #require(server.call("GET", "/wp/v2/comments?per_page=1&context=embed").array.first)
        #expect(embed["post"] == nil && embed["status"] == nil && embed["date_gmt"] == nil && embed["date"] != nil)
        let edit = try #require(server.call("GET", "/wp/v2/comments?per_page=1&context=edit").array.first)
        #expect(edit["author_email"] != nil && edit["author_ip"] != nil && edit["author_user_agent"] != nil)
        #expect((edit["content"] as? [String: Any])?["raw"] is String)
        #expect(server.call("GET", "/wp/v2/comments?context=admin").code == "rest_invalid_param")
    }

    @Test func restRouteFormIsServedToo() throws {
        let root = server.sites[0].root.absoluteString
        var request = URLRequest(url: try #require(URL(string: root + "/?rest_route=/wp/v2/comments&per_page=3")))
        request.httpMethod = "GET"
        let viaQuery = server.respond(to: request)
        #expect(viaQuery.status == 200)
        #expect(viaQuery.ids == server.call("GET", "/wp/v2/comments?per_page=3").ids)
    }
}
