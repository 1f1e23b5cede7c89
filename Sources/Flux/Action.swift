/// Something that happened, described as a value: a key was pressed, a fetch finished,
/// a comment was deleted.
///
/// Actions are the only way to ask a store to change its state. They cross threads
/// (network answers come back as actions), so they must be `Sendable`. Any type can be
/// an action; enums with associated values per case read best:
///
/// ```swift
/// enum CounterAction: Action { case increment, add(Int) }
/// ```
public protocol Action: Sendable {}
