/// A store a ``RecorderMiddleware`` can record and travel through time with.
///
/// ``StatefulStore`` (through ``TimeTravelling``) and ``FluxStore`` conform.
@MainActor
public protocol Recordable: AnyObject {
    /// How to capture and restore the store's state.
    var recording: StateRecording { get }
}

/// How a recorder captures and puts back one store's state. Only Flux can use it: code
/// outside holds one but cannot call it, so a ``FluxStore``'s state stays written by its
/// reducer alone (and by time travel). It keeps its store alive, as the recorder always
/// has.
@MainActor
public struct StateRecording {
    let capture: @MainActor () -> Any
    let restore: @MainActor (Any) -> Void
    /// Held while the recorder restores, so a dispatch made by a subscriber follows every
    /// restored store's notification.
    let dispatcher: Dispatcher?
}

/// A store whose state can be captured and put back, so a ``RecorderMiddleware`` can
/// travel through time with it. ``StatefulStore`` conforms.
///
/// Its ``restore(_:)`` is public, so any code can write such a store's state: the shape
/// the app migrates away from (``FluxStore`` is ``Recordable`` without it).
@MainActor
public protocol TimeTravelling: Recordable {
    /// The state now, as an opaque value to hand back to ``restore(_:)``.
    var capturedState: Any { get }
    /// Puts back a state from ``capturedState``, notifying subscribers as for any change.
    func restore(_ captured: Any)
}

extension TimeTravelling {
    /// Records through ``capturedState`` and ``restore(_:)``.
    public var recording: StateRecording {
        StateRecording(
            capture: { self.capturedState },
            restore: { self.restore($0) },
            dispatcher: (self as? Store)?.dispatcher
        )
    }
}

extension StatefulStore: TimeTravelling {
    /// The state now.
    public var capturedState: Any { state }

    /// Puts back a state from ``capturedState`` as one change; other values are ignored.
    public func restore(_ captured: Any) {
        guard let state = captured as? State else { return }
        setState(state)
    }
}
