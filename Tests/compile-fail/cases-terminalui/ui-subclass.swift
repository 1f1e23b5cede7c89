// Nor can a subclass handle actions beside the reducer: UIStore is final.
// expect: inheritance from a final class 'UIStore'
import Flux
import TerminalUI

@MainActor
final class Sneaky: UIStore {}
