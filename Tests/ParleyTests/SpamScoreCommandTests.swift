import Testing
import Foundation
@testable import parley
import CommentsKit
import CommentsReplica
import MockREST

/// The spam score on the command line (issue 30): `comment list --fields spam_score`,
/// `--orderby spam_score`, `comment explain ID` (text and JSON), on mocks of the tests' own
/// whose history is made with the mock's API (the seed is left as it is).
@Suite struct SpamScoreCommandTests {
    static let size = 120
    static let site = "site-1"

    /// A mock of `size` comments (seed 1, its fixed reference date) where `spam` approved
    /// comments were marked spam outside, each first rewritten to sell pills with a link to
    /// pills.example. Returns it with the ids of those comments.
    static func mock(spam: Int) throws -> (server: MockServer, spam: [Int]) {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        let approved = try #require(server.comments(site: site)).filter { $0.status == .approved && $0.type == "comment" }
        let chosen = approved.prefix(spam).map(\.id)
        for (index, id) in chosen.enumerated() {
            server.changeOutside(site: site, id: id, .content("Cheap pills \(index), best price: <a href=\"https://pills.example/buy\">order now</a>"))
            server.changeOutside(site: site, id: id, .status(.spam))
        }
        return (server, chosen)
    }

    /// A pending comment of the mock, rewritten to `content`.
    static func pending(_ server: MockServer, content: String) throws -> Int {
        let id = try #require(server.comments(site: site)?.first { $0.status == .hold && $0.type == "comment" }).id
        server.changeOutside(site: site, id: id, .content(content))
        return id
    }

    static func list(_ arguments: [String], on server: MockServer) async throws -> RecordedIO {
        let io = RecordedIO()
        let status = try await ListCommand.parse(arguments).execute(io: io.io, environment: mockEnvironment()) { try CommandSite.mock(server) }
        #expect(status == .success)
        return io
    }

    static func explain(_ arguments: [String], on site: @escaping () throws -> CommandSite,
                        environment: [String: String] = mockEnvironment()) async throws -> (CommandStatus, RecordedIO) {
        let io = RecordedIO()
        let status = try await ExplainCommand.parse(arguments).execute(io: io.io, environment: environment) { try site() }
        return (status, io)
    }

    static func objects(_ io: RecordedIO) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(io.out.utf8)) as? [[String: Any]])
    }

    @Test func listGivesEveryCommentAndPingAnIntegerScore() async throws {
        let (server, spam) = try Self.mock(spam: 25)
        let io = try await Self.list(["--status", "any", "--fields", "id,type,spam_score", "--format", "json"], on: server)
        let objects = try Self.objects(io)
        let expected = try #require(server.comments(site: Self.site)).filter { $0.type != "note" }
        #expect(objects.count == expected.count)
        #expect(objects.contains { $0["type"] as? String != "comment" }, "pings are scored too")
        for object in objects {
            let score = try #require(object["spam_score"] as? Int, "\(object)")
            #expect((0...100).contains(score))
        }
        let scores = Dictionary(uniqueKeysWithValues: objects.compactMap { object in (object["id"] as? Int).map { ($0, object["spam_score"] as? Int ?? -1) } })
        #expect(spam.allSatisfy { (scores[$0] ?? 0) >= 50 }, "the site's spam leans to spam: \(spam.map { scores[$0] ?? -1 })")
        #expect(io.error.isEmpty, "\(io.error)")
        let table = try await Self.list(["--status", "spam", "--fields", "id,spam_score", "--limit", "2"], on: server)
        let lines = table.out.split(separator: "\n")
        #expect(lines.first == "id\tspam_score")
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: "\t").count == 2 && Int($0.split(separator: "\t")[1]) != nil }, "\(table.out)")
    }

    @Test func orderbySpamScorePutsTheLikeliestSpamFirstAndAscFlipsIt() async throws {
        let (server, _) = try Self.mock(spam: 25)
        let arguments = ["--status", "any", "--fields", "id,spam_score", "--orderby", "spam_score", "--format", "json"]
        let descending = try Self.objects(try await Self.list(arguments, on: server)).compactMap { $0["spam_score"] as? Int }
        #expect(descending == descending.sorted(by: >))
        #expect(descending.first.map { $0 >= 50 } == true)
        let ascending = try Self.objects(try await Self.list(arguments + ["--order", "asc"], on: server)).compactMap { $0["spam_score"] as? Int }
        #expect(ascending == descending.sorted())
        let firstFive = try await Self.list(["--status", "any", "--orderby", "spam_score", "--format", "ids", "--limit", "5"], on: server)
        let all = try await Self.list(["--status", "any", "--orderby", "spam_score", "--format", "ids"], on: server)
        #expect(firstFive.out == all.out.split(separator: " ").prefix(5).joined(separator: " ") + "\n", "the limit keeps the first by score")
    }

    @Test func byDateAscListsTheOldestFirst() async throws {
        let (server, _) = try Self.mock(spam: 0)
        let expected = try #require(server.comments(site: Self.site)).filter { $0.type != "note" }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }.map(\.id)
        let io = try await Self.list(["--status", "any", "--order", "asc", "--format", "ids", "--limit", "7"], on: server)
        #expect(io.out == expected.prefix(7).map(String.init).joined(separator: " ") + "\n")
        let newest = try await Self.list(["--status", "any", "--format", "ids", "--limit", "3"], on: server)
        #expect(newest.out == expected.suffix(3).reversed().map(String.init).joined(separator: " ") + "\n", "desc stays the default")
    }

    @Test func getGivesTheScoreWhenNamedAndTheListsScore() async throws {
        let (server, _) = try Self.mock(spam: 25)
        let id = try Self.pending(server, content: "Cheap pills: <a href=\"http://pills.example/new\">shop</a>")
        let get = RecordedIO()
        #expect(try await GetCommand.parse([String(id), "--field", "spam_score"]).execute(io: get.io, environment: mockEnvironment()) {
            try CommandSite.mock(server)
        } == .success)
        let listed = try Self.objects(try await Self.list(["--status", "hold", "--fields", "id,spam_score", "--format", "json"], on: server))
        let score = try #require(listed.first { $0["id"] as? Int == id }?["spam_score"] as? Int)
        #expect(get.out == "\(score)\n")
        let all = RecordedIO()
        #expect(try await GetCommand.parse([String(id), "--format", "json"]).execute(io: all.io, environment: mockEnvironment()) {
            try CommandSite.mock(server)
        } == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [String: Any])
        #expect(object["spam_score"] == nil, "not a stored field: computed only when named")
        #expect(object["comment_content"] != nil, "wp-cli's fields by default (issue 32)")
    }

    @Test func explainSaysALinkGoesToADomainSeenInTheSitesSpam() async throws {
        let (server, _) = try Self.mock(spam: 25)
        let id = try Self.pending(server, content: "Cheap pills for you: <a href=\"http://pills.example/new\">shop</a>")
        let (status, io) = try await Self.explain([String(id)]) { try CommandSite.mock(server) }
        #expect(status == .success)
        let lines = io.out.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("Comment \(id) (pending): spam score "))
        #expect(header.hasSuffix(", likely spam"), "\(header)")
        #expect(lines.contains("  links to pills.example — seen in 25 spam here"), "\(io.out)")
        let approved = try #require(server.comments(site: Self.site)).filter { $0.status == .approved && $0.type != "note" }.count
        let spam = try #require(server.comments(site: Self.site)).filter { $0.status == .spam && $0.type != "note" }.count
        #expect(lines.last == "Learned from the site's history, read from the site: \(approved) approved and \(spam) spam comments.")
        #expect(io.error.isEmpty, "\(io.error)")
    }

    @Test func explainOnlyReadsAndChangesNothing() async throws {
        let (server, _) = try Self.mock(spam: 25)
        let id = try Self.pending(server, content: "<a href=\"http://pills.example/new\">shop</a>")
        let before = server.comments(site: Self.site)
        server.resetRequestLog()
        let (status, _) = try await Self.explain([String(id), "--format", "json"]) { try CommandSite.mock(server) }
        #expect(status == .success)
        #expect(server.requestLog.allSatisfy { $0.method == "GET" }, "\(server.requestLog.filter { $0.method != "GET" })")
        #expect(server.comments(site: Self.site) == before)
    }

    @Test func aSiteWithLittleHistoryIsLearningAndTheRulesSpeak() async throws {
        let (server, _) = try Self.mock(spam: 0)
        let spam = try #require(server.comments(site: Self.site)).filter { $0.status == .spam }.count
        #expect(spam < 20, "the seed's spam alone is too little to learn from")
        // Three links, one of them hidden, one BBCode: the rules lean to spam whatever the author's history says.
        let id = try Self.pending(server, content: "See <a href=\"https://a.example\">a</a> <a href=\"https://b.example\"></a> [url=https://c.example]c[/url]")
        let (status, io) = try await Self.explain([String(id)]) { try CommandSite.mock(server) }
        #expect(status == .success)
        let lines = io.out.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("Comment \(id) (pending): spam score "))
        #expect(header.hasSuffix(", learning (the rules alone until the history holds 20 approved and 20 spam comments)"), "\(header)")
        #expect(lines.contains("  3 or more links"), "\(io.out)")
        #expect(lines.contains("  a link hidden from readers"), "\(io.out)")
        let (_, json) = try await Self.explain([String(id), "--format", "json"]) { try CommandSite.mock(server) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "learning")
    }

    @Test func explainAsJSONIsOneObjectOfTheScoreItsVerdictReasonsAndHistory() async throws {
        let (server, _) = try Self.mock(spam: 25)
        let id = try Self.pending(server, content: "Cheap pills: <a href=\"http://pills.example/new\">shop</a>")
        let (status, io) = try await Self.explain([String(id), "--format", "json"]) { try CommandSite.mock(server) }
        #expect(status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(io.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "status", "type", "spam_score", "verdict", "reasons", "history"])
        #expect(object["id"] as? Int == id)
        #expect(object["status"] as? String == "hold")
        #expect(object["type"] as? String == "comment")
        let score = try #require(object["spam_score"] as? Int)
        #expect(score >= 65)
        #expect(object["verdict"] as? String == "likely_spam")
        let reasons = try #require(object["reasons"] as? [String])
        #expect(reasons.contains("links to pills.example — seen in 25 spam here"))
        let history = try #require(object["history"] as? [String: Any])
        #expect(history["source"] as? String == "site")
        #expect((history["spam"] as? Int).map { $0 >= 25 } == true)
        #expect(history["approved"] is Int)
        // The same score as the list gives it.
        let listed = try Self.objects(try await Self.list(["--status", "hold", "--fields", "id,spam_score", "--format", "json"], on: server))
        #expect(listed.first { $0["id"] as? Int == id }?["spam_score"] as? Int == score)
    }

    @Test func aNoteIsNeverExplainedNorScored() async throws {
        let (server, _) = try Self.mock(spam: 0)
        let note = try #require(server.comments(site: Self.site)?.first { $0.type == "note" }).id
        let (status, io) = try await Self.explain([String(note)]) { try CommandSite.mock(server) }
        #expect(status == .someFailed)
        #expect(io.out.isEmpty)
        #expect(io.error == "Error: #\(note) is an editorial note, not a comment: parley leaves notes to the block editor.\n")
        let get = RecordedIO()
        #expect(try await GetCommand.parse([String(note), "--field", "spam_score"]).execute(io: get.io, environment: mockEnvironment()) {
            try CommandSite.mock(server)
        } == .someFailed)
        #expect(get.error == io.error)
    }

    @Test func explainsFormatsAreTableAndJSON() throws {
        #expect(try Parley.parseAsRoot(["comment", "explain", "3", "--format", "json"]) is ExplainCommand)
        #expect(throws: (any Error).self) { try ExplainCommand.parse(["3", "--format", "csv"]) }
        #expect(throws: (any Error).self) { try ExplainCommand.parse(["0"]) }
        #expect(throws: (any Error).self) { try ListCommand.parse(["--orderby", "score"]) }
    }

    @Test func theReplicaIsTheHistoryWhenThereIsOne() async throws {
        let (server, _) = try Self.mock(spam: 0)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-spam-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var site = try CommandSite.mock(server)
        let key = ReplicaCache.key(of: site.id, user: "")
        site.replicaKey = key
        // The replica holds a history the site does not: 30 spam linking to pills.example, 30 approved.
        let replica = try Replica.open(site: key, in: directory.appendingPathComponent("parley"))
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        try await replica.apply(page: (1...30).flatMap { index in
            [CommentsKit.Comment(id: 10_000 + index, post: 1, authorName: "Deals", date: date,
                     contentHTML: "Pills \(index) <a href=\"https://pills.example/\(index)\">buy</a>", status: .spam),
             CommentsKit.Comment(id: 20_000 + index, post: 1, authorName: "Reader", date: date, contentHTML: "<p>Nice post \(index)</p>")]
        })
        let id = try Self.pending(server, content: "Pills: <a href=\"http://pills.example/new\">shop</a>")
        server.resetRequestLog()
        let (status, io) = try await Self.explain([String(id), "--format", "json"], on: { site }, environment: ["XDG_CACHE_HOME": directory.path, "HOME": directory.path])
        #expect(status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(io.out.utf8)) as? [String: Any])
        let history = try #require(object["history"] as? [String: Any])
        #expect(history["source"] as? String == "replica")
        #expect(history["spam"] as? Int == 30)
        #expect(history["approved"] as? Int == 30)
        #expect((object["reasons"] as? [String])?.contains("links to pills.example — seen in 30 spam here") == true, "\(object)")
        #expect(server.requestLog.count == 1, "the comment alone is read from the site: \(server.requestLog.map(\.target))")
    }
}
