// UIStore has no mutate (a public writer it once had).
// expect: has no member 'mutate'
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.mutate { $0.isQuitting = true }
}
