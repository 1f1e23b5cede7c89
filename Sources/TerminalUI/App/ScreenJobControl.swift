/// Ctrl-Z on the app's screen: the job stops with the terminal in the shell's modes and
/// comes back at the terminal's size then, painted whole at once (what shows until then is
/// the shell's screen).
@MainActor
final class ScreenJobControl: TerminalControlling {
    private let screen: NcursesScreen
    private let repaint: @MainActor () -> Void

    /// Job control on `screen`; `repaint` asks for a whole frame once the job is back.
    init(screen: NcursesScreen, repaint: @escaping @MainActor () -> Void) {
        self.screen = screen
        self.repaint = repaint
    }

    func suspendJob() -> (width: Int, height: Int) {
        screen.suspendJob()
        screen.handleResize()
        repaint()
        return screen.size
    }
}
