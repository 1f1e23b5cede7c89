import Flux

/// What `w`, `y` and Ctrl-Z do: each is an effect the UI store's runner carries out through
/// ``TerminalServices``, so a replay does none of them.
///
/// - `w` opens the cursor's link in the browser, `y` copies it (OSC 52) or shows it; both
///   answer with ``UIAction/linkNotice(_:)``, what they did in words (``LinkActions``), in
///   the key's own frame: the work is main-actor work done at once (``Effect/immediate(_:)``).
/// - Ctrl-Z stops the job until `fg` and answers with the terminal's size then
///   (``UIAction/resize(width:height:)``), as a resize would; the state is otherwise
///   untouched, so replies and requests survive it.
@MainActor
struct TerminalReducer {
    /// What the effects act on.
    let services: TerminalServices

    /// `w`: opens `link` (the cursor's comment's, as the site gave it).
    func openLink(_ link: String?) -> Effect<UIAction> {
        guard services.links != nil else { return .none }
        let services = self.services
        return .immediate { send in
            guard let links = services.links else { return }
            send(.linkNotice(links.open(link)))
        }
    }

    /// `y`: copies `link` through the terminal when the configuration allows it, else shows it.
    func copyLink(_ link: String?) -> Effect<UIAction> {
        guard services.links != nil else { return .none }
        let services = self.services
        return .immediate { send in
            guard let links = services.links else { return }
            send(.linkNotice(links.copy(link)))
        }
    }

    /// Ctrl-Z: job control, like the terminal's own Ctrl-Z in cooked mode (raw mode sends it
    /// as a key). Done at once, on the main thread that owns the terminal: nothing runs
    /// until `fg`, and the keys read after it are handled after it, as they were typed.
    func suspend() -> Effect<UIAction> {
        guard services.control != nil else { return .none }
        let services = self.services
        return .immediate { send in
            guard let size = services.control?.suspendJob() else { return }
            send(.resize(width: size.width, height: size.height))
        }
    }
}
