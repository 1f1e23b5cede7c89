// A FluxStore's state cannot be assigned from outside.
// expect: setter is inaccessible
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.state = 1
}
