import Foundation

/// The action types a session recording can hold, by name: how each is written to JSON
/// and read back. Flux knows no app's actions; the app registers its own.
///
/// ```swift
/// var codecs = ActionCodecs()
/// codecs.register(CounterAction.self)          // written as "CounterAction"
/// let line = try codecs.encode(CounterAction.add(2))
/// ```
///
/// Names are the recording's vocabulary: renaming a registered type breaks the
/// recordings made before, so register it under its old name (`name:`).
public struct ActionCodecs: Sendable {
    private var names: [ObjectIdentifier: String] = [:]
    private var decoders: [String: @Sendable (any Decoder) throws -> any Action] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `type` under `name` (its type name by default).
    public mutating func register<A: Action & Codable>(_ type: A.Type, name: String? = nil) {
        let name = name ?? String(describing: type)
        names[ObjectIdentifier(type)] = name
        decoders[name] = { decoder in try A(from: decoder) }
    }

    /// The name `action`'s type is registered under, or nil when it is not registered.
    public func name(of action: any Action) -> String? {
        names[ObjectIdentifier(type(of: action))]
    }

    /// Whether a type is registered under `name`.
    public func knows(_ name: String) -> Bool {
        decoders[name] != nil
    }

    /// Reads an action of the type registered under `name` from `decoder`; nil when no
    /// type is registered under it.
    public func decode(_ name: String, from decoder: any Decoder) throws -> (any Action)? {
        guard let decode = decoders[name] else { return nil }
        return try decode(decoder)
    }
}
