// Nor mutate.
// expect: has no member 'mutate'
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.mutate { $0 = 1 }
}
