import Flux

/// What the interface's effects act on besides the stores: the browser and the clipboard
/// (`w`, `y`: ``LinkActions``), the job (Ctrl-Z: ``TerminalControlling``) and the clock the
/// header's spinner turns on. Each is missing until given: the effect that needs it is then
/// no effect at all, as in a store no terminal shows (the tests' harness).
///
/// ``UIStore`` is given them when it is made, or the ``TerminalApp`` that runs it on a
/// screen attaches its own (it is made after the store, and owns the screen they write
/// to). The reducer only returns effects that reach them; the effect runner carries those
/// out, so a replay (``EffectPolicy/suppress``) opens, copies, stops and ticks nothing.
@MainActor
package final class TerminalServices {
    /// `w` and `y`: opens the browser, writes the clipboard, and words what it did.
    package var links: LinkActions?
    /// Ctrl-Z: stops the job until `fg`.
    package var control: (any TerminalControlling)?
    /// The spinner's clock: it ticks on it while the comments store is busy.
    package var spinnerClock: (any Clock<Duration>)?

    /// The services given; each left out is missing.
    package init(links: LinkActions? = nil, control: (any TerminalControlling)? = nil, spinnerClock: (any Clock<Duration>)? = nil) {
        self.links = links
        self.control = control
        self.spinnerClock = spinnerClock
    }
}
