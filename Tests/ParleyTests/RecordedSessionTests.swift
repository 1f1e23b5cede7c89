import Testing
import Foundation
@testable import parley
import Flux
import CommentsKit
import TerminalUI

/// The sessions under Tests/replays, recorded live by `Tests/replays/record.sh`, replayed
/// through the path `parley --replay` takes: each must land on the screen the live session
/// ended on (captured by tmux when it was recorded).
@MainActor
@Suite struct RecordedSessionTests {
    static let replays = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("replays")

    @Test(arguments: ["moderation-rollback", "reply-retry", "filter-search"])
    func theReplayLandsOnTheScreenTheLiveSessionEndedOn(_ name: String) throws {
        let session = try SessionReplay.load(Self.replays.appendingPathComponent("\(name).jsonl").path)
        let screen = try NcursesScreen.headless(width: session.header.terminal.width, height: session.header.terminal.height)
        defer { screen.close() }
        let replay = try SessionReplay(session, screen: screen)
        defer { replay.cleanUp() }
        var exitStatus: Int32?
        replay.play { exitStatus = $0 }
        replay.app.renderNow()
        let expected = try String(contentsOf: Self.replays.appendingPathComponent("\(name).screen.txt"), encoding: .utf8)
        #expect(Self.lines(screen.screenText()) == Self.lines(expected))
        #expect(replay.replayer.isFinished)
        #expect(exitStatus == nil, "the recorded quit is not replayed")
    }

    /// "3d" in the list is three days before the recorded time, not before the wall clock:
    /// the same recording started ten days later shows "13d".
    @Test func datesReadFromTheRecordedTimeNotTheWallClock() throws {
        let original = try String(contentsOf: Self.replays.appendingPathComponent("moderation-rollback.jsonl"), encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let stamp = try #require(lines[0].firstMatch(of: /"startedAt":"([^"]+)"/)?.output.1)
        let later = try #require(formatter.date(from: String(stamp))).addingTimeInterval(10 * 86_400)
        lines[0] = lines[0].replacingOccurrences(of: String(stamp), with: formatter.string(from: later))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-later-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(lines.joined(separator: "\n").utf8).write(to: file)

        let session = try SessionReplay.load(file.path)
        let screen = try NcursesScreen.headless(width: session.header.terminal.width, height: session.header.terminal.height)
        defer { screen.close() }
        let replay = try SessionReplay(session, screen: screen)
        defer { replay.cleanUp() }
        replay.play { _ in }
        replay.app.renderNow()
        #expect(screen.screenText().contains(" A Kenji Watanabe   13d "))
    }

    @Test func theRecordedSessionsHoldTheirStory() throws {
        func actions(_ name: String) throws -> [any Action] {
            try SessionReplay.load(Self.replays.appendingPathComponent("\(name).jsonl").path).actions.map(\.action)
        }
        let moderation = try actions("moderation-rollback")
        #expect(moderation.contains { if case .writeFinished(_, .failure)? = $0 as? CommentsAction { true } else { false } })
        let reply = try actions("reply-retry").compactMap { $0 as? CommentsAction }
        let outcomes = reply.compactMap { action -> Bool? in
            if case .writeFinished(_, let result) = action { return (try? result.get()) != nil }
            return nil
        }
        #expect(outcomes == [false, true], "a failed send, then a retry that got through")
        let filters = try actions("filter-search").compactMap { $0 as? FilterAction }
        #expect(filters.contains(.toggle(.status(.spam))))
        #expect(filters.contains(.setSearch("the")))
    }

    @Test func aFileThatIsNotARecordingIsRefusedWithItsLineInOneSentence() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parley-bad-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let header = try String(contentsOf: Self.replays.appendingPathComponent("filter-search.jsonl"), encoding: .utf8)
            .split(separator: "\n")[0]
        try Data("\(header)\n{\"action\":{},\"t\":0,\"type\":\"SpaceAction\"}\n".utf8).write(to: file)
        #expect(throws: ReplayError.self) { try SessionReplay.load(file.path) }
        do {
            _ = try SessionReplay.load(file.path)
        } catch {
            #expect(error.description == "\(file.path), line 2: the action type SpaceAction is unknown to this parley.")
        }
        do {
            _ = try SessionReplay.load("/nonexistent/recording.jsonl")
        } catch {
            #expect(error.description == "Cannot read the recording /nonexistent/recording.jsonl: no such file or directory.")
        }
    }

    /// Lines without the newline a file ends with.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}
