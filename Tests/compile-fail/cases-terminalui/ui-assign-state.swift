// The interface's state cannot be assigned from another module of the package.
// expect: setter is inaccessible
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.state = UIState()
}
