import Flux

/// When the app draws (``TerminalApp``). What a key or the interface changes is drawn at
/// the next turn of the main actor. What the data alone changes is drawn no sooner than
/// ``interval`` after the frame before: while a big site loads, pages arrive faster than
/// frames, and the interface follows them once per frame, not once per page — each frame
/// first has it catch up with every page since the last (``UIAction/frame``).
///
/// The interval stretches to five times what the last frame cost (catching up and
/// drawing), so following a big load keeps to about a sixth of the main actor and the
/// rest goes to merging the pages; keys are never paced.
///
/// Measured at 100,000 comments (SiteLoadBench): following every page rebuilt the
/// visible list and the filter counts about 1,000 times per load.
@MainActor
package final class FramePacer {
    /// The shortest time between two frames the data asks for (about 30 a second: at
    /// 60, catching up with a 100,000-comment load took 40% of the main actor).
    package static let interval: Duration = .milliseconds(30)
    private let store: UIStore
    private let draw: @MainActor () -> Void
    private let clock = ContinuousClock()
    private var lastFrame: ContinuousClock.Instant?
    /// What the last frame cost, catching up included.
    private var lastFrameCost: Duration = .zero
    /// Whether something changed since the last frame.
    private var isDue = false
    private var turnScheduled = false
    private var pacedScheduled = false

    /// Paces the frames of `store`, each drawn by `draw`.
    package init(store: UIStore, draw: @escaping @MainActor () -> Void) {
        self.store = store
        self.draw = draw
    }

    /// Something changed: a frame at the next turn of the main actor, or, when `paced`
    /// (the data changed, not the interface), no sooner than ``interval`` after the last.
    package func request(paced: Bool = false) {
        isDue = true
        if paced, let last = lastFrame, case let due = last.advanced(by: max(Self.interval, lastFrameCost * 5)), due > clock.now {
            guard !pacedScheduled, !turnScheduled else { return }
            pacedScheduled = true
            Task { @MainActor [weak self] in
                try? await Task.sleep(until: due, clock: .continuous)
                guard let self else { return }
                self.pacedScheduled = false
                if self.isDue { self.drawNow() }
            }
            return
        }
        guard !turnScheduled else { return }
        turnScheduled = true
        // In a main-actor task, not a main-queue block: see TerminalApp.runInMainActorTask.
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.turnScheduled = false
            if self.isDue { self.drawNow() }
        }
    }

    /// Has the interface catch up with the pages that arrived, and draws now.
    package func drawNow() {
        let start = clock.now
        if store.state.isBehindLoad { store.dispatcher.dispatch(UIAction.frame) }
        // What the catch-up changed is in this frame.
        isDue = false
        lastFrame = start
        draw()
        lastFrameCost = start.duration(to: clock.now)
    }
}
