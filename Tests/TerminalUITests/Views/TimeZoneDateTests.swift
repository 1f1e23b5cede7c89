import Foundation
import Testing
import CommentsKit
@testable import TerminalUI

/// Dates in the user's time zone: given to the views (never read from the environment
/// of a test run), relative for recent ones, the day in that zone for older ones, and the
/// full date with its zone in the detail pane.
@Suite struct TimeZoneDateTests {
    /// 2026-11-19 08:16:00 UTC.
    let moment = Date(timeIntervalSince1970: 1_795_076_160)

    private func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    @Test func theFullDateIsInTheZoneWithItsName() throws {
        #expect(RelativeDate.full(moment) == "2026-11-19 08:16 UTC")
        // Foundation names zones by letters where the system does (CET on macOS); Linux's
        // says "GMT+1", which is not a name: the offset is shown instead.
        #expect(["2026-11-19 09:16 CET", "2026-11-19 09:16 +01:00"].contains(RelativeDate.full(moment, timeZone: try zone("Europe/Paris"))))
        #expect(["2026-11-19 03:16 EST", "2026-11-19 03:16 -05:00"].contains(RelativeDate.full(moment, timeZone: try zone("America/New_York"))))
    }

    @Test func aZoneWithoutALetteredNameShowsItsOffset() throws {
        let india = try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800))
        #expect(RelativeDate.full(moment, timeZone: india) == "2026-11-19 13:46 +05:30")
        let west = try #require(TimeZone(secondsFromGMT: -3 * 3600))
        #expect(RelativeDate.full(moment, timeZone: west) == "2026-11-19 05:16 -03:00")
    }

    @Test func anOldDateIsTheDayItFellOnInTheZone() throws {
        // 23:30 UTC on 1 November is already 2 November in Tokyo.
        let late = Date(timeIntervalSince1970: 1_793_575_800)
        let now = late.addingTimeInterval(30 * 86_400)
        #expect(RelativeDate.short(late, now: now) == "2026-11-01")
        #expect(RelativeDate.short(late, now: now, timeZone: try zone("Asia/Tokyo")) == "2026-11-02")
        // Recent dates stay relative, whatever the zone.
        #expect(RelativeDate.short(late, now: late.addingTimeInterval(3 * 3600), timeZone: try zone("Asia/Tokyo")) == "3h")
    }

    @Test func theUsersZoneIsTZThenTheSystems() {
        #expect(RelativeDate.userTimeZone(environment: ["TZ": "Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(RelativeDate.userTimeZone(environment: ["TZ": ":Europe/Paris"]).identifier == "Europe/Paris")
        #expect(RelativeDate.userTimeZone(environment: ["TZ": "Nowhere/Atlantis"]) == TimeZone.current)
        #expect(RelativeDate.userTimeZone(environment: [:]) == TimeZone.current)
    }

    @Test @MainActor func theDetailPaneShowsTheDateInTheGivenZone() async throws {
        let app = try UIHarness(width: 80, height: 24, sites: 1)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let entry = try #require(app.comments.state.comments(of: site).allEntries.first)
        let paris = try zone("Europe/Paris")
        let lines = DetailContent.lines(for: entry, in: app.comments.state, site: site, width: 60, timeZone: paris).map(\.0)
        let full = RelativeDate.full(entry.date, timeZone: paris)
        #expect([" CET", " CEST", " +01:00", " +02:00"].contains { full.hasSuffix($0) })
        #expect(lines.contains { $0.hasPrefix(full + " · ") })
        #expect(!lines.contains { $0.hasPrefix(RelativeDate.full(entry.date)) })
    }

    @Test func aDateAFewMinutesAheadIsNowAndFurtherAheadIsItsDay() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(RelativeDate.short(now.addingTimeInterval(150), now: now) == "now", "a site's clock a little fast")
        #expect(RelativeDate.short(now.addingTimeInterval(299), now: now) == "now")
        #expect(RelativeDate.short(now.addingTimeInterval(3 * 86_400), now: now) == "2026-11-21")
    }
}
