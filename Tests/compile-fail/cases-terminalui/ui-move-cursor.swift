// Nor changed in place: the cursor moves only through an action.
// expect: setter is inaccessible
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.state.cursor = 3
}
