// Nor transaction.
// expect: has no member 'transaction'
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.transaction { $0 = 1 }
}
