// The reducer is TerminalUI's own: no other module can run it on a state of its choosing.
// expect: cannot find 'UIReducer' in scope
import TerminalUI

@MainActor
func write(_ state: inout UIState, _ action: UIAction) {
    _ = UIReducer.self
}
