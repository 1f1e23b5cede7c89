import CNcurses

/// xterm's bracketed paste: once an application asks (`ESC [?2004h`), the terminal wraps
/// pasted text in `ESC [200~` … `ESC [201~`, so the application can tell a paste from
/// typing and never run pasted letters as commands.
///
/// ncurses knows neither marker; ``NcursesScreen`` teaches it both (`define_key`) with
/// the private key codes below, and ``KeyStreamDecoder`` gathers what lies between them
/// into one ``Key/paste(_:)``.
package enum BracketedPaste {
    /// Asks the terminal to bracket pastes (sent when the screen opens or comes back).
    package static let enable = "\u{1B}[?2004h"
    /// Turns bracketing off again (sent whenever parley hands the terminal back).
    package static let disable = "\u{1B}[?2004l"
    /// What the terminal sends before pasted text.
    package static let startSequence = "\u{1B}[200~"
    /// What the terminal sends after pasted text.
    package static let endSequence = "\u{1B}[201~"
    /// The key code ncurses returns for ``startSequence``. Private: far above `KEY_MAX`
    /// and above the codes ncurses hands out to terminfo's extended keys (which start
    /// just after `KEY_MAX`), below the 16-bit limit of its key tables.
    package static let startCode: Int32 = 0x6E00
    /// The key code ncurses returns for ``endSequence``.
    package static let endCode: Int32 = 0x6E01
    /// The most Unicode scalars one paste keeps (about 1 MB of text); the rest is dropped
    /// so a runaway paste cannot exhaust memory. An editor holding this much is already
    /// far beyond any comment a site accepts.
    package static let maximumLength = 1_000_000
}
