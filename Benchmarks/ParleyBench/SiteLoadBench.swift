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
    /// the pages as in the app: frames paced as ``TerminalApp`` paces them (``FramePacer``:
    /// at most one per 30 ms for what the data changes, each catching the interface up with
    /// the pages since the last), drawn into a canvas (no ncurses). With `latency`, `load.site_100k_all_latency80` (say): each
    /// answer is delivered that late, as from a distant server; the floor is then
    /// pages × latency / concurrency, which the progress line states beside the figure.
    static func loadAll(size: Int, concurrency: Int, latency: Duration = .zero, runs: Int) async -> Measurement {
        let milliseconds = Int(latency.components.seconds * 1000 + latency.components.attoseconds / 1_000_000_000_000_000)
        let name = "load.site_\(Bench.tag(size))_all" + (latency == .zero ? "" : "_latency\(milliseconds)")
        var samples: [Double] = []
        var cpu: [Double] = []
        var pages = 0
        for _ in 0..<runs {
            if let run = await loadOnce(size: size, concurrency: concurrency, latency: latency, movingCursor: false) {
                samples.append(run.milliseconds)
                cpu.append(run.cpuMilliseconds)
                pages = run.pages
            }
        }
        let floor = Double(pages * milliseconds) / Double(concurrency)
        // The process's CPU time beside the wall time: what the load costs whatever else
        // the machine runs (the mock's threads included).
        let cpuMedian = Measurement(name: name, unit: "ms", samples: cpu).median
        progress("\(name) done: CPU median \(Int(cpuMedian)) ms" + (latency == .zero ? "" : String(format: " (floor %.0f ms: %d pages; median %.2f× it)",
                                                                   floor, pages, Measurement(name: name, unit: "ms", samples: samples).median / floor)))
        return Measurement(name: name, unit: "ms", samples: samples)
    }

    /// `keystroke.move_during_load_100k`: while the whole site loads (latency 0: pages
    /// arrive as fast as the stores take them), a cursor move every 20 ms (`j` 50 times,
    /// then `k` 50 times, …), each timed from the byte written, as a terminal would write
    /// it, to its frame drawn — the wait for the page being merged when it came is part of
    /// what a user feels, so it is part of the sample.
    ///
    /// Beside it, `keystroke.move_during_load_cpu_100k`: the CPU time of the thread handling
    /// each of those keys, from its dispatch to its frame (no waiting in it): what a key
    /// costs in itself, whatever else the machine runs.
    static func movesDuringLoad(size: Int, concurrency: Int) async -> [Measurement] {
        let name = "keystroke.move_during_load_\(Bench.tag(size))"
        let run = await loadOnce(size: size, concurrency: concurrency, latency: .zero, movingCursor: true)
        let cpu = Measurement(name: "keystroke.move_during_load_cpu_\(Bench.tag(size))", unit: "ms", samples: run?.moveCPU ?? [])
        progress("\(name) done: CPU median \(cpu.median) ms, p99 \(cpu.p99) ms")
        return [Measurement(name: name, unit: "ms", samples: run?.moves ?? []), cpu]
    }

    private static func loadOnce(
        size: Int, concurrency: Int, latency: Duration, movingCursor: Bool
    ) async -> (milliseconds: Double, cpuMilliseconds: Double, moves: [Double], moveCPU: [Double], pages: Int)? {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: size))
        guard let site = server.sites.first,
              let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration()) else { return nil }
        server.faults = MockFaults(latency: latency)
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher,
                                     pageSize: 100, loadConcurrency: concurrency)
        let ui = interfaceStore(over: comments, showing: site.id)
        let query = CommentsQuery(site: site.id)
        // What the app draws as the pages arrive: frames paced as TerminalApp paces them.
        let pacer = FramePacer(store: ui) { blackHole(ScreenView.render(ScreenModel(store: ui))) }
        let drawn = comments.subscribe { _, _ in pacer.request(paced: true) }
        let followed = ui.subscribe { old, new in pacer.request(paced: new.isBehindLoad && !old.isBehindLoad) }
        func finished(_ state: CommentsState) -> Bool {
            (state.fetch(query).isComplete && !state.fetch(query).isLoading) || state.fetch(query).error != nil
        }
        let start = nowNanos()
        let cpuStart = cpuNanos(CLOCK_PROCESS_CPUTIME_ID)
        let receipt = comments.query(query)
        // Keys come as the app's come: bytes on a descriptor watched by TerminalEvents (a
        // pipe here, the terminal in the app), read on the main queue, handled in a
        // main-actor task that draws their frame (TerminalApp's input path).
        var moves: [Double] = [], moveCPU: [Double] = []
        let typist = movingCursor ? Typist(every: .milliseconds(20)) : nil
        let events = typist.map { typist in
            TerminalEvents(inputDescriptor: typist.readEnd) { event in
                guard case .input = event else { return }
                let keys = typist.readKeys()
                TerminalApp.runInMainActorTask {
                    let keyStart = cpuNanos(CLOCK_THREAD_CPUTIME_ID)
                    for key in keys { dispatcher.dispatch(UIAction.move(key.byte == UInt8(ascii: "j") ? .down : .up)) }
                    pacer.drawIfDue()
                    let drawn = nowNanos()
                    moveCPU.append(Double(cpuNanos(CLOCK_THREAD_CPUTIME_ID) - keyStart) / 1e6)
                    moves += keys.map { Double(drawn - $0.written) / 1e6 }
                }
            }
        }
        events?.start { typist?.start() }
        await until(comments, finished)
        let elapsed = Double(nowNanos() - start) / 1e6
        let cpu = Double(cpuNanos(CLOCK_PROCESS_CPUTIME_ID) - cpuStart) / 1e6
        typist?.stop()
        await events?.stopAndWait()
        typist?.close()
        guard comments.state.fetch(query).error == nil else { return nil }
        precondition(comments.state.comments(of: site.id).count == comments.state.fetch(query).total, "not every comment arrived")
        withExtendedLifetime((receipt, drawn, followed)) {}
        return (elapsed, cpu, moves, moveCPU, comments.state.fetch(query).totalPages ?? 0)
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

/// CPU time used so far by the process or the calling thread (`clock`), in nanoseconds.
private func cpuNanos(_ clock: clockid_t) -> Int64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}
