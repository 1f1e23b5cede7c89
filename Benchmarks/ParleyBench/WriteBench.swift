import Foundation
import Flux
import CommentsKit
import MockREST

/// Check, then act (issue 27): what reading a comment on the site before writing it costs.
/// One trash at 50 ms a request on the mock's REST path: the write alone (the client's
/// `DELETE`, what a trash cost before the check), then a trash through the store (the check's
/// `GET` with `_fields`, then the `DELETE`), each sample on a comment of its own.
/// `write.check_then_act_overhead` is the extra time over one request's latency: 1.0 means
/// the check costs exactly one more request; the goal is ≤ 1.1. The row changes at once
/// either way: `write.trash_keystroke_checked` times the dispatch that shows it.
@MainActor
enum WriteBench {
    static func run(runs: Int) async -> [Measurement] {
        let latency = 50.0
        let server = MockServer(MockConfiguration(seed: 3, siteCount: 1, commentsPerSite: runs * 2 + 20))
        guard let site = server.sites.first,
              let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), retry: .none)
        else { return [] }
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher, pageSize: 100)
        let query = CommentsQuery(site: site.id)
        let receipt = comments.query(query)
        await until(comments) { !$0.fetch(query).isLoading }
        let ids = comments.state.comments(of: site.id).allEntries.filter { $0.status != .trash && !$0.isLocal }.map(\.id)
        guard ids.count >= runs * 2 else { return [] }
        server.faults = MockFaults(latency: .milliseconds(Int(latency)))

        var unchecked: [Double] = []
        for id in ids.prefix(runs) {
            let start = nowNanos()
            _ = try? await client.trash(id: id)
            unchecked.append(Double(nowNanos() - start) / 1e6)
        }
        var checked: [Double] = [], keystrokes: [Double] = []
        for id in ids.dropFirst(runs).prefix(runs) {
            let start = nowNanos()
            dispatcher.dispatch(CommentsAction.trash(site: site.id, id: id))
            keystrokes.append(Double(nowNanos() - start) / 1e6)
            precondition(comments.state.comments(of: site.id)[id]?.status == .trash, "the row changes at once")
            await until(comments) { $0.writesInFlight == 0 }
            checked.append(Double(nowNanos() - start) / 1e6)
        }
        withExtendedLifetime(receipt) {}
        let write = Measurement(name: "write.trash_unchecked_50ms", unit: "ms", samples: unchecked)
        let overhead = checked.map { ($0 - write.median) / latency }
        progress("write.check_then_act_overhead done")
        return [write, Measurement(name: "write.trash_checked_50ms", unit: "ms", samples: checked),
                Measurement(name: "write.trash_keystroke_checked", unit: "ms", samples: keystrokes),
                Measurement(name: "write.check_then_act_overhead", unit: "× latency", samples: overhead)]
    }
}
