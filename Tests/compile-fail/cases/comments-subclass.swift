// Nor subclass the store to reach its state.
// expect: inheritance from a final class 'CommentsStore'
import CommentsKit

@MainActor
final class Sneaky: CommentsStore {}
