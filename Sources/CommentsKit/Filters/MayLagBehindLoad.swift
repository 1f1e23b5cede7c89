import Flux

/// An action that may leave the pages of a load under way for later: the filter counts (and
/// the interface's list) follow them at the next action that is not such a one — at the
/// latest the interface's next paced frame — rather than before it.
///
/// A cursor move while a 100,000-comment site loads is the case: catching up with the
/// pages merged since the last frame costs several passes over every loaded comment
/// (counts, visible list), which a move within the list as it is on screen needs none of.
/// The interface says which of its actions may lag; this module cannot name them.
public protocol MayLagBehindLoad: Action {
    /// Whether this action may leave the pages of a load under way for later.
    var mayLagBehindLoad: Bool { get }
}
