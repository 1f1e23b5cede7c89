// Holding a StateRecording does not let code call it.
// expect: 'restore' is inaccessible due to 'internal' protection level
import Flux

enum Step: Action { case up }

@MainActor
func write(_ store: FluxStore<Int, Step>) {
    store.recording.restore(1)
}
