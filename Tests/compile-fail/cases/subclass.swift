// No subclass can add a writer.
// expect: inheritance from a final class
import Flux

enum Step: Action { case up }

@MainActor
final class Sneaky: FluxStore<Int, Step> {}
