import Testing
import Foundation
@testable import parley
import MockREST

/// `--type` of `comment list` and `comment count` (issue 28), as wp-cli has it, on the
/// embedded mock (seed 1), whose seed has pingbacks and trackbacks among its comments.
@Suite struct CommentTypesCommandTests {
    static let size = 120
    let mock: MockServer = {
        var configuration = MockConfiguration(seed: 1, commentsPerSite: size)
        configuration.referenceDate = Date()
        return MockServer(configuration)
    }()

    func run<C: CommentSubcommand>(_ type: C.Type, _ arguments: [String], _ io: RecordedIO) async throws -> CommandStatus {
        try await C.parse(arguments + ["--mock-size", String(Self.size)]).execute(io: io.io, environment: mockEnvironment())
    }

    /// The mock's comments whose type `wanted` admits (never a note).
    func onMock(_ wanted: (String) -> Bool) throws -> [MockComment] {
        try #require(mock.comments(site: "site-1")).filter { $0.type != "note" && wanted($0.type) }
    }

    func counted(_ arguments: [String]) async throws -> [String: Int] {
        let io = RecordedIO()
        #expect(try await run(CountCommand.self, arguments + ["--format", "json"], io) == .success)
        return try #require(try JSONSerialization.jsonObject(with: Data(io.out.utf8)) as? [String: Int])
    }

    static func counts(_ comments: [MockComment]) -> [String: Int] {
        func number(_ status: MockCommentStatus) -> Int { comments.filter { $0.status == status }.count }
        return ["approved": number(.approved), "hold": number(.hold), "spam": number(.spam), "trash": number(.trash),
                "all": number(.approved) + number(.hold), "total": comments.count]
    }

    @Test func countCountsCommentsAndPingsAsWpAdminDoesAndTypeNarrowsIt() async throws {
        let pings = try onMock { $0 == "pingback" || $0 == "trackback" }
        #expect(!pings.isEmpty, "the seed has pings")
        #expect(try await counted([]) == Self.counts(try onMock { _ in true }))
        #expect(try await counted(["--type", "all"]) == Self.counts(try onMock { _ in true }))
        #expect(try await counted(["--type", "comment"]) == Self.counts(try onMock { $0 == "comment" }))
        #expect(try await counted(["--type", "pings"]) == Self.counts(pings))
        #expect(try await counted(["--type", "pingback"]) == Self.counts(try onMock { $0 == "pingback" }))
        #expect(try await counted(["--type", "trackback"]) == Self.counts(try onMock { $0 == "trackback" }))
    }

    @Test func listByTypeListsThatTypeNewestFirst() async throws {
        for (argument, wanted) in [("pings", { (type: String) in type != "comment" }), ("comment", { $0 == "comment" }), ("all", { _ in true })] {
            let io = RecordedIO()
            #expect(try await run(ListCommand.self, ["--status", "any", "--type", argument, "--format", "ids"], io) == .success)
            let expected = try onMock(wanted).sorted { ($0.date, $0.id) > ($1.date, $1.id) }.map(\.id)
            #expect(io.out == expected.map(String.init).joined(separator: " ") + "\n", "--type \(argument)")
            let count = RecordedIO()
            #expect(try await run(ListCommand.self, ["--status", "any", "--type", argument, "--format", "count"], count) == .success)
            #expect(count.out == "\(expected.count)\n")
        }
    }

    @Test func aLimitOverEveryTypeKeepsTheNewest() async throws {
        let io = RecordedIO()
        #expect(try await run(ListCommand.self, ["--status", "any", "--format", "ids", "--limit", "5"], io) == .success)
        let expected = try onMock { _ in true }.sorted { ($0.date, $0.id) > ($1.date, $1.id) }.prefix(5).map(\.id)
        #expect(io.out == expected.map(String.init).joined(separator: " ") + "\n")
    }

    @Test func anUnknownTypeIsAUsageMistake() {
        #expect(throws: (any Error).self) { try CountCommand.parse(["--type", "note"]) }
        #expect(throws: (any Error).self) { try ListCommand.parse(["--type", "note"]) }
    }
}

/// The command line never acts on a note (issue 28): every write on a note's id is refused
/// with a sentence and exit status 1, nothing sent for it; the comments beside it are written.
/// The embedded mock seeds, after its comments, a held note, an approved pingback, a resolved
/// note and its marker, a held trackback and a note in the trash.
@Suite struct NoteRefusalCommandTests {
    static let size = 40
    /// The seed's notes: held, resolved, its resolution marker, in the trash.
    static let notes = [size + 1, size + 3, size + 4, size + 6]
    static let pingback = size + 2, trackback = size + 5

    func run<C: CommentSubcommand>(_ type: C.Type, _ arguments: [String], _ io: RecordedIO) async throws -> CommandStatus {
        try await C.parse(arguments + ["--mock-size", String(Self.size)]).execute(io: io.io, environment: mockEnvironment())
    }

    static func sentence(_ id: Int) -> String {
        "Error: #\(id) is an editorial note, not a comment: parley leaves notes to the block editor.\n"
    }

    @Test(arguments: notes) func everyStatusWriteOnANoteIsRefused(_ note: Int) async throws {
        let writes: [(any CommentSubcommand.Type, [String])] = [
            (ApproveCommand.self, []), (UnapproveCommand.self, []), (SpamCommand.self, []), (UnspamCommand.self, []),
            (TrashCommand.self, []), (UntrashCommand.self, []), (DeleteCommand.self, []), (DeleteCommand.self, ["--force"]),
            (DeleteCommand.self, ["--force", "--yes"]), (EditCommand.self, ["--content", "changed"]),
            (ReplyCommand.self, ["--content", "answered"]),
        ]
        // A dry run refuses it as the run does: same sentence, same exit status.
        for (command, options) in writes {
            for dryRun in [[], ["--dry-run"]] {
                let io = RecordedIO()
                let status = try await run(command, [String(note)] + options + dryRun, io)
                #expect(status == .someFailed, "\(command) \(options + dryRun)")
                #expect(io.error == Self.sentence(note), "\(command) \(options + dryRun)")
                #expect(io.out.isEmpty, "\(command) \(options + dryRun): \(io.out)")
            }
        }
    }

    @Test func aNoteAmongCommentsIsRefusedAndTheOthersAreWritten() async throws {
        let io = RecordedIO()
        let status = try await run(ApproveCommand.self, [String(Self.trackback), String(Self.notes[0])], io)
        #expect(status == .someFailed)
        #expect(io.error.contains(Self.sentence(Self.notes[0])))
        #expect(io.out.contains("Success: Approved comment \(Self.trackback)."))
    }

    @Test func aDryRunRefusesANoteAmongCommentsAsTheRunDoes() async throws {
        let arguments = [String(Self.trackback), String(Self.notes[0])]
        let real = RecordedIO(), dry = RecordedIO()
        let status = try await run(ApproveCommand.self, arguments, real)
        #expect(try await run(ApproveCommand.self, arguments + ["--dry-run"], dry) == status)
        #expect(dry.error == real.error && dry.error == Self.sentence(Self.notes[0]))
        #expect(dry.out == "Would approve comment \(Self.trackback).\n")
    }

    @Test func noListShowsANoteAndEveryTypeShowsThePings() async throws {
        let io = RecordedIO()
        #expect(try await run(ListCommand.self, ["--status", "any", "--format", "ids"], io) == .success)
        let ids = Set(io.out.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(ids.isDisjoint(with: Self.notes))
        #expect(ids.isSuperset(of: [Self.pingback, Self.trackback]))
        let count = RecordedIO()
        #expect(try await run(CountCommand.self, ["--format", "json"], count) == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(count.out.utf8)) as? [String: Int])
        #expect(object["total"] == ids.count, "the counts hold what the list shows: no note")
    }
}
