// Nor handle actions beside the reducer (the class is final; onDispatch is its own).
// expect: inheritance from a final class
import Flux

enum Step: Action { case up }

@MainActor
final class Sneaky: FluxStore<Int, Step> {
    override func onDispatch(_ action: any Action) {}
}
