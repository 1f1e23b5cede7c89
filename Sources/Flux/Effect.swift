/// Work a ``FluxStore``'s reducer asks for, described as a value: the reducer returns it,
/// the store's runner carries it out, and a test can look at it without running it.
///
/// ```swift
/// case .refresh:
///     state.isLoading = true
///     return .run { send in
///         let count = try? await api.count()
///         await send(.loaded(count ?? 0))
///     }
///     .cancellable(id: "refresh", cancelInFlight: true)
/// ```
///
/// - ``none``: nothing to do (free: no allocation, nothing scheduled).
/// - ``send(_:)``: dispatch an action right after the current one.
/// - ``dispatch(_:)``: the same for an action of another type (another store's).
/// - ``run(priority:_:)``: async work that sends actions back through ``Send``.
/// - ``immediate(_:)``: work on the main actor, done at once (the terminal, job control).
/// - ``fireAndForget(_:)``: async work that sends nothing (a file write, a log line).
/// - ``cancel(id:)``: cancel the work running under an id; its later actions are dropped.
/// - ``cancellable(id:cancelInFlight:)``: file this effect's work under an id (and, with
///   `cancelInFlight`, replace what ran under it).
/// - ``merge(_:)-(Effect<A>...)``: several effects at once.
public struct Effect<A: Action>: Sendable {
    /// What to do; `nil` for ``none``. A reference, so that the commonest effect is a
    /// null pointer (no allocation) and an effect has one fixed layout, which generic code
    /// moves without looking up type metadata.
    let operation: Operation?

    final class Operation: Sendable {
        let kind: Kind
        init(_ kind: Kind) { self.kind = kind }
    }

    enum Kind: Sendable {
        case send(A)
        case dispatch(any Action)
        case run(TaskPriority?, @Sendable (Send<A>) async -> Void)
        case immediate(@MainActor @Sendable (Send<A>) -> Void)
        case fireAndForget(@Sendable () async -> Void)
        case cancel(EffectID)
        case cancellable(EffectID, cancelInFlight: Bool, Effect<A>)
        case merge([Effect<A>])
    }

    private init(_ kind: Kind) {
        operation = Operation(kind)
    }

    private init(none: Void) {
        operation = nil
    }

    /// No effect.
    public static var none: Effect { Effect(none: ()) }

    /// Dispatches `action` after the current action (and its notifications), before any
    /// asynchronous work's actions.
    public static func send(_ action: A) -> Effect {
        Effect(.send(action))
    }

    /// Dispatches `action`, of any type, after the current action (and its notifications):
    /// how a store that follows others (a UI store) asks them for something — a trash, a page
    /// to load, a filter to toggle — as a value its reducer returns, like any other effect.
    public static func dispatch(_ action: any Action) -> Effect {
        Effect(.dispatch(action))
    }

    /// Runs `work` off the main actor; it sends actions back with `send`, which are
    /// dispatched like any other. After the effect is cancelled, `send` drops them.
    ///
    /// `priority` is its task's (the caller's by default): work that must not compete
    /// with the keys, such as filling a cache, asks for `.utility`.
    public static func run(
        priority: TaskPriority? = nil,
        _ work: @escaping @Sendable (_ send: Send<A>) async -> Void
    ) -> Effect {
        Effect(.run(priority, work))
    }

    /// Runs `work` on the main actor as soon as the reducer returns, before the store's
    /// subscribers hear of the change; what it sends is dispatched after the current action.
    ///
    /// For work that must happen on the main thread and in step with the action that asked
    /// for it: writing to the terminal between two frames, handing the terminal to the shell
    /// (the process stops inside `work` until it is continued), telling in the status line
    /// what a key did in that key's own frame. Anything that may wait belongs in ``run(priority:_:)``.
    /// A replay runs it no more than any other effect.
    public static func immediate(_ work: @escaping @MainActor @Sendable (_ send: Send<A>) -> Void) -> Effect {
        Effect(.immediate(work))
    }

    /// Runs `work` off the main actor for what it does, not for an answer.
    public static func fireAndForget(_ work: @escaping @Sendable () async -> Void) -> Effect {
        Effect(.fireAndForget(work))
    }

    /// Cancels every effect running under `id`: its task is cancelled (awaited calls end
    /// early) and anything it sends from now on is dropped.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(EffectID(id)))
    }

    /// Files this effect's work under `id`, so ``cancel(id:)`` can stop it. With
    /// `cancelInFlight`, work already running under `id` is cancelled first: the newest
    /// request wins.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// All of `effects`, started in order.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// All of `effects`, started in order. The ``none``s among them are left out, so a
    /// reducer may merge whatever its parts returned: no effect at all is ``none`` (which
    /// the runner skips with one comparison), and one effect is that effect itself.
    public static func merge(_ effects: [Effect]) -> Effect {
        let effects = effects.filter { !$0.isNone }
        switch effects.count {
        case 0: return .none
        case 1: return effects[0]
        default: return Effect(.merge(effects))
        }
    }

    /// Whether this is ``none``.
    public var isNone: Bool { operation == nil }
}

/// Sends actions from a running ``Effect`` back to the stores: `await send(action)`.
///
/// Once the effect is cancelled, sending does nothing, so a cancelled request's late
/// answer never reaches the state.
@MainActor
public struct Send<A: Action>: Sendable {
    let deliver: @MainActor @Sendable (A) -> Void

    /// Makes a `Send` that hands actions to `deliver` (tests build their own).
    public init(_ deliver: @escaping @MainActor @Sendable (A) -> Void) {
        self.deliver = deliver
    }

    /// Dispatches `action`, unless the effect sending it is cancelled.
    public func callAsFunction(_ action: A) {
        guard !Task.isCancelled else { return }
        deliver(action)
    }
}

/// The identity effects are cancelled by: any hashable, sendable value.
struct EffectID: Hashable, @unchecked Sendable {
    // Unchecked: only made from `some Hashable & Sendable` values (see `init`).
    private let base: AnyHashable

    init(_ base: some Hashable & Sendable) {
        self.base = AnyHashable(base)
    }
}
