// A subclass may add readers, but cannot write the state (its setter is the store's own).
// expect: setter is inaccessible
import Flux

enum Step: Action { case up }

@MainActor
final class Sneaky: FluxStore<Int, Step> {
    func reset() { state = 0 }
}
