// UIStore has no mutate (StatefulStore's public writer, which it used to have).
// expect: has no member 'mutate'
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.mutate { $0.isQuitting = true }
}
