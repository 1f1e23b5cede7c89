import Foundation
import Flux
import CommentsKit
import TerminalUI

/// One frame with 100k comments: list + detail + filter panel at 200×60, drawn into a
/// Canvas, and painted through real ncurses (headless, to /dev/null). Then what one key
/// costs in process: dispatch, frame, paint.
@MainActor
enum FrameBench {
    static func run(size: Int, data: [Comment], runs: Int) -> [Measurement] {
        let tag = Bench.tag(size)
        let stores = LoadedStores(data, withUI: true, width: 200, height: 60)
        guard let ui = stores.ui else { return [] }
        let dispatcher = stores.dispatcher
        // Filter panel open, focus back on the list: every pane is on screen.
        dispatcher.dispatch(UIAction.toggleFilterPanel)
        dispatcher.dispatch(UIAction.switchPane)
        precondition(ui.state.focus == .list && ui.state.isFilterPanelOpen)
        let now = MockData.now
        func frame() -> Frame { ScreenView.render(ScreenModel(store: ui, now: now)) }

        var results: [Measurement] = []
        results.append(Measurement(name: "frame.canvas_\(tag)", unit: "ms", samples: timeRuns(runs: runs) { blackHole(frame()) }))
        progress("frame.canvas_\(tag) done")

        guard let screen = try? NcursesScreen.headless(width: 200, height: 60) else {
            progress("no headless ncurses screen: skipping the ncurses figures")
            return results
        }
        defer { screen.close() }
        let first = frame().canvas
        dispatcher.dispatch(UIAction.move(.down))
        let second = frame().canvas
        var flip = false
        // Two frames a cursor move apart, alternately: the diff paints what a key changes.
        results.append(Measurement(name: "frame.ncurses_\(tag)", unit: "ms", samples: timeRuns(runs: runs) {
            flip.toggle()
            screen.present(flip ? first : second)
        }))
        results.append(Measurement(name: "frame.ncurses_full_\(tag)", unit: "ms", samples: timeRuns(runs: runs) {
            screen.resize(width: 199, height: 60)
            screen.resize(width: 200, height: 60)
            screen.present(first)
        }))
        progress("frame.ncurses_\(tag) done")

        // In process, what one key costs end to end, without the terminal's I/O.
        results.append(Measurement(name: "inproc.move_\(tag)", unit: "ms", samples: timeRuns(runs: runs * 4) {
            dispatcher.dispatch(UIAction.move(.down))
            screen.present(frame().canvas)
        }))
        dispatcher.dispatch(UIAction.switchPane)
        dispatcher.dispatch(UIAction.switchPane)
        precondition(ui.state.focus == .filters)
        dispatcher.dispatch(UIAction.expandHighlightedGroup)   // Status
        dispatcher.dispatch(UIAction.move(.down))              // Approved
        dispatcher.dispatch(UIAction.move(.down))              // Pending
        results.append(Measurement(name: "inproc.toggle_\(tag)", unit: "ms", samples: timeRuns(runs: runs * 2) {
            dispatcher.dispatch(UIAction.toggleHighlightedFilter)
            screen.present(frame().canvas)
        }))
        // The stores' share of it: the dispatch alone (filter counts, visible list, the UI
        // store's fold and reconcile), no frame.
        results.append(Measurement(name: "inproc.toggle_dispatch_\(tag)", unit: "ms", samples: timeRuns(runs: runs * 2) {
            dispatcher.dispatch(UIAction.toggleHighlightedFilter)
        }))
        progress("inproc.*_\(tag) done")

        // One more page of 100 comments arriving at a site of `size` (new ids, a mock of
        // their own), with the list and a frame following: what scrolling to the end of
        // what is loaded costs, page after page. (The merge alone is SiteLoadBench's
        // `load.page_merge_*`.)
        var page = 0
        let pages = (0...runs).map { index in  // one more for the warm-up
            MockData.comments(count: 100, seed: UInt64(1_000 + index), idOffset: 10_000_000 + index * 100)
        }
        results.append(Measurement(name: "load.page_arrival_frame_\(tag)", unit: "ms", samples: timeRuns(runs: runs) {
            dispatcher.dispatch(CommentsImported(site: LoadedStores.site, comments: pages[page % pages.count]))
            page += 1
            screen.present(frame().canvas)
        }))
        progress("load.page_arrival_frame_\(tag) done")
        return results
    }
}
