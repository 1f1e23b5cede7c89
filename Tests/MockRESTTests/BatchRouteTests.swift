import Foundation
import Testing
@testable import MockREST

/// `POST /batch/v1` as WordPress ≥ 5.6 serves it: the route is always there, with its batch
/// size in the index; comment sub-requests run only where the comment routes allow batching.
@Suite struct BatchRouteTests {
    private func server(batchComments: Bool) -> MockServer {
        var configuration = MockConfiguration(seed: 4, siteCount: 1, commentsPerSite: 40)
        configuration.batchComments = batchComments
        return MockServer(configuration)
    }

    private func spam(_ ids: [Int], validation: String = "normal") -> [String: Any] {
        ["validation": validation,
         "requests": ids.map { ["method": "POST", "path": "/wp/v2/comments/\($0)", "body": ["status": "spam"]] as [String: Any] }]
    }

    private func held(_ server: MockServer, _ count: Int) -> [Int] {
        Array((server.comments(site: "site-1") ?? []).filter { $0.status == .hold }.map(\.id).prefix(count))
    }

    private func responses(_ response: MockResponse) -> [[String: Any]] {
        response.object["responses"] as? [[String: Any]] ?? []
    }

    @Test func theIndexHasTheBatchRouteAndAllowsCommentsOnlyWhenAskedTo() throws {
        for allowed in [false, true] {
            let routes = try #require(server(batchComments: allowed).call("GET", "/").object["routes"] as? [String: Any])
            let batch = try #require(routes["/batch/v1"] as? [String: Any])
            let endpoint = try #require((batch["endpoints"] as? [[String: Any]])?.first)
            let requests = (endpoint["args"] as? [String: Any])?["requests"] as? [String: Any]
            #expect(requests?["maxItems"] as? Int == 25)
            let comment = try #require(routes[#"/wp/v2/comments/(?P<id>[\d]+)"#] as? [String: Any])
            #expect((comment["allow_batch"] as? [String: Any])?["v1"] as? Bool == (allowed ? true : nil))
        }
    }

    @Test func onAWordPress61SiteEachCommentSubRequestIsRefusedAndNothingChanges() throws {
        let server = server(batchComments: false)
        let ids = held(server, 3)
        let response = server.call("POST", "/batch/v1", json: spam(ids))
        #expect(response.status == 207)
        let answers = responses(response)
        #expect(answers.count == 3)
        for answer in answers {
            #expect(answer["status"] as? Int == 400)
            #expect((answer["body"] as? [String: Any])?["code"] as? String == "rest_batch_not_allowed")
        }
        #expect(ids.allSatisfy { server.comment(site: "site-1", id: $0)?.status == .hold })
    }

    @Test func whereAllowedEachSubRequestRunsAndAnswersOnItsOwn() throws {
        let server = server(batchComments: true)
        let ids = held(server, 2)
        var body = spam(ids)
        body["requests"] = (body["requests"] as? [Any] ?? []) + [["method": "DELETE", "path": "/wp/v2/comments/987654"]]
        let answers = responses(server.call("POST", "/batch/v1", json: body))
        #expect(answers.map { $0["status"] as? Int } == [200, 200, 404])
        #expect((answers[0]["body"] as? [String: Any])?["status"] as? String == "spam")
        #expect(ids.allSatisfy { server.comment(site: "site-1", id: $0)?.status == .spam })
        #expect(server.requestCount(.batch) == 1 && server.requestCount(.updateComment) == 0)
    }

    @Test func requireAllValidateRunsNothingWhenOneIsRefused() throws {
        let server = server(batchComments: true)
        let ids = held(server, 2)
        var body = spam(ids, validation: "require-all-validate")
        body["requests"] = (body["requests"] as? [Any] ?? []) + [["method": "POST", "path": "/wp/v2/nothing-here"]]
        let response = server.call("POST", "/batch/v1", json: body)
        #expect(response.object["failed"] as? String == "validation")
        let answers = response.object["responses"] as? [Any] ?? []
        #expect(answers.count == 3 && answers[0] is NSNull)
        #expect(ids.allSatisfy { server.comment(site: "site-1", id: $0)?.status == .hold })
    }

    @Test func moreThanTwentyFiveRequestsOrNoneAreRefusedAsAWhole() {
        let server = server(batchComments: true)
        let tooMany = server.call("POST", "/batch/v1", json: spam(Array(1...26)))
        #expect(tooMany.status == 400 && tooMany.code == "rest_invalid_param")
        let none = server.call("POST", "/batch/v1", json: ["validation": "normal"])
        #expect(none.status == 400 && none.code == "rest_missing_callback_param")
        #expect(server.call("GET", "/batch/v1").code == "rest_no_route")
    }

    @Test func faultsApplyToEachSubRequest() {
        let server = server(batchComments: true)
        server.faults = MockFaults(failureRate: 0.5, failingRoutes: [.updateComment], seed: 9)
        let ids = held(server, 10)
        let (outcome, _) = server.handle(server.request("POST", "/batch/v1", json: spam(ids)))
        guard case .success(let response) = outcome else {
            Issue.record("the batch itself should be answered")
            return
        }
        let statuses = responses(response).map { $0["status"] as? Int ?? 0 }
        #expect(statuses.contains(500) && statuses.contains(200))
        for (id, status) in zip(ids, statuses) {
            #expect((server.comment(site: "site-1", id: id)?.status == .spam) == (status == 200))
        }
    }
}
