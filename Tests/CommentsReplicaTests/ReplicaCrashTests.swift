import Foundation
import Testing
import FluxTesting
import GRDB
@testable import CommentsReplica

/// A writer killed with SIGKILL in the middle of its writes leaves a replica that opens,
/// passes SQLite's integrity checks, and holds every page it had reported committed —
/// each page whole or not at all.
@Suite("Replica: crash safety")
struct ReplicaCrashTests {
    /// After how many reported pages each round kills the writer, and how long after that
    /// report (microseconds). Killed right at a report, the writer is always at the start of
    /// its next transaction; the delays move the kill into the middle of one (a page takes
    /// a few milliseconds). Fixed, so a failure reproduces. The delay is not a wait for work
    /// to finish: it only chooses the moment of the kill.
    static let rounds: [(killAfter: Int, delay: useconds_t)] = [
        (1, 0), (6, 2_000), (3, 500), (11, 5_000), (2, 1_000), (4, 3_000), (8, 8_000),
    ]

    @Test func aKilledWriterLosesNothingItCommitted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("crash.sqlite")
        let writer = try #require(Self.writerExecutable(), "replica-crash-writer is not built beside the tests")
        var pagesPresent = 0
        // A safety net for a writer that hangs (the test takes about 2 s): two of the tests'
        // safety nets for all the rounds, since a ThreadSanitizer build on a loaded machine
        // writes pages many times slower (at load 7, past 240 s, the last rounds were killed
        // before their first page).
        let deadline = DispatchTime.now() + .seconds(Int((Duration.safetyNet * 2).components.seconds))
        for (round, (count, delay)) in Self.rounds.enumerated() {
            let first = pagesPresent
            let reported = try await Self.onAThreadOfItsOwn {
                try Self.runWriter(writer, file: file, firstPage: first, killAfter: count, delay: delay, deadline: deadline)
            }
            #expect(reported.count >= count, "round \(round): the writer reported \(reported)")
            let replica = try Replica(site: "crash-test", file: file)
            #expect(try await replica.integrityCheck() == ["ok"], "round \(round)")
            try await replica.pool.write { db in
                // FTS5's own check: the index agrees with the text it indexes.
                try db.execute(sql: "INSERT INTO comment_search(comment_search) VALUES('integrity-check')")
            }
            let perPage = try await replica.pool.read { db in
                try Row.fetchAll(db, sql: "SELECT id / 100, count(*) FROM comment GROUP BY id / 100 ORDER BY 1")
                    .map { row in (try row.decode(Int.self, atIndex: 0), try row.decode(Int.self, atIndex: 1)) }
            }
            let indexed = try await replica.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM comment_search") }
            #expect(perPage.map(\.0) == Array(0..<perPage.count), "round \(round): pages are contiguous")
            #expect(perPage.allSatisfy { $0.1 == 100 }, "round \(round): every page is whole")
            #expect(perPage.count >= (reported.last ?? -1) + 1, "round \(round): a reported page is missing")
            #expect(indexed == perPage.count * 100)
            pagesPresent = perPage.count
        }
    }

    /// Runs `work`, which blocks on a pipe, on a thread of its own: on one of the few threads
    /// Swift's concurrency shares between all the tests it would stall the others.
    private static func onAThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Starts the writer at `firstPage`, reads its reports until `killAfter` of them (or
    /// `deadline`), kills it with SIGKILL `delay` later and returns the pages it reported.
    private static func runWriter(
        _ writer: URL, file: URL, firstPage: Int, killAfter: Int, delay: useconds_t, deadline: DispatchTime
    ) throws -> [Int] {
        let process = Process()
        process.executableURL = writer
        process.arguments = [file.path, String(firstPage), "1000"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // A writer that hangs must not hang the test run: killed, its pipe closes and the
        // read below ends (the round then fails on the count).
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: watchdog)
        defer { watchdog.cancel() }
        var reported: [Int] = []
        var pending = Data()
        while reported.count < killAfter {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }  // the writer ended on its own: the count check fails
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if let number = Int(line.dropFirst("committed ".count)) { reported.append(number) }
            }
        }
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return reported
    }

    /// The writer, built into the same directory as this test bundle.
    private static func writerExecutable() -> URL? {
        let tests = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let writer = tests.deletingLastPathComponent().appendingPathComponent("replica-crash-writer")
        return FileManager.default.isExecutableFile(atPath: writer.path) ? writer : nil
    }
}
