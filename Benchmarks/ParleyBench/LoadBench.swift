import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// Loading every page of a site the way the app does: the real client through URLSession
/// to the embedded mock (zero latency), 100 comments a request, with the filter store, the
/// visible list and the UI store following every page as they do in the app.
@MainActor
enum LoadBench {
    static func run(size: Int, runs: Int) async -> Measurement {
        var samples: [Double] = []
        for _ in 0..<runs {
            if let milliseconds = await loadAll(size: size) { samples.append(milliseconds) }
        }
        progress("load.pages_\(Bench.tag(size)) done")
        return Measurement(name: "load.pages_\(Bench.tag(size))", unit: "ms", samples: samples)
    }

    private static func loadAll(size: Int) async -> Double? {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        guard let site = server.sites.first,
              let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration()) else { return nil }
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher, pageSize: 100)
        let ui = interfaceStore(over: comments, showing: site.id)
        let query = CommentsQuery(site: site.id)
        let start = nowNanos()
        let receipt = comments.query(query)
        while true {
            await until(comments) { !$0.fetch(query).isLoading }
            let fetch = comments.state.fetch(query)
            guard fetch.error == nil else { return nil }
            guard fetch.hasMore else { break }
            dispatcher.dispatch(CommentsAction.loadMore(query))
            // What the app draws after each page: the visible list is recomputed.
            blackHole(ui.rows.count)
        }
        let elapsed = Double(nowNanos() - start) / 1e6
        // The list route serves `type=comment` only (as WordPress does): pingbacks and
        // trackbacks stay out, so "everything" is what the server counted.
        precondition(comments.state.comments(of: site.id).count == comments.state.fetch(query).total, "not every comment arrived")
        withExtendedLifetime(receipt) {}
        return elapsed
    }
}
