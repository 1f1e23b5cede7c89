/// What ncurses `get_wch` returned, before decoding.
package enum RawKey: Sendable, Hashable {
    /// `get_wch` returned `OK`: a wide character (may be a control code).
    case character(UInt32)
    /// `get_wch` returned `KEY_CODE_YES`: an ncurses key code such as `KEY_UP`.
    case keyCode(Int32)
}
