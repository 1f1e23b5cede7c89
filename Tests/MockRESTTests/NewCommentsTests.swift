import Foundation
import Testing
@testable import MockREST

/// `--new-every`: visitors' comments added while a client runs, and `after=` finding them
/// the way WordPress does (strictly after, in the site's time unless the date names a zone).
@Suite struct NewCommentsTests {
    let server = smallServer(comments: 60)
    let reference = MockConfiguration().referenceDate

    @Test func eachTickAddsOneNewestCommentToEverySite() throws {
        let before = server.sites.map { server.commentCount(site: $0.id) }
        let newest = try #require(server.comments(site: "site-1")?.map(\.id).max())
        let added = server.addVisitorComments(now: reference.addingTimeInterval(600))
        #expect(added.map(\.site) == server.sites.map(\.id))
        #expect(server.sites.map { server.commentCount(site: $0.id) } == before.map { $0 + 1 })
        let first = try #require(added.first?.comment)
        #expect(first.id == newest + 1)
        #expect(first.date == reference.addingTimeInterval(600))
        #expect(first.status == .approved || first.status == .hold)
        #expect(!first.authorName.isEmpty && !first.content.isEmpty)
        #expect(server.comment(site: "site-1", id: first.id) == first)
    }

    @Test func aTickInTheSameSecondStillDatesTheNewCommentAfterTheNewest() throws {
        let now = reference.addingTimeInterval(600)
        let first = try #require(server.addVisitorComments(now: now).first?.comment)
        let second = try #require(server.addVisitorComments(now: now).first?.comment)
        #expect(second.date == first.date.addingTimeInterval(1))
    }

    /// site-1 is at +01:00. Without a zone, `after` is the site's wall clock; with one, the
    /// moment it names.
    @Test func afterIsStrictAndInTheSitesTimeUnlessZoned() throws {
        let first = try #require(server.addVisitorComments(now: reference.addingTimeInterval(600)).first?.comment)
        let second = try #require(server.addVisitorComments(now: reference.addingTimeInterval(1200)).first?.comment)
        let gmt = Int64(first.date.timeIntervalSince1970)
        let local = server.call("GET", "/wp/v2/comments?status=all&after=\(GMTTime.format(gmt + 3600))")
        #expect(local.ids == [second.id])
        let zoned = server.call("GET", "/wp/v2/comments?status=all&after=\(GMTTime.format(gmt))Z")
        #expect(zoned.ids == local.ids)
        let offset = server.call("GET", "/wp/v2/comments?status=all&after=\(GMTTime.format(gmt + 3600))%2B01:00")
        #expect(offset.ids == local.ids)
        // Strict: a bound a second earlier takes the first one too.
        let earlier = server.call("GET", "/wp/v2/comments?status=all&after=\(GMTTime.format(gmt - 1))Z")
        #expect(Set(earlier.ids) == Set([first.id, second.id]))
    }
}
