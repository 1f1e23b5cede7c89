/// Identifies one registration with a ``Dispatcher``: what ``Dispatcher/register(name:_:)``
/// returns, what ``Dispatcher/unregister(_:)`` and ``Dispatcher/waitFor(_:)`` take.
public struct DispatchToken: Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int

    /// `"token#3"`: for logs and failure messages.
    public var description: String { "token#\(rawValue)" }
}

/// Identifies one delivery of an action through the dispatcher, so middleware can pair a
/// `willDispatch` with its `didDispatch`. Increases by one for every action dispatched.
public struct DispatchID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The sequence number, starting at 1 for a dispatcher's first action.
    public let rawValue: UInt64

    /// Whether `lhs` was dispatched before `rhs`.
    public static func < (lhs: DispatchID, rhs: DispatchID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `"#12"`.
    public var description: String { "#\(rawValue)" }
}
