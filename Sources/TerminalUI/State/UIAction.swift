import Flux
import CommentsKit

/// What the user asks of the interface. ``KeyMap`` turns keys into these (and into
/// ``CommentsAction`` / ``FilterAction`` where a key needs no interface state).
package enum UIAction: Action, Equatable, Codable {
    /// The terminal has this size now.
    case resize(width: Int, height: Int)
    /// The app starts: its start-up actions follow as effects, in order (``StartUp``).
    case start(StartUp)
    /// Start on this site (or switch to it).
    case showSite(SiteID)
    /// Move the cursor in the focused pane.
    case move(CursorMove)
    /// `[` / `]`: the previous or next site.
    case switchSite(offset: Int)
    /// Space: fold or unfold the replies under the cursor.
    case toggleCollapse
    /// h: fold the replies under the cursor (or go to its parent).
    case collapse
    /// l: unfold the replies under the cursor.
    case expand
    /// Tab: next pane.
    case switchPane
    /// Enter: open the detail of the comment under the cursor.
    case open
    /// Esc outside an editor: close what is open (detail, panel, help, hint).
    case close
    /// r: reply to the comment under the cursor (or retry a failed reply).
    case reply
    /// e: edit the comment under the cursor: one's own, or anyone's (with the author's fields) for a moderator.
    case edit
    /// d: trash the comment under the cursor (or discard a failed reply).
    case trash
    /// D: ask, then delete the comment under the cursor for good.
    case deletePermanently
    /// a, u, s: moderate the comment under the cursor.
    case moderate(Moderation)
    /// R: reload the current site.
    case refresh
    /// f: open or close the filter panel.
    case toggleFilterPanel
    /// Space in the filter panel: toggle the highlighted filter.
    case toggleHighlightedFilter
    /// Enter in the filter panel: expand the highlighted group.
    case expandHighlightedGroup
    /// /: open the search prompt.
    case startSearch
    /// n / N: the next or previous comment matching the search.
    case findMatch(forward: Bool)
    /// A key typed into the search prompt or the reply editor (text, arrows: a key no
    /// command is bound to).
    case editorKey(Key)
    /// A bound key in the search prompt or the reply editor: send, a word left…
    case editorCommand(EditorCommand)
    /// E in the reply editor: continue in `$VISUAL`/`$EDITOR`.
    case openExternalEditor
    /// The external editor closed with this text (nil: it failed or was aborted).
    case externalEditorFinished(String?)
    /// y / n in a confirmation.
    case answer(yes: Bool)
    /// Ctrl-X in the discard question: throw the text away (a reply's stays the last draft).
    case confirmDiscard
    /// Any other key in the discard question: keep the text.
    case keepText
    /// A paste where no text field has focus: nothing happens but a hint.
    case pasteIgnored
    /// ?: show or hide the key help.
    case toggleHelp
    /// The spinner's clock ticked (``SpinnerReducer``'s effect, while the comments store is busy).
    case tick
    /// The cursor came to rest: the detail pane shows the cursor's comment. The settle
    /// effect (`DetailSettleReducer`) sends it once the cursor has rested for the settle delay;
    /// every move re-arms it (see ``UIState/detailID``).
    case settleDetail
    /// q / Ctrl-C: leave (a reply being written is kept as a draft).
    case quit
    /// Ctrl-Z: stop parley as a shell job (`fg` brings it back). An effect does it
    /// (``TerminalReducer``) and answers with the terminal's size; nothing else in the state
    /// changes, so replies and requests survive it.
    case suspend
    /// A draft's write to disk ended: the answer of the effect the UI store starts for each
    /// draft kept or forgotten (`DraftReducer`). `revision` numbers the write, so the answer
    /// to a write that a newer one replaced is known as stale.
    case draftWritten(site: SiteID, key: DraftKey, revision: Int, succeeded: Bool)
    /// x: tag or untag the comment under the cursor (and move down).
    case toggleTag
    /// X: tag every comment shown (untag them when all are tagged).
    case tagAllShown
    /// T: tag every loaded comment by the cursor's author.
    case tagAuthor
    /// Empty Spam / Empty Trash: count on the site, ask, then delete them all for good.
    case empty(CommentStatus)

    // MARK: Live updates (issue 12)

    /// +: the cursor to the newest comment that arrived by polling and was not seen yet.
    case jumpToNew

    // The help overlay (issue 16): it scrolls and searches (``HelpReducer``).
    /// Scroll the help overlay.
    case scrollHelp(CursorMove)
    /// `/` in the help: open its search prompt.
    case startHelpSearch
    /// A key typed into the help's search prompt.
    case helpSearchKey(Key)
    /// A bound key in the help's search prompt: find (accept) or cancel.
    case helpSearchCommand(EditorCommand)
    /// `n` / `N` in the help: the next / previous line that matches.
    case findHelpMatch(forward: Bool)

    // MARK: Mouse and links (issue 16)

    /// A mouse report: ``MouseReducer`` acts on what is under the pointer (the same
    /// ``Layout`` the views draw with).
    case mouse(MouseEvent)
    /// w: open the comment's link in `$BROWSER` or `xdg-open`. An effect does it
    /// (``TerminalReducer``, ``LinkActions``); the state changes only by the
    /// ``linkNotice(_:)`` it answers with.
    case openLink
    /// y: copy the comment's link (OSC 52, when the configuration allows it) or show it.
    case copyLink
    /// What opening or copying a link did, for the status bar.
    case linkNotice(String)

    /// @ / I: tag every loaded comment from the cursor's author's e-mail address or IP.
    case tagFrom(AddressFacet)

    // MARK: The outbox (issue 14)

    /// Q: open or close the outbox overlay (the writes queued while a site cannot be reached).
    case toggleOutbox
    /// Move the outbox overlay's highlight.
    case moveInOutbox(CursorMove)
    /// Drop the highlighted outbox entry before it is sent (its change is undone).
    case dropQueued

    // MARK: Frames (issue 12)

    /// A frame is about to be drawn: the interface catches up with the pages of a load
    /// that arrived since it last followed the list (``UIState/isBehindLoad``). The app
    /// sends it before drawing, and only then.
    case frame

    // MARK: Fresh without R (issue 27)

    /// The cursor rested on its comment (``FreshnessReducer``'s timer sends it): the
    /// comment is re-read from the site.
    case cursorRested

    // MARK: Near-duplicates (issue 30)

    /// ~: tag the cursor's comment and every comment shown whose text is close to its
    /// (``NearDuplicates``); again, those the filters hide too.
    case tagCloseText
    /// The comments of `site` whose text is close to comment `id`'s, found off the main
    /// actor for ``tagCloseText`` (`ids` holds `id`).
    case closeTextFound(site: SiteID, id: Int, ids: [Int])
}

/// Cursor movements.
package enum CursorMove: Equatable, Sendable {
    case up, down, top, bottom, pageUp, pageDown, halfPageUp, halfPageDown
}
