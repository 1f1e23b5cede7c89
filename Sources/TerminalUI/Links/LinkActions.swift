import Foundation

/// `w` and `y`: what opening or copying the cursor's link does, as a sentence for the
/// status bar. The work itself is injected (``LinkOpening`` starts the browser, `writeClipboard`
/// writes OSC 52 to the terminal), so tests check the decisions without a browser. The UI
/// store's effects call it (``TerminalReducer``, through ``TerminalServices``), so a replay
/// never does.
package struct LinkActions {
    /// The configuration's `clipboard`.
    let clipboard: TerminalOptions.Clipboard
    /// Starts the browser.
    let opener: any LinkOpening
    /// Writes an OSC 52 sequence to the terminal.
    let writeClipboard: (String) -> Void
    /// The key that copies, as the user's `[keys]` bind it, for the sentence that names it.
    let copyKey: String

    /// Makes the actions.
    package init(clipboard: TerminalOptions.Clipboard, opener: any LinkOpening, copyKey: String = "y",
                 writeClipboard: @escaping (String) -> Void) {
        self.clipboard = clipboard
        self.opener = opener
        self.copyKey = copyKey
        self.writeClipboard = writeClipboard
    }

    /// `w`: opens `link` (the comment's, as the site gave it); returns what to say.
    package func open(_ link: String?) -> String {
        guard let url = checked(link) else { return refusal(link) }
        switch opener.open(url) {
        case .success(let program): return "Opened in \(program): \(url)"
        case .failure(let problem): return problem.sentence
        }
    }

    /// `y`: copies `link` through the terminal when allowed, or shows it to select by hand.
    package func copy(_ link: String?) -> String {
        guard let url = checked(link) else { return refusal(link) }
        switch clipboard {
        case .osc52:
            writeClipboard(Self.osc52(url))
            return "Copied (through the terminal): \(url)"
        case .off:
            return "Link: \(url)  (clipboard = \"osc52\" in config.toml lets \(copyKey) copy it)"
        }
    }

    /// The OSC 52 sequence that puts `text` on the clipboard (`c`), base64 as the
    /// protocol wants, ended with ST.
    package static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{1B}\\"
    }

    private func checked(_ link: String?) -> String? {
        link.flatMap(CommentLink.sanitized)
    }

    private func refusal(_ link: String?) -> String {
        guard let link, !link.isEmpty else { return "This comment has no link." }
        return "The comment's link is not a plain http(s) address; parley does not open or copy it."
    }
}

/// Why a link could not be opened, in words.
package struct LinkOpeningProblem: Error, Equatable {
    /// The sentence for the status bar.
    package var sentence: String
}

/// Starts a browser on a URL.
package protocol LinkOpening {
    /// Starts it; the program's name, or why not.
    func open(_ url: String) -> Result<String, LinkOpeningProblem>
}
