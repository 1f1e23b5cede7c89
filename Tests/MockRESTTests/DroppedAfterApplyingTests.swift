import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

/// `droppedAfterApplying` carries the write out and loses its answer; `droppedConnection`
/// loses the request before anything happens. A client must tell these apart by asking.
@Suite struct DroppedAfterApplyingTests {
    private func trash(_ id: Int, on server: MockServer) async -> URLError? {
        let session = URLSession(configuration: server.sessionConfiguration())
        defer { session.finishTasksAndInvalidate() }
        guard let url = URL(string: server.sites[0].restBase.absoluteString + "/wp/v2/comments/\(id)") else { return URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = "DELETE"
        do {
            _ = try await session.data(for: request)
            return nil
        } catch let error as URLError {
            return error
        } catch {
            return URLError(.unknown)
        }
    }

    @Test func theWriteIsDoneAndTheAnswerLost() async throws {
        let server = smallServer(comments: 10)
        let target = try #require(server.comments(site: server.sites[0].id)?.first { $0.status == .approved })
        server.faults = MockFaults(failureRate: 1, failureKind: .droppedAfterApplying)
        let error = await trash(target.id, on: server)
        #expect(error?.code == .networkConnectionLost)
        #expect(server.comment(site: server.sites[0].id, id: target.id)?.status == .trash, "carried out")
        #expect(server.requestCount(.deleteComment) == 1)
        #expect(server.requestLog.last?.status == nil, "no answer reached the client")
    }

    @Test func aWriteCanTimeOutAfterItWasDone() async throws {
        let server = smallServer(comments: 10)
        let target = try #require(server.comments(site: server.sites[0].id)?.first { $0.status == .approved })
        server.faults = MockFaults(failureRate: 1, failureKind: .timedOutAfterApplying)
        let error = await trash(target.id, on: server)
        #expect(error?.code == .timedOut)
        #expect(server.comment(site: server.sites[0].id, id: target.id)?.status == .trash, "carried out")
    }

    @Test func aConnectionDroppedBeforeChangesNothing() async throws {
        let server = smallServer(comments: 10)
        let target = try #require(server.comments(site: server.sites[0].id)?.first { $0.status == .approved })
        server.faults = MockFaults(failureRate: 1, failureKind: .droppedConnection)
        let error = await trash(target.id, on: server)
        #expect(error?.code == .networkConnectionLost)
        #expect(server.comment(site: server.sites[0].id, id: target.id)?.status == .approved)
    }
}
