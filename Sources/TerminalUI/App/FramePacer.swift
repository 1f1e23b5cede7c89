import Flux

/// When the app draws (``TerminalApp``). What a key changes is drawn right after the key
/// (``drawIfDue()``); what else changes the interface, at the next turn of the main actor.
/// What the data alone changes is drawn no sooner than ``interval`` after the last
/// catch-up: while a big site loads, pages arrive faster than frames, and the interface
/// follows them once per paced frame, not once per page — each paced frame first has it
/// catch up with every page since the last (``UIAction/frame``).
///
/// A key's frame does not catch up: a move works on the list as last drawn
/// (``MayLagBehindLoad``), so a key costs its move and its drawing, not passes over every
/// loaded comment; the next paced frame catches up, the cursor keeping its comment and
/// its screen row.
///
/// The interval stretches to five times what the last catch-up cost (catching up and
/// drawing), so following a big load keeps to about a sixth of the main actor and the
/// rest goes to merging the pages; keys are never paced.
///
/// Measured at 100,000 comments (SiteLoadBench): following every page rebuilt the
/// visible list and the filter counts about 1,000 times per load.
///
/// The pacer is one of the app's event sources, like the terminal's (``TerminalEvents``):
/// its wake-ups are the frame clock, which feeds ``UIAction/frame`` in before drawing and
/// draws. They are not effects of a store: when to draw follows what drawing cost on the
/// wall clock (``interval`` stretches with the last catch-up), which is no state to keep or
/// replay, and a replay draws when its caller says (the `.frame`s it asks for stop at the
/// replay gate; the recorded ones are replayed in their place).
@MainActor
package final class FramePacer {
    /// The shortest time between two frames the data asks for (about 30 a second: at
    /// 60, catching up with a 100,000-comment load took 40% of the main actor).
    package static let interval: Duration = .milliseconds(30)
    private let store: UIStore
    private let draw: @MainActor () -> Void
    private let clock = ContinuousClock()
    /// When the last frame that caught up with the load started.
    private var lastCatchUp: ContinuousClock.Instant?
    /// What the last catch-up frame cost, catching up included.
    private var lastCatchUpCost: Duration = .zero
    /// Whether something changed since the last frame.
    private var isDue = false
    /// Whether the frame at the next turn is a paced one that is due (it catches up).
    private var catchUpAtTurn = false
    private var turnScheduled = false
    private var pacedScheduled = false

    /// Paces the frames of `store`, each drawn by `draw`.
    package init(store: UIStore, draw: @escaping @MainActor () -> Void) {
        self.store = store
        self.draw = draw
    }

    /// The whole screen is to be painted again, at once (Ctrl-Z's job is back): a frame that
    /// catches up, drawn by the next ``drawIfDue()`` or at the next turn.
    package func requestWholeFrame() {
        isDue = true
        catchUpAtTurn = true
        scheduleTurn()
    }

    /// Something changed: a frame at the next turn of the main actor, or, when `paced`
    /// (the data changed, not the interface), no sooner than ``interval`` after the last
    /// catch-up.
    package func request(paced: Bool = false) {
        isDue = true
        if paced { scheduleCatchUp() } else { scheduleTurn() }
    }

    /// Draws now; first, unless told not to (a key's frame), has the interface catch up
    /// with the pages that arrived. A frame that leaves the interface behind the load is
    /// followed by a paced one that catches up.
    package func drawNow(catchingUp: Bool = true) {
        let start = clock.now
        if catchingUp {
            if store.state.isBehindLoad { store.dispatcher.dispatch(UIAction.frame) }
            catchUpAtTurn = false
            lastCatchUp = start
        }
        // What the catch-up changed is in this frame.
        isDue = false
        draw()
        if catchingUp { lastCatchUpCost = start.duration(to: clock.now) }
        if store.state.isBehindLoad { scheduleCatchUp() }
    }

    /// Draws now if something changed since the last frame: a key's frame, right after the
    /// keys that asked for it. Left to the next turn, it would wait behind every page the
    /// network delivered to the main actor meanwhile (the main queue is first in, first
    /// out), and during a load that wait was most of a key's latency. The turn already
    /// scheduled then finds nothing due.
    package func drawIfDue() {
        guard isDue else { return }
        drawNow(catchingUp: catchUpAtTurn)
    }

    /// A frame that catches up, once the last catch-up is far enough behind.
    private func scheduleCatchUp() {
        guard let last = lastCatchUp, case let due = last.advanced(by: max(Self.interval, lastCatchUpCost * 5)), due > clock.now else {
            catchUpAtTurn = true
            return scheduleTurn()
        }
        guard !pacedScheduled else { return }
        pacedScheduled = true
        wake(at: due) { pacer in
            pacer.pacedScheduled = false
            if pacer.isDue || pacer.store.state.isBehindLoad { pacer.drawNow() }
        }
    }

    /// A frame at the next turn of the main actor.
    private func scheduleTurn() {
        guard !turnScheduled else { return }
        turnScheduled = true
        wake { pacer in
            pacer.turnScheduled = false
            if pacer.isDue || pacer.catchUpAtTurn { pacer.drawNow(catchingUp: pacer.catchUpAtTurn) }
        }
    }

    /// Runs `body` at the next turn of the main actor, or at `deadline` when given: the
    /// frame clock's one mechanism. A main-actor task, not a main-queue block, for the
    /// reason ``TerminalApp/runInMainActorTask(_:)`` gives; in order with the keys' tasks.
    private func wake(at deadline: ContinuousClock.Instant? = nil, _ body: @escaping @MainActor (FramePacer) -> Void) {
        Task { @MainActor [weak self] in
            if let deadline { try? await Task.sleep(until: deadline, clock: .continuous) }
            guard let self else { return }
            body(self)
        }
    }
}
