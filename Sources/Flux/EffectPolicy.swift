/// Whether the effect runners of a ``Dispatcher``'s stores carry effects out.
///
/// A replay (``SessionReplayer``) turns effects off: the stores' reducers run as they did,
/// but no request, file, timer or editor starts — the answers those effects gave are in
/// the recording and are dispatched in their place. The check costs one comparison, and
/// only for an action whose reducer returned an effect.
public enum EffectPolicy: Sendable, Equatable {
    /// Effects run (the default).
    case run
    /// Effects are dropped unrun: ``Effect/send(_:)``, ``Effect/run(priority:_:)``,
    /// ``Effect/immediate(_:)`` and ``Effect/fireAndForget(_:)`` do nothing.
    case suppress
}
