// Nor batch.
// expect: has no member 'batch'
import TerminalUI

@MainActor
func write(_ store: UIStore) {
    store.batch {}
}
