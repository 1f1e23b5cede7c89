import CNcurses

extension NcursesScreen {
    /// Hands the terminal to another program (an editor) for the duration of `body`, then
    /// takes it back and repaints everything.
    ///
    /// ncurses' own pair: `def_prog_mode` + `endwin` leave curses mode; `reset_prog_mode`
    /// + a refresh with `clearok(curscr)` restore it and redraw what the other program
    /// overwrote. Bracketed paste is off while the other program runs (it did not ask for
    /// it) and on again after. A closed screen just runs `body`.
    package func suspend<T>(_ body: () -> T) -> T {
        guard !closed else { return body() }
        def_prog_mode()
        setBracketedPaste(false)
        endwin()
        let result = body()
        reset_prog_mode()
        setBracketedPaste(true)
        clearok(parley_curscr(), true)
        wrefresh(parley_stdscr())
        return result
    }
}
