// Time travel's restore is Flux's alone.
// expect: 'restore' is inaccessible due to 'internal' protection level
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.restore(UIState())
}
