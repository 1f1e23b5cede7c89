// Nor setState.
// expect: has no member 'setState'
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.setState(UIState())
}
