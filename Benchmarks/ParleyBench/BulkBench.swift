import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// Bulk moderation (issue 13): `X` on 100k shown comments (the keystroke, and with the
/// frame that shows it), and spamming 1,000 tagged comments through the real client and the
/// mock's REST path at 50 ms a request — four in flight — while the cursor keeps moving;
/// then again on a mock whose comment routes allow `/batch/v1` (batches of 25, four in flight).
@MainActor
enum BulkBench {
    static func run(data: [Comment], runs: Int) async -> [Measurement] {
        var results = tagAll(data: data, runs: runs)
        results += await spam(count: 1000, latency: .milliseconds(50))
        results += await spam(count: 1000, latency: .milliseconds(50), batched: true)
        return results
    }

    /// `X` and `X` again (tag all shown, untag all): each sample is one keystroke.
    private static func tagAll(data: [Comment], runs: Int) -> [Measurement] {
        let tag = Bench.tag(data.count)
        let stores = LoadedStores(data)
        guard let ui = stores.ui else { return [] }
        let key = timeRuns(runs: runs * 2) { stores.dispatcher.dispatch(UIAction.tagAllShown) }
        let now = MockData.now
        let withFrame = timeRuns(runs: runs * 2) {
            stores.dispatcher.dispatch(UIAction.tagAllShown)
            blackHole(ScreenView.render(ScreenModel(store: ui, now: now)))
        }
        progress("tag.all_\(tag) done")
        return [Measurement(name: "tag.all_\(tag)", unit: "ms", samples: key),
                Measurement(name: "tag.all_frame_\(tag)", unit: "ms", samples: withFrame)]
    }

    /// Loads a site of 1,100 comments, then spams 1,000 that are not spam in one bulk
    /// action; meanwhile moves the cursor every 20 ms and times each move with its frame.
    /// `batched`: the mock's comment routes allow `/batch/v1` (and the site's batch size is
    /// read before the clock starts, as a session's first run would have done already).
    private static func spam(count: Int, latency: Duration, batched: Bool = false) async -> [Measurement] {
        var configuration = MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: count + count / 10)
        configuration.batchComments = batched
        let server = MockServer(configuration)
        guard let site = server.sites.first,
              let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), retry: .none)
        else { return [] }
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher, pageSize: 100)
        let ui = interfaceStore(over: comments, showing: site.id)
        let query = CommentsQuery(site: site.id)
        let receipt = comments.query(query)
        while true {
            await until(comments) { !$0.fetch(query).isLoading }
            guard comments.state.fetch(query).error == nil else { return [] }
            guard comments.state.fetch(query).hasMore else { break }
            dispatcher.dispatch(CommentsAction.loadMore(query))
        }
        let ids = comments.state.comments(of: site.id).allEntries.filter { $0.status != .spam }.prefix(count).map(\.id)
        if batched {
            let size = (try? await client.commentBatchSize()) ?? nil
            dispatcher.dispatch(CommentsAction.batchSizeRead(site: site.id, size: size ?? 1))
        }
        server.faults = MockFaults(latency: latency)
        let start = nowNanos()
        dispatcher.dispatch(CommentsAction.bulk(site: site.id, ids: Array(ids), action: .moderate(.spam)))
        var moves: [Double] = []
        while comments.state.bulk != nil {
            moves += timeRuns(runs: 1, warmup: 0) {
                dispatcher.dispatch(UIAction.move(moves.count % 100 < 50 ? .down : .up))
                blackHole(ScreenView.render(ScreenModel(store: ui)))
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        let seconds = Double(nowNanos() - start) / 1e9
        let done = comments.state.lastBulk?.succeeded.count ?? 0
        precondition(done == ids.count, "bulk spam: \(done) of \(ids.count) done")
        withExtendedLifetime(receipt) {}
        let name = "bulk.spam_\(count)" + (batched ? "_batch" : "")
        progress("\(name) done")
        return [Measurement(name: name, unit: "s", samples: [seconds]),
                Measurement(name: "keystroke.move_during_bulk" + (batched ? "_batch" : ""), unit: "ms", samples: moves)]
    }
}
