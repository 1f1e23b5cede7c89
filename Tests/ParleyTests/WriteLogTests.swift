import Foundation
import Testing
import CommentsKit
import MockREST
@testable import parley

/// The write log on disk (`writes.jsonl`, ``WriteLogFile``), what `parley comment`'s writes
/// put in it, and `parley log` (issue 27, "who did what").
@Suite struct WriteLogTests {
    /// A state directory of its own, through `XDG_STATE_HOME`, and no config file.
    private func environment() -> [String: String] {
        var environment = mockEnvironment()
        environment["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("parley-state-\(UUID().uuidString)").path
        return environment
    }

    private func record(_ seconds: TimeInterval, site: String = "http://site-1.test/wp-json", siteName: String = "Field Notes",
                        comment: Int = 7, change: WriteRecord.Change = .status(from: .hold, to: .approved)) -> WriteRecord {
        WriteRecord(time: Date(timeIntervalSince1970: 1_795_000_000 + seconds), site: site, siteName: siteName, comment: comment,
                    user: "admin", userID: 1, change: change, via: .tui)
    }

    @Test func recordsAreAppendedOneALineAndReadBackOldestFirst() throws {
        let log = WriteLogFile.standard(environment: environment()) { Issue.record("no warning expected: \($0)") }
        log.append(record(20))
        log.append(record(10, comment: 8))
        let text = try String(contentsOf: log.url, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2)
        #expect(text.hasPrefix(#"{"after":"approved","before":"hold","by":"parley""#))
        let attributes = try FileManager.default.attributesOfItem(atPath: log.url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "the log is the user's alone")
        let contents = log.read()
        #expect(contents.records.map(\.comment) == [8, 7], "sorted by time: appends may land out of order")
        #expect(contents.warning == nil)
    }

    @Test func anUnreadableLineIsSkippedWithAWarningNamingItNeverACrash() throws {
        let log = WriteLogFile.standard(environment: environment()) { _ in }
        log.append(record(1))
        let handle = try FileHandle(forWritingTo: log.url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"time\":\"2026-11-18T11:06:41.000Z\",\"site\":\"x\",\"comm\n\u{00}\u{ff}garbage\n".utf8))
        try handle.close()
        log.append(record(3))
        let contents = log.read()
        #expect(contents.records.count == 2)
        #expect(contents.warning == "skipped 2 unreadable lines of the write log (writes.jsonl:2, writes.jsonl:3).")
    }

    @Test func aLogThatCannotBeWrittenSaysSoOnceAndTheWritesGoOn() async throws {
        var environment = environment()
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("parley-file-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: blocker)
        environment["XDG_STATE_HOME"] = blocker.path
        let io = RecordedIO()
        let mock = MockServer(MockConfiguration(seed: 1, commentsPerSite: 40))
        let ids = try #require(mock.comments(site: "site-1")?.filter { $0.status == .approved }.prefix(3).map { String($0.id) })
        #expect(try await SpamCommand.parse(ids + ["--mock-size", "40"]).execute(io: io.io, environment: environment) == .success)
        #expect(io.out.components(separatedBy: "Success:").count == 4, "the three writes are done (a line each, no summary)")
        let warnings = io.error.split(separator: "\n").filter { $0.contains("cannot be logged") }
        #expect(warnings.count == 1, "said once: \(io.error)")
        #expect(warnings.first?.contains("is a file, not a directory") == true)
    }

    @Test func pastItsSizeTheLogIsRotatedAndBothFilesAreRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-rotate-\(UUID().uuidString)/writes.jsonl")
        let log = WriteLogFile(url: url, rotationSize: 1_000) { Issue.record("no warning expected: \($0)") }
        for second in 0..<12 { log.append(record(TimeInterval(second), comment: second)) }
        #expect(FileManager.default.fileExists(atPath: log.previousURL.path))
        let current = try Data(contentsOf: url).count
        #expect(current < 1_000 + 400, "the current file starts again after a rotation")
        let comments = log.read().records.map(\.comment)
        #expect(comments == Array(comments.sorted()), "oldest first across both files")
        #expect(comments.last == 11)
        for second in 12..<40 { log.append(record(TimeInterval(second), comment: second)) }
        #expect(log.read().records.count < 40, "bounded: the oldest rotation is dropped")
    }

    @Test func theCommandLinesWritesAreLoggedWithTheirOutcome() async throws {
        let environment = environment()
        let mock = MockServer(MockConfiguration(seed: 1, commentsPerSite: 40))
        let approved = try #require(mock.comments(site: "site-1")?.first { $0.status == .approved }).id
        let io = RecordedIO()
        #expect(try await SpamCommand.parse([String(approved), "99999", "--mock-size", "40"]).execute(io: io.io, environment: environment) == .someFailed)
        let printed = RecordedIO()
        #expect(try await LogCommand.parse(["--format", "json"]).execute(io: printed.io, environment: environment) == .success)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(printed.out.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        let done = try #require(objects.first { $0["comment"] as? Int == approved })
        #expect(done["after"] as? String == "spam")
        #expect(done["outcome"] as? String == "done")
        #expect(done["via"] as? String == "cli")
        #expect(done["site"] as? String == mock.sites.first?.id, "the key the terminal interface logs the site under too")
        let failed = try #require(objects.first { $0["comment"] as? Int == 99999 })
        #expect(failed["outcome"] as? String == "failed")
        #expect((failed["problem"] as? String)?.isEmpty == false)
    }

    @Test func parleyLogFiltersBySiteCommentAndDateAndPrintsATable() async throws {
        let environment = environment()
        let log = WriteLogFile.standard(environment: environment) { _ in }
        log.append(record(0, comment: 1))
        log.append(record(3_600, comment: 2, change: .textEdited))
        log.append(record(7_200, site: "https://blog.example/wp-json", siteName: "Blog", comment: 2, change: .deletedPermanently(from: .trash)))
        func run(_ arguments: [String]) async throws -> String {
            let io = RecordedIO()
            #expect(try await LogCommand.parse(arguments).execute(io: io.io, environment: environment) == .success)
            return io.out
        }
        #expect(try await run(["--format", "count"]) == "3\n")
        #expect(try await run(["--format", "count", "--comment", "2"]) == "2\n")
        #expect(try await run(["--format", "count", "--site", "blog"]) == "1\n", "part of the address")
        #expect(try await run(["--format", "count", "--site", "Field Notes"]) == "2\n", "the site's name")
        let start = Date(timeIntervalSince1970: 1_795_000_000 + 3_600).formatted(Date.ISO8601FormatStyle())
        #expect(try await run(["--format", "count", "--since", String(start.dropLast())]) == "2\n")
        #expect(try await run(["--format", "count", "--until", String(start.dropLast())]) == "1\n")
        let table = try await run([])
        let lines = table.split(separator: "\n")
        #expect(lines.first?.split(separator: "\t") == ["time", "site", "comment", "by", "change", "outcome"])
        #expect(lines.dropFirst().map { $0.split(separator: "\t")[4] } == ["approved (was pending)", "text edited", "deleted permanently"],
                "oldest first, newest last, as journalctl and tail print")
        #expect(try await run(["--newest-first", "--limit", "1", "--format", "csv"]).contains("Blog,2,admin,deleted permanently,done"))
    }

    @Test func anEmptyLogSaysWhereItWouldBeAndAWrongFormatIsAUsageError() async throws {
        let environment = environment()
        let io = RecordedIO()
        #expect(try await LogCommand.parse([]).execute(io: io.io, environment: environment) == .success)
        #expect(io.out.isEmpty)
        #expect(io.error.hasPrefix("No writes logged yet ("))
        #expect(throws: (any Error).self) { try LogCommand.parse(["--format", "ids"]) }
        #expect(throws: (any Error).self) { try LogCommand.parse(["--since", "yesterday"]).filtered([]) }
    }
}
