// A FluxStore has no setState (no public writer of any kind: only its reducer writes).
// expect: has no member 'setState'
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.setState(1)
}
