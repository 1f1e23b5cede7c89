// Nor changed in place.
// expect: setter is inaccessible
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<[Int], Step>) {
    store.state.append(1)
}
