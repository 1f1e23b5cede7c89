import Testing
import Foundation
@testable import parley
import MockREST

/// `parley comment …` on the embedded mock (its first site, seed 1): what it prints, on
/// which stream, and its exit status.
@Suite struct CommentCommandMockTests {
    /// The mock the command builds, seen from the test: same seed and size.
    static let size = 120
    let mock: MockServer = {
        var configuration = MockConfiguration(seed: 1, commentsPerSite: size)
        // As the command's mock does: seed dates spread back from now.
        configuration.referenceDate = Date()
        return MockServer(configuration)
    }()
    let sizeArguments = ["--mock-size", String(size)]

    func run<C: CommentSubcommand>(_ type: C.Type, _ arguments: [String], _ io: RecordedIO) async throws -> CommandStatus {
        try await C.parse(arguments + sizeArguments).execute(io: io.io, environment: mockEnvironment())
    }

    @Test func listAsJSONIsTheMocksOwnData() async throws {
        let io = RecordedIO()
        let status = try await run(ListCommand.self, ["--status", "any", "--format", "json", "--fields", "id,post,parent,user_id,author_name,author_url,status,type,content,date"], io)
        #expect(status == .success)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(io.out.utf8)) as? [[String: Any]])
        // Comments and pings, as wp-admin lists them (issue 28); never the seed's notes.
        let expected = try #require(mock.comments(site: "site-1")).filter { $0.type != "note" }.sorted { $0.id > $1.id }
        #expect(decoded.count == expected.count)
        for (object, comment) in zip(decoded, expected) {
            #expect(object["id"] as? Int == comment.id)
            #expect(object["post"] as? Int == comment.post)
            #expect(object["parent"] as? Int == comment.parent)
            // user_id is wp-cli's field: a string, as WordPress stores it.
            #expect(object["user_id"] as? String == String(comment.author))
            #expect(object["author_name"] as? String == comment.authorName)
            #expect(object["author_url"] as? String == comment.authorURL)
            #expect(object["status"] as? String == comment.status.rawValue)
            #expect(object["content"] as? String == comment.content)
            // Both mocks date their seed back from their own "now", moments apart.
            let date = (object["date"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
            #expect(date.map { abs($0.timeIntervalSince(comment.date)) < 60 } == true)
        }
        #expect(io.error.isEmpty)
    }

    @Test func idsAndCountAreTheMocksSpam() async throws {
        let spam = try #require(mock.comments(site: "site-1")).filter { $0.status == .spam && $0.type == "comment" }.map(\.id).sorted(by: >)
        let ids = RecordedIO()
        #expect(try await run(ListCommand.self, ["--status", "spam", "--format", "ids"], ids) == .success)
        #expect(ids.out == spam.map(String.init).joined(separator: " ") + "\n")
        let count = RecordedIO()
        #expect(try await run(ListCommand.self, ["--status", "spam", "--format", "count"], count) == .success)
        #expect(count.out == "\(spam.count)\n")
        let limited = RecordedIO()
        #expect(try await run(ListCommand.self, ["--status", "spam", "--format", "ids", "--limit", "2"], limited) == .success)
        #expect(limited.out == spam.prefix(2).map(String.init).joined(separator: " ") + "\n")
    }

    @Test func countGivesEveryStatusFromTheTotals() async throws {
        // As wp-admin counts: comments and pings, never notes (issue 28).
        let all = try #require(mock.comments(site: "site-1")).filter { $0.type != "note" }
        func number(_ status: MockCommentStatus) -> Int { all.filter { $0.status == status }.count }
        let io = RecordedIO()
        #expect(try await run(CountCommand.self, ["--format", "json"], io) == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(io.out.utf8)) as? [String: Int])
        #expect(object == ["approved": number(.approved), "hold": number(.hold), "spam": number(.spam), "trash": number(.trash),
                           "all": number(.approved) + number(.hold), "total": all.count])
    }

    @Test func filtersGoToTheSite() async throws {
        let comments = try #require(mock.comments(site: "site-1"))
        let address = try #require(comments.first { $0.status == .approved && $0.type == "comment" }?.authorEmail)
        let expected = comments.filter { $0.authorEmail == address && $0.status == .approved && $0.type == "comment" }.map(\.id).sorted(by: >)
        let io = RecordedIO()
        #expect(try await run(ListCommand.self, ["--status", "approved", "--author-email", address, "--format", "ids"], io) == .success)
        #expect(io.out == expected.map(String.init).joined(separator: " ") + "\n")
        let topLevel = RecordedIO()
        #expect(try await run(ListCommand.self, ["--parent", "0", "--status", "any", "--format", "count"], topLevel) == .success)
        #expect(topLevel.out == "\(comments.filter { $0.parent == 0 && $0.type != "note" }.count)\n")
    }

    @Test func getPrintsOneFieldOrAll() async throws {
        let comment = try #require(mock.comment(site: "site-1", id: 7))
        let field = RecordedIO()
        #expect(try await run(GetCommand.self, ["7", "--field", "status"], field) == .success)
        #expect(field.out == comment.status.rawValue + "\n")
        let yaml = RecordedIO()
        #expect(try await run(GetCommand.self, ["7", "--format", "yaml", "--fields", "id,author_name"], yaml) == .success)
        #expect(yaml.out == "id: 7\nauthor_name: \"\(comment.authorName)\"\n")
        let missing = RecordedIO()
        await #expect(throws: (any Error).self) { try await run(GetCommand.self, ["99999"], missing) }
    }

    @Test func aWriteOfSeveralPrintsALineEachInOrderAndFailsWhenOneFails() async throws {
        let io = RecordedIO()
        let status = try await run(SpamCommand.self, ["3", "99999", "5"], io)
        #expect(status == .someFailed)
        #expect(io.out == "Success: Marked comment 3 as spam.\nSuccess: Marked comment 5 as spam.\n")
        // One line per comment, as wp-cli prints them: no summary.
        #expect(io.error == "Error: Could not mark comment 99999 as spam: Invalid comment ID.\n")
    }

    @Test func idsComeFromStdinWithADash() async throws {
        let io = RecordedIO(stdin: "3 5\n8\n")
        #expect(try await run(DeleteCommand.self, ["--force", "--yes", "-"], io) == .success)
        #expect(io.out == "Success: Deleted comment 3.\nSuccess: Deleted comment 5.\nSuccess: Deleted comment 8.\n")
        let live = try #require(mock.comments(site: "site-1")?.first { $0.type == "comment" && $0.status == .approved }).id
        let trash = RecordedIO()
        #expect(try await run(DeleteCommand.self, [String(live)], trash) == .success)
        #expect(trash.out == "Success: Trashed comment \(live).\n")
    }

    @Test func deletingForGoodChecksFirstAndRefusesALiveCommentUnlessYes() async throws {
        let comments = try #require(mock.comments(site: "site-1")).filter { $0.type == "comment" }
        let live = try #require(comments.first { $0.status == .approved }).id
        let trashed = try #require(comments.first { $0.status == .trash }).id
        let io = RecordedIO()
        #expect(try await run(DeleteCommand.self, ["--force", String(live), String(trashed)], io) == .someFailed)
        #expect(io.out == "Success: Deleted comment \(trashed).\n")
        #expect(io.error == "Warning: Could not delete comment \(live): it is approved on the site, not in the trash or the spam (--yes deletes it anyway).\n")
    }

    @Test func aReplyUnderACommentInTheTrashIsNotPosted() async throws {
        let comments = try #require(mock.comments(site: "site-1")).filter { $0.type == "comment" }
        let trashed = try #require(comments.first { $0.status == .trash }).id
        let io = RecordedIO()
        #expect(try await run(ReplyCommand.self, [String(trashed), "--content", "Hello?"], io) == .someFailed)
        #expect(io.out.isEmpty)
        #expect(io.error == "Error: Could not reply to comment \(trashed): it is in the trash on the site; nothing was posted.\n")
    }

    @Test func aLostAnswerIsSettledWithTheSite() async throws {
        // Every write is carried out and its answer then lost: the site says it happened.
        let io = RecordedIO()
        let faults = ["--fail-rate", "1", "--fail-kind", "applied-then-dropped", "--fail-writes-only"]
        #expect(try await run(ApproveCommand.self, ["3", "4"] + faults, io) == .success)
        #expect(io.out == "Success: Approved comment 3.\nSuccess: Approved comment 4.\n")
        let failing = RecordedIO()
        #expect(try await run(UnapproveCommand.self, ["3"] + ["--fail-rate", "1", "--fail-writes-only"], failing) == .someFailed)
        #expect(failing.out.isEmpty)
        #expect(failing.error.hasPrefix("Error: Could not unapprove comment 3: "))
    }

    @Test func unspamAndUntrashPutBackWhatWasThere() async throws {
        let comments = try #require(mock.comments(site: "site-1")).filter { $0.type == "comment" }
        let spam = try #require(comments.first { $0.status == .spam }).id
        let trashed = try #require(comments.first { $0.status == .trash }).id
        let io = RecordedIO()
        #expect(try await run(UnspamCommand.self, [String(spam)], io) == .success)
        #expect(try await run(UntrashCommand.self, [String(trashed)], io) == .success)
        #expect(io.out == "Success: Unspammed comment \(spam).\nSuccess: Untrashed comment \(trashed).\n")
        #expect(io.error.isEmpty)
    }

    @Test func aDryRunPrintsAndDoesNothing() async throws {
        let io = RecordedIO()
        // Every write fails on this mock: a dry run that sent one would fail. It reads (a
        // note is refused as the run refuses it), so the reads answer.
        let writesFail = ["--fail-rate", "1", "--fail-writes-only"]
        #expect(try await run(TrashCommand.self, ["3", "4", "--dry-run"] + writesFail, io) == .success)
        #expect(io.out == "Would trash comment 3.\nWould trash comment 4.\n")
        #expect(io.error.isEmpty)
        // A reply is refused under a comment in the spam (as comment 3 is): this one is approved.
        let approved = try #require(mock.comments(site: "site-1")?.first { $0.type == "comment" && $0.status == .approved }).id
        let reply = RecordedIO()
        #expect(try await run(ReplyCommand.self, [String(approved), "--content", "hi", "--dry-run"] + writesFail, reply) == .success)
        #expect(reply.out == "Would reply to comment \(approved).\n")
    }

    @Test func moreThanTwentyDestructiveChangesNeedYesWhenStdinIsNotATerminal() async throws {
        let ids = (1...21).map(String.init)
        await #expect {
            try await run(SpamCommand.self, ids + ["--offline"], RecordedIO())
        } throws: { error in
            (error as? CommandFailure)?.status == 2
        }
        // Approving is not destructive; --yes lets the spam through.
        #expect(try await run(ApproveCommand.self, ids, RecordedIO()) == .success)
        #expect(try await run(SpamCommand.self, ids + ["--yes"], RecordedIO()) == .success)
    }

    @Test func replyAndEditTakeTheirTextFromStdin() async throws {
        // A reply goes under a live comment: one in the trash or the spam is refused.
        let live = try #require(mock.comments(site: "site-1")?.first { $0.type == "comment" && $0.status == .approved }).id
        let reply = RecordedIO(stdin: "Thanks, noted.\n")
        let next = (mock.comments(site: "site-1")?.last?.id ?? 0) + 1
        #expect(try await run(ReplyCommand.self, [String(live), "--content", "-"], reply) == .success)
        #expect(reply.out == "Success: Created comment \(next).\n")
        let edit = RecordedIO(stdin: "New text\n")
        #expect(try await run(EditCommand.self, ["3", "--content", "-"], edit) == .success)
        #expect(edit.out == "Success: Updated comment 3.\n")
    }

    @Test func usageMistakesAreStatusTwo() async throws {
        for (type, arguments) in [(SpamCommand.self as any CommentSubcommand.Type, ["12x"]),
                                  (ListCommand.self, ["--fields", "id,colour"]),
                                  (ListCommand.self, ["--after", "yesterday"])] {
            await #expect {
                try await type.parse(arguments + sizeArguments).execute(io: RecordedIO().io, environment: mockEnvironment())
            } throws: { error in
                (error as? CommandFailure)?.status == 2
            }
        }
    }
}
