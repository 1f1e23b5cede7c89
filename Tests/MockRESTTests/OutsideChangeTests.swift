import Foundation
import Testing
@testable import MockREST

/// `changeOutside`: another moderator's change, applied as WordPress applies its own
/// requests, seen by the next read and by nothing else.
@Suite struct OutsideChangeTests {
    let server = smallServer(comments: 60)

    private func comment(status: MockCommentStatus) throws -> MockComment {
        try #require(server.comments(site: "site-1")?.first { $0.status == status })
    }

    @Test func aStatusSetOutsideIsWhatTheNextReadSays() throws {
        let approved = try comment(status: .approved)
        let changed = server.changeOutside(site: "site-1", id: approved.id, .status(.spam))
        #expect(changed?.status == .spam)
        let read = server.call("GET", "/wp/v2/comments/\(approved.id)?context=edit&_fields=id,status")
        #expect(read.object["status"] as? String == "spam")
        #expect(server.totalRequestCount == 1, "an outside change is no request of the client's")
    }

    @Test func restoringOutsideGivesBackTheStatusBefore() throws {
        let held = try comment(status: .hold)
        server.changeOutside(site: "site-1", id: held.id, .status(.trash))
        #expect(server.changeOutside(site: "site-1", id: held.id, .restore)?.status == .hold)
    }

    @Test func editedOutsideTheTextIsTheNewOne() throws {
        let approved = try comment(status: .approved)
        #expect(server.changeOutside(site: "site-1", id: approved.id, .content("Edited in wp-admin."))?.content == "Edited in wp-admin.")
    }

    @Test func deletedOutsideTheCommentIsGone() throws {
        let approved = try comment(status: .approved)
        #expect(server.changeOutside(site: "site-1", id: approved.id, .delete) == nil)
        #expect(server.comment(site: "site-1", id: approved.id) == nil)
        #expect(server.call("GET", "/wp/v2/comments/\(approved.id)?context=edit").code == "rest_comment_invalid_id")
        #expect(server.changeOutside(site: "nowhere", id: approved.id, .delete) == nil)
    }
}

/// `--outside-changes`: another moderator changing one comment at random on each tick, the
/// same changes for the same seed, each one a real change, deletions rare.
@Suite struct RandomOutsideChangeTests {
    /// Every live comment's status and text, per site: what a change changes.
    private func contents(_ server: MockServer) -> [String: [Int: String]] {
        Dictionary(uniqueKeysWithValues: server.sites.map { site in
            (site.id, Dictionary(uniqueKeysWithValues: (server.comments(site: site.id) ?? []).map { ($0.id, "\($0.status) \($0.content)") }))
        })
    }

    @Test func theSameSeedMakesTheSameChangesAndAnotherSeedOthers() {
        func draws(seed: UInt64) -> [RandomOutsideChange] {
            let server = smallServer(comments: 40)
            var random = SplitMix64(seed: seed)
            return (0..<30).compactMap { _ in server.changeOneOutsideAtRandom(&random) }
        }
        #expect(draws(seed: 3) == draws(seed: 3))
        #expect(draws(seed: 3) != draws(seed: 4))
    }

    @Test func eachDrawChangesTheCommentItNamesAndNothingElse() throws {
        let server = smallServer(comments: 40)
        var random = SplitMix64(seed: 11)
        for _ in 0..<60 {
            let before = contents(server)
            let made = try #require(server.changeOneOutsideAtRandom(&random))
            var after = contents(server)
            let was = try #require(before[made.site]?[made.id], "a live comment was drawn")
            let now = after[made.site]?[made.id]
            #expect(now != was, "\(made.change) changed comment \(made.id)")
            if case .delete = made.change { #expect(now == nil) }
            after[made.site]?[made.id] = was
            #expect(after == before, "no other comment changed")
        }
        #expect(server.totalRequestCount == 0, "no request of a client's")
    }

    @Test func everyKindOfChangeComesAndDeletionsAreRare() {
        let server = smallServer(comments: 300)
        var random = SplitMix64(seed: 5)
        let made = (0..<400).compactMap { _ in server.changeOneOutsideAtRandom(&random)?.change }
        func share(_ matches: (OutsideChange) -> Bool) -> Double { Double(made.filter(matches).count) / Double(made.count) }
        let deletions = share { if case .delete = $0 { true } else { false } }
        #expect(deletions > 0 && deletions < 0.08)
        #expect(share { if case .content = $0 { true } else { false } } > 0.05)
        #expect(share { $0 == .restore } > 0.02)
        for status in MockCommentStatus.allCases { #expect(share { $0 == .status(status) } > 0.05, "\(status)") }
    }

    @Test func onATimerOneChangeEachTickUntilCancelled() async throws {
        let server = smallServer(comments: 40)
        let clock = TickClock()
        let task = server.changeOutsideAtRandom(every: .seconds(5), seed: 2, clock: clock)
        let start = contents(server)
        await clock.sleeping()
        #expect(contents(server) == start, "nothing before the first tick")
        var replay = SplitMix64(seed: 2 &* 0xD1B5_4A32_D192_ED03 &+ 0x27)
        let twin = smallServer(comments: 40)
        for _ in 0..<3 {
            clock.tick()
            await clock.sleeping()
            twin.changeOneOutsideAtRandom(&replay)
            #expect(contents(server) == contents(twin), "each tick is the seed's next change")
        }
        task.cancel()
        clock.tick()
        await task.value
    }
}

/// A clock whose sleeps end when the test ticks it; ``sleeping()`` waits until the timer
/// sleeps again, that is, until what it does on a tick is done.
final class TickClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    // Guarded by `lock`.
    private let lock = NSLock()
    private var sleeper: CheckedContinuation<Void, Never>?
    private var watcher: CheckedContinuation<Void, Never>?

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        await withCheckedContinuation { continuation in
            let watching = lock.withLock {
                sleeper = continuation
                defer { watcher = nil }
                return watcher
            }
            watching?.resume()
        }
    }

    /// Ends the sleep under way.
    func tick() {
        let waking = lock.withLock {
            defer { sleeper = nil }
            return sleeper
        }
        waking?.resume()
    }

    /// Returns once the timer sleeps.
    func sleeping() async {
        await withCheckedContinuation { continuation in
            let asleep = lock.withLock {
                if sleeper != nil { return true }
                watcher = continuation
                return false
            }
            if asleep { continuation.resume() }
        }
    }
}
