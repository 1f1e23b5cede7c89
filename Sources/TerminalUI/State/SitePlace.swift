import CommentsKit

/// How a site was left for another: where its cursor stood and which of its threads were
/// folded (``UIState/sitesLeft``).
package struct SitePlace: Equatable, Sendable {
    /// The cursor's comment, row and the list's scroll.
    package var cursor: CursorPlace
    /// Comments whose replies were folded away.
    package var collapsed: Set<Int>
}
