/// Where the list cursor stands: its comment, its row in the list and the list's scroll,
/// so it can be put back where it was (Esc in the search prompt, as less, tig and neomutt
/// do).
package struct CursorPlace: Equatable, Sendable {
    /// The comment under the cursor.
    package var cursor: Int?
    /// Its row in the list.
    package var cursorIndex: Int
    /// The first list row on screen.
    package var scrollTop: Int

    /// Where `state`'s cursor stands now.
    package init(_ state: UIState) {
        cursor = state.cursor
        cursorIndex = state.cursorIndex
        scrollTop = state.scrollTop
    }

    /// Puts `state`'s cursor back here. The ``ReconcileReducer`` then finds the comment in the
    /// list as it is: if rows came or went above it meanwhile, the list scrolls with it, so
    /// it keeps its screen row when it can.
    package func restore(_ state: inout UIState) {
        guard cursor != nil else { return }
        state.cursor = cursor
        state.cursorIndex = cursorIndex
        state.scrollTop = scrollTop
    }
}
