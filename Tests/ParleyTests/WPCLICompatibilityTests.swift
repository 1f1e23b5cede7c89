import Testing
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import parley
@testable import CommentsKit
import MockREST

/// `parley comment` as wp-cli's `wp comment` (issue 32): its field names and values, formats,
/// messages and subcommands, on a mock that keeps its changes from one command to the next.
@Suite struct WPCLICompatibilityTests {
    let mock = MockServer(MockConfiguration(seed: 1, commentsPerSite: 60))

    /// Runs `arguments` as a `parley comment` subcommand on the test's mock.
    func run(_ arguments: [String], _ io: RecordedIO = RecordedIO()) async throws -> (CommandStatus, RecordedIO) {
        let site = try CommandSite.mock(mock)
        let command = try CommentCommand.parseAsRoot(arguments)
        guard let subcommand = command as? any CommentSubcommand else { throw CommandFailure.usage("not a comment subcommand") }
        let status = try await CommandSite.$substitute.withValue(site) {
            try await subcommand.execute(io: io.io, environment: mockEnvironment())
        }
        return (status, io)
    }

    var comments: [MockComment] { (mock.comments(site: "site-1") ?? []).filter { $0.type == "comment" } }

    // MARK: Fields

    @Test func namesAreReadAsWPCLIReadsThem() throws {
        #expect(try CommentField.named("ID") == .commentID)
        #expect(try CommentField.named("author") == .commentAuthor)
        #expect(try CommentField.named("approved") == .commentApproved)
        #expect(try CommentField.named("post_ID") == .commentPostID)
        #expect(try CommentField.named("url") == .url)
        // parley's own names keep their values.
        #expect(try CommentField.named("date") == .date)
        #expect(try CommentField.named("status") == .status)
        #expect(throws: CommandFailure.self) { try CommentField.named("comment_karma") }
        #expect(throws: CommandFailure.self) { try CommentField.named("colour") }
    }

    @Test func approvedIsOneZeroSpamTrash() {
        #expect([CommentStatus.approved, .hold, .spam, .trash].map(CommentField.approved) == ["1", "0", "spam", "trash"])
    }

    @Test func datesAreTheSitesLocalTimeAndUTC() throws {
        let date = try #require(ISO8601DateFormatter().date(from: "2026-11-28T01:20:18Z"))
        #expect(CommentField.wpDate(date, in: try #require(TimeZone(secondsFromGMT: 2 * 3600))) == "2026-11-28 03:20:18")
        #expect(CommentField.wpDate(date, in: try #require(TimeZone(secondsFromGMT: -5 * 3600))) == "2026-11-27 20:20:18")
        #expect(WordPressClient.timeZone(name: "", offset: "5.5").secondsFromGMT() == 19_800)
        #expect(WordPressClient.timeZone(name: "Europe/Paris", offset: 0).identifier == "Europe/Paris")
        #expect(WordPressClient.timeZone(name: nil, offset: nil).secondsFromGMT() == 0)
    }

    @Test func commentDateIsTheRESTDateField() async throws {
        let id = try #require(comments.first { $0.status == .approved }).id
        let site = try #require(mock.sites.first)
        let url = try #require(URL(string: site.restBase.absoluteString + "/wp/v2/comments/\(id)"))
        let (data, _) = try await URLSession(configuration: mock.sessionConfiguration()).data(from: url)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rest = try #require(object["date"] as? String).replacingOccurrences(of: "T", with: " ")
        let (status, io) = try await run(["get", String(id), "--field=comment_date"])
        #expect(status == .success)
        #expect(io.out == rest + "\n")
        let (_, gmt) = try await run(["get", String(id), "--field=comment_date_gmt"])
        #expect(gmt.out == (try #require(object["date_gmt"] as? String)).replacingOccurrences(of: "T", with: " ") + "\n")
    }

    // MARK: Formats

    @Test func listPrintsWPCLIsColumnsIntoAPipe() async throws {
        let (status, io) = try await run(["list", "--number=2"])
        #expect(status == .success)
        let lines = io.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "comment_ID\tcomment_post_ID\tcomment_date\tcomment_approved\tcomment_author\tcomment_author_email")
        #expect(lines.count == 3)
        for line in lines.dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(cells.count == 6)
            #expect(["1", "0"].contains(cells[3]))
        }
    }

    @Test func getGivesFieldsAsJSONStrings() async throws {
        let id = try #require(comments.first { $0.status == .approved }).id
        let (_, json) = try await run(["get", String(id), "--fields=comment_approved", "--format=json"])
        #expect(json.out == "{\"comment_approved\":\"1\"}\n")
        let (_, table) = try await run(["get", String(id)])
        #expect(table.out.split(separator: "\n").contains("comment_approved\t1"))
        #expect(table.out.split(separator: "\n").first == "Field\tValue")
        let (_, url) = try await run(["get", String(id), "--field=url"])
        #expect(url.out.hasSuffix("#comment-\(id)\n"))
    }

    @Test func commentInOrdersAndFilters() async throws {
        let ids = comments.filter { $0.status == .approved }.prefix(3).map(\.id)
        try #require(ids.count == 3)
        let (_, forward) = try await run(["list", "--comment__in=\(ids[0]),\(ids[2])", "--orderby=comment__in", "--field=url"])
        #expect(forward.out.split(separator: "\n").map { $0.hasSuffix("#comment-\(ids[0])") } == [true, false])
        let (_, backward) = try await run(["list", "--comment__in=\(ids[2]),\(ids[0])", "--orderby=comment__in", "--field=ID"])
        #expect(backward.out == "\(ids[2])\n\(ids[0])\n")
        let (_, ascending) = try await run(["list", "--comment__in=\(ids.map(String.init).joined(separator: ","))", "--format=ids",
                                            "--orderby=comment_ID", "--order=ASC"])
        #expect(ascending.out == ids.sorted().map(String.init).joined(separator: " ") + "\n")
        let (_, excluded) = try await run(["list", "--comment__not_in=\(ids[0])", "--format=ids"])
        #expect(!excluded.out.split(separator: " ").contains(Substring(String(ids[0]))))
        let (_, none) = try await run(["list", "--comment__in=\(ids[0])", "--comment__not_in=\(ids[0])", "--format=ids"])
        #expect(none.out.isEmpty)
    }

    @Test func countIsWPCLIsLinesPadded() async throws {
        let lines = CountCommand.wpCLILines([.approved: 33, .hold: 1, .spam: 3, .trash: 1], postTrashed: 0)
        #expect(lines == """
            approved:        33
            spam:            3
            trash:           1
            post-trashed:    0
            all:             34
            moderated:       1
            total_comments:  37

            """)
        let post = try #require(comments.first).post
        let onPost = comments.filter { $0.post == post }
        let (status, io) = try await run(["count", String(post)])
        #expect(status == .success)
        #expect(io.out.contains("approved:        \(onPost.filter { $0.status == .approved }.count)\n"))
        #expect(io.out.contains("moderated:       \(onPost.filter { $0.status == .hold }.count)\n"))
    }

    @Test func optionValuesReadWPCLIsSpellings() throws {
        #expect(ListOrderKey(argument: "comment_ID") == .id)
        #expect(ListOrderKey(argument: "comment__in") == .include)
        #expect(ListOrderKey(argument: "comment_date_gmt") == .date)
        #expect(ListOrder(argument: "ASC") == .asc)
        #expect(StatusFilter(argument: "approve") == .approved)
        #expect(StatusFilter(argument: "1") == .approved)
        #expect(StatusFilter(argument: "0") == .hold)
        #expect(CommentFieldOptions.status("0") == .hold)
        #expect(CommentFieldOptions.status("approve") == .approved)
        #expect(CommentFieldOptions.status("maybe") == nil)
        #expect(CommentFieldOptions.restDate("2026-11-28 10:20:30") == "2026-11-28T10:20:30")
        // wp-cli's "Need some fields to update."
        #expect(throws: (any Error).self) { try CommentCommand.parseAsRoot(["update", "3"]) }
        #expect(throws: (any Error).self) { try CommentCommand.parseAsRoot(["list", "--orderby=comment__in"]) }
    }

    // MARK: Subcommands

    @Test func createExistsUpdateGetDeleteAsInWPCLIsFirstScenario() async throws {
        let post = try #require(comments.first).post
        let (created, porcelain) = try await run(["create", "--comment_post_ID=\(post)", "--comment_content=Hello", "--comment_author=Billy", "--porcelain"])
        #expect(created == .success)
        let id = try #require(Int(porcelain.out.trimmingCharacters(in: .newlines)))
        #expect(try await run(["exists", String(id)]).1.out == "Success: Comment with ID \(id) exists.\n")
        let (updated, update) = try await run(["update", String(id), "--comment_author=Johnny"])
        #expect(updated == .success)
        #expect(update.out == "Success: Updated comment \(id).\n")
        #expect(try await run(["get", String(id), "--field=author"]).1.out == "Johnny\n")
        #expect(try await run(["delete", String(id)]).1.out == "Success: Trashed comment \(id).\n")
        #expect(try await run(["get", String(id), "--field=comment_approved"]).1.out == "trash\n")
        #expect(try await run(["status", String(id)]).1.out == "trash\n")
        // Already in the trash: delete deletes it for good, as wp_delete_comment does.
        #expect(try await run(["delete", String(id)]).1.out == "Success: Deleted comment \(id).\n")
        await #expect(throws: CommentsError.self) { try await run(["get", String(id)]) }
        #expect(try await run(["exists", String(id)]).0 == .someFailed)
    }

    @Test func deleteOfSeveralPrintsALineEachAndDeletesTheSpamForGood() async throws {
        let live = try #require(comments.first { $0.status == .approved }).id
        let spam = try #require(comments.first { $0.status == .spam }).id
        let (status, io) = try await run(["delete", String(live), String(spam)])
        #expect(status == .success)
        #expect(io.out == "Success: Trashed comment \(live).\nSuccess: Deleted comment \(spam).\n")
        #expect(mock.comment(site: "site-1", id: spam) == nil)
        #expect(mock.comment(site: "site-1", id: live)?.status == .trash)
    }

    @Test func updatingAMissingCommentWarnsAndFails() async throws {
        let (status, io) = try await run(["update", "99999", "--comment_author=Foo"])
        #expect(status == .someFailed)
        #expect(io.out.isEmpty)
        #expect(io.error.hasPrefix("Warning: Could not update comment."))
    }

    @Test func updateChangesAnyFieldAndTheStatusThroughModeration() async throws {
        let id = try #require(comments.first { $0.status == .approved }).id
        let (status, _) = try await run(["update", String(id), "--comment_author_url=https://example.org/", "--comment_content=My\\New\\Comment",
                                         "--comment_approved=0"])
        #expect(status == .success)
        let comment = try #require(mock.comment(site: "site-1", id: id))
        #expect(comment.authorURL == "https://example.org/")
        #expect(comment.content == "My\\New\\Comment")
        #expect(comment.status == .hold)
        #expect(try await run(["get", String(id), "--field=comment_content"]).1.out == "My\\New\\Comment\n")
    }

    @Test func createNeedsTextAndRefusesKarma() async throws {
        await #expect(throws: CommandFailure.self) { try await run(["create", "--comment_post_ID=1"]) }
        #expect(throws: (any Error).self) { try CommentCommand.parseAsRoot(["create", "--comment_content=x", "--comment_karma=3"]) }
    }

    @Test func generateCreatesNumberedComments() async throws {
        let before = mock.comments(site: "site-1")?.count ?? 0
        let post = try #require(comments.first).post
        let (status, io) = try await run(["generate", "--count=3", "--format=ids", "--post_id=\(post)"])
        #expect(status == .success)
        let ids = io.out.trimmingCharacters(in: .newlines).split(separator: " ").compactMap { Int($0) }
        #expect(ids.count == 3)
        #expect((mock.comments(site: "site-1")?.count ?? 0) == before + 3)
        let (_, quiet) = try await run(["generate", "--count=2", "--quiet", "--post_id=\(post)"])
        #expect(quiet.out.isEmpty)
    }

    @Test func recountSaysWhyItCannot() async throws {
        await #expect {
            try await run(["recount", "1"])
        } throws: { error in
            (error as? CommandFailure)?.description.contains("REST API") == true
        }
    }
}
