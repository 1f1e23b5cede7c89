// A FluxStore has no setState (StatefulStore's public writer).
// expect: has no member 'setState'
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.setState(1)
}
