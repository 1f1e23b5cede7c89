import FluxTesting
import Foundation
import Testing
import MockREST
@testable import CommentsKit

/// The client's side of `/batch/v1`: what the index says, and the sub-answers one by one.
@Suite struct ClientBatchTests {
    private func client(batchComments: Bool) throws -> (MockServer, WordPressClient) {
        var configuration = MockConfiguration(seed: 2, siteCount: 1, commentsPerSite: 30)
        configuration.batchComments = batchComments
        let server = MockServer(configuration)
        let site = try #require(server.sites.first)
        return (server, try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none))
    }

    @Test func theIndexOfAWordPress61LikeSiteSaysNoBatchingForComments() async throws {
        let (server, client) = try client(batchComments: false)
        #expect(try await client.commentBatchSize() == nil)
        withExtendedLifetime(server) {}
    }

    @Test func theIndexOfASiteThatAllowsItGivesTheBatchSize() async throws {
        let (server, client) = try client(batchComments: true)
        #expect(try await client.commentBatchSize() == 25)
        withExtendedLifetime(server) {}
    }

    @Test func aBatchAnswersEachWriteWithItsOwnResult() async throws {
        let (server, client) = try client(batchComments: true)
        let comments = server.comments(site: "site-1") ?? []
        let held = try #require(comments.first { $0.status == .hold })
        let approved = try #require(comments.first { $0.status == .approved })
        let results = try await client.batch([
            .status(id: held.id, .spam), .trash(id: approved.id), .status(id: 999_999, .spam),
        ])
        #expect(results.count == 3)
        #expect((try? results[0].get())?.status == .spam)
        #expect((try? results[1].get())?.status == .trash)
        #expect(results[2] == .failure(.http(status: 404, code: "rest_comment_invalid_id", message: "Invalid comment ID.")))
        #expect(server.requestCount(.batch) == 1)
    }

    @Test func onWordPress61EachCommentSubRequestIsRefused() async throws {
        let (server, client) = try client(batchComments: false)
        let held = try #require(server.comments(site: "site-1")?.first { $0.status == .hold })
        let results = try await client.batch([.status(id: held.id, .spam)])
        guard case .failure(.http(400, "rest_batch_not_allowed", _))? = results.first else {
            Issue.record("expected rest_batch_not_allowed, got \(results)")
            return
        }
        #expect(server.comment(site: "site-1", id: held.id)?.status == .hold)
    }
}
