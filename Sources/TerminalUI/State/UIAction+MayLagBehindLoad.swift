import CommentsKit

extension UIAction: MayLagBehindLoad {
    /// A move within the list, the filter panel or the detail pane as they are on screen,
    /// the spinner's tick and the detail pane's settle: none needs the list to catch up
    /// with the pages merged since the last frame, so while a big site loads a key costs
    /// its move and its frame, and the next paced frame catches up (``FramePacer``). The
    /// cursor keeps its comment, and its screen row when the list catches up
    /// (``ReconcileReducer``). `g` and `G` catch up: they go to the true ends of the list.
    package var mayLagBehindLoad: Bool {
        switch self {
        case .move(let move): move != .top && move != .bottom
        case .tick, .settleDetail: true
        default: false
        }
    }
}
