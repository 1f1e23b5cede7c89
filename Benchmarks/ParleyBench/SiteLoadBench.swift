import Foundation
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// The whole site in the background (issue 12): how long until every comment of a
/// 100,000-comment mock site is loaded with 4 pages in flight, and what one page costs to
/// merge into a site that size.
@MainActor
enum SiteLoadBench {
    /// `load.site_100k_all`: from taking the query to every comment loaded, the real
    /// client over URLSession to the embedded mock (latency 0) — the REST path in-process,
    /// not the binary — with the filter store, the visible list and the UI store following
    /// every page as in the app.
    static func loadAll(size: Int, concurrency: Int, runs: Int) async -> Measurement {
        var samples: [Double] = []
        for _ in 0..<runs {
            if let milliseconds = await loadOnce(size: size, concurrency: concurrency) { samples.append(milliseconds) }
        }
        progress("load.site_\(Bench.tag(size))_all done")
        return Measurement(name: "load.site_\(Bench.tag(size))_all", unit: "ms", samples: samples)
    }

    private static func loadOnce(size: Int, concurrency: Int) async -> Double? {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        guard let site = server.sites.first,
              let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration()) else { return nil }
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher,
                                     pageSize: 100, loadConcurrency: concurrency)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
        let visible = VisibleCommentsSelector(comments: comments, filters: filters)
        let ui = UIStore(comments: comments, filters: filters, visible: visible, dispatcher: dispatcher)
        dispatcher.dispatch(UIAction.resize(width: 120, height: 40))
        dispatcher.dispatch(UIAction.showSite(site.id))
        let query = CommentsQuery(site: site.id)
        // What the app draws after each page: the visible list is recomputed.
        let drawn = comments.subscribe { _, _ in blackHole(ui.rows.count) }
        let start = nowNanos()
        let receipt = comments.query(query)
        await until(comments) { ($0.fetch(query).isComplete && !$0.fetch(query).isLoading) || $0.fetch(query).error != nil }
        let elapsed = Double(nowNanos() - start) / 1e6
        guard comments.state.fetch(query).error == nil else { return nil }
        precondition(comments.state.comments(of: site.id).count == comments.state.fetch(query).total, "not every comment arrived")
        withExtendedLifetime((receipt, drawn)) {}
        return elapsed
    }

    /// `load.page_merge_100k`: one page of 100 comments (pages held back from all over
    /// the site, so they land in the middle, with replies whose parents wait and parents
    /// replies wait for) merged into a site holding the other 99,000-odd, through the
    /// store as an action, the state before it kept alive as the app's stores keep it.
    static func pageMerge(size: Int, pages: Int) -> Measurement {
        let all = MockData.comments(count: size).sorted { ($0.date, $0.id) > ($1.date, $1.id) }
        let pageCount = all.count / 100
        let heldBack = Set(stride(from: 1, to: pageCount, by: max(1, pageCount / pages)).prefix(pages))
        var rest: [Comment] = []
        var held: [[Comment]] = []
        for page in 0..<pageCount {
            let slice = Array(all[(page * 100)..<min(all.count, page * 100 + 100)])
            if heldBack.contains(page) { held.append(slice) } else { rest += slice }
        }
        let site: SiteID = "bench"
        let dispatcher = Dispatcher()
        // A client that is never called: the pages come as actions.
        let sites = (try? WordPressClient(restBase: URL(fileURLWithPath: "/bench/wp-json")))
            .map { [SiteConnection(id: site, name: "Bench", client: $0)] } ?? []
        let comments = CommentsStore(sites: sites, dispatcher: dispatcher)
        dispatcher.dispatch(CommentsImported(site: site, comments: rest))
        var samples: [Double] = []
        for page in held {
            let before = comments.state
            let start = nowNanos()
            dispatcher.dispatch(CommentsImported(site: site, comments: page))
            samples.append(Double(nowNanos() - start) / 1e6)
            blackHole(before)
        }
        precondition(comments.state.comments(of: site).count == all.count, "a page was lost")
        progress("load.page_merge_\(Bench.tag(size)) done")
        return Measurement(name: "load.page_merge_\(Bench.tag(size))", unit: "ms", samples: samples)
    }
}
