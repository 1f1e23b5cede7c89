import FluxTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import CommentsKit
import MockREST

/// A mock server and a real client talking to it through URLSession.
struct Harness {
    let server: MockServer
    let client: WordPressClient

    init(
        comments: Int = 60, credentials: MockCredentials? = nil, clientCredentials: Credentials? = nil,
        faults: MockFaults = .init(), timeout: Duration = .safetyNet,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1))
    ) throws {
        server = MockServer(MockConfiguration(seed: 11, siteCount: 2, commentsPerSite: comments, credentials: credentials, faults: faults))
        client = try WordPressClient(
            restBase: server.sites[0].restBase, credentials: clientCredentials,
            configuration: server.sessionConfiguration(), timeout: timeout, retry: retry
        )
    }

    var snapshot: [MockComment] { server.comments(site: "site-1") ?? [] }

    func first(_ status: MockCommentStatus) -> MockComment? {
        snapshot.first { $0.status == status && $0.type == "comment" }
    }

    /// Runs `body` and returns the CommentsError it throws (nil when it does not throw).
    static func error<T>(_ body: () async throws(CommentsError) -> T) async -> CommentsError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error
        }
    }
}

let moderatorAccount = MockCredentials(user: "editor", applicationPassword: "abcd efgh ijkl mnop")
