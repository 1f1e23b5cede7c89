// Time travel's restore is Flux's alone.
// expect: 'restore' is inaccessible due to 'internal' protection level
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.restore(1)
}
