import Foundation

/// Plays a ``RecordedSession`` back into a dispatcher's stores: the same actions, in the
/// same order, at the same recorded times, with no effect run.
///
/// Making one turns the dispatcher's effects off (``EffectPolicy/suppress``) and adds a
/// ``ReplayGate``; do it before the stores see any action, so that what they do on their
/// own (a handler dispatching to another store, a timer) never reaches them twice. Then
/// ``play()`` dispatches each recorded action — the user's and the effects' answers
/// alike — with ``clock`` set to its time. The stores end in the state they reached when
/// the session was recorded, and so does anything drawn from them.
@MainActor
public final class SessionReplayer {
    /// The gate between the app and the stores.
    public let gate = ReplayGate()
    /// The time of the action being replayed (the session's start before the first).
    public let clock: ReplayClock
    private let dispatcher: Dispatcher
    private let startedAt: Date
    private let actions: [RecordedAction]
    private let skips: @MainActor (any Action) -> Bool
    /// How many recorded actions were played so far (skipped ones included).
    public private(set) var played = 0
    /// Runs after each replayed action: what the live session had done by the next action
    /// without one — a store whose effect writes to storage it reads back synchronously
    /// (its read is then no action either) flushes that write here. Stores whose reads are
    /// effects, answered by actions, need none.
    public var afterEachAction: (@MainActor () -> Void)?

    /// Prepares `dispatcher` for a replay of `actions`, recorded from `startedAt`.
    ///
    /// - Parameters:
    ///   - actions: the recorded actions, in the order they were dispatched.
    ///   - startedAt: when the recording started (the replay clock's first reading).
    ///   - dispatcher: the dispatcher the stores of the replay are registered with; its
    ///     effect policy becomes ``EffectPolicy/suppress`` and a ``ReplayGate`` is added.
    ///   - skipping: recorded actions not to replay (the app's own reasons: a quit
    ///     that would end the replay before its screen is seen).
    public init(
        _ actions: [RecordedAction],
        startedAt: Date,
        dispatcher: Dispatcher,
        skipping: @escaping @MainActor (any Action) -> Bool = { _ in false }
    ) {
        self.actions = actions
        self.startedAt = startedAt
        self.dispatcher = dispatcher
        skips = skipping
        clock = ReplayClock(start: startedAt)
        dispatcher.effectPolicy = .suppress
        dispatcher.add(gate)
    }

    /// Makes the replayer for `session`.
    public convenience init<Header>(
        _ session: RecordedSession<Header>,
        dispatcher: Dispatcher,
        skipping: @escaping @MainActor (any Action) -> Bool = { _ in false }
    ) {
        self.init(session.actions, startedAt: session.startedAt, dispatcher: dispatcher, skipping: skipping)
    }

    /// Whether every action has been played.
    public var isFinished: Bool { played == actions.count }

    /// Plays every action not played yet, in order.
    public func play() {
        while played < actions.count {
            let recorded = actions[played]
            played += 1
            clock.set(startedAt.addingTimeInterval(recorded.time))
            guard !skips(recorded.action) else { continue }
            dispatcher.dispatch(ReplayedAction(recorded.action))
            afterEachAction?()
        }
    }
}
