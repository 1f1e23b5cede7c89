// Nor handle actions beside the reducer: onDispatch is final.
// expect: overrides a 'final' instance method
import Flux

enum Step: Action { case up }

@MainActor
final class Sneaky: FluxStore<Int, Step> {
    override func onDispatch(_ action: any Action) {}
}
