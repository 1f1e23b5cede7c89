import Flux
import CommentsKit

/// Tagging and what the moderation keys do while comments are tagged: `x` tags or untags
/// the cursor's comment, `X` tags everything shown (or untags it, when all of it is
/// tagged), `T`, `@` and `I` tag everything shown from the cursor's author, e-mail address
/// or IP, `~` everything shown whose text is close to the cursor's (``NearDuplicates``) —
/// and, pressed again, what the filters hide too (``TagWidening``) —, Esc twice
/// clears the tags. `X` while the site still loads also tags what arrives
/// later and is shown (``TagFollow``), until the load completes, another tagging key, Esc
/// Esc, or a change of the filters or the search; with tags, a moderation key asks once, stating the
/// count and the action, then starts a bulk action (``CommentsAction/bulk(site:ids:action:)``)
/// on them in the order of the list. Esc while a bulk action runs stops it.
@MainActor
struct TaggingReducer {
    let inputs: UIInputs

    /// Handles the tagging keys; other actions change nothing here. Returns what it asks
    /// of the comments store (the site's count before Empty Spam / Empty Trash).
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        // Another tagging key ends `X`'s following: the user now picks the tags by hand.
        switch action {
        case .toggleTag, .tagAuthor, .tagFrom, .tagCloseText: state.tagFollow = nil
        default: break
        }
        switch action {
        case .toggleTag, .tagAllShown: state.tagWidening = nil
        default: break
        }
        switch action {
        case .toggleTag: toggleTag(&state)
        case .tagAllShown: tagAllShown(&state)
        case .tagAuthor: tagAuthor(&state)
        case .tagFrom(let facet): tagFrom(facet, &state)
        case .tagCloseText: return tagCloseText(&state)
        case .closeTextFound(let site, let id, let ids): closeTextFound(ids, closeTo: id, site: site, &state)
        case .empty(let status): return askTheSiteToCount(status, &state)
        default: break
        }
        return .none
    }

    // MARK: Tags

    private func toggleTag(_ state: inout UIState) {
        guard let site = state.site, let entry = inputs.selectedEntry(state) else {
            state.hint = "No comment selected."
            return
        }
        guard !entry.isLocal else {
            state.hint = "That reply is not on the site yet: it cannot be tagged."
            return
        }
        state.tags.toggle(entry.id, on: site)
    }

    /// `X`: every comment the filters and search show, folded replies included. While the
    /// site is still loading, the comments still to come that the list shows are tagged as
    /// they arrive (``followArrivals(_:site:_:)``); the hint says so.
    private func tagAllShown(_ state: inout UIState) {
        state.tagFollow = nil
        guard let site = state.site else { return }
        let rows = inputs.visible.rows(site: site)
        var shown: [Int] = []
        shown.reserveCapacity(rows.count)
        for row in rows where row.id > 0 { shown.append(row.id) }
        if !shown.isEmpty, state.tags.containsAll(shown, on: site) {
            state.tags.remove(shown, on: site)
            state.hint = "Untagged the \(Self.comments(shown.count)) shown."
            return
        }
        state.tags.insert(shown, on: site)
        guard isStillLoading(site: site, state) else {
            state.hint = "Tagged the \(Self.comments(shown.count)) shown."
            return
        }
        state.tagFollow = TagFollow(site: site, filters: inputs.filters.state)
        state.hint = "Tagged the \(Self.comments(shown.count)) shown; comments still loading that match will be tagged as they come."
    }

    /// Comments `ids` of `site` arrived: with `X` following that site, those the list shows
    /// are tagged. The following ends when the site or what the list shows changed, or once
    /// everything is loaded.
    private func followArrivals(_ ids: [Int], site: SiteID, _ state: inout UIState) {
        guard let follow = state.tagFollow, follow.site == site else { return }
        guard state.site == site, follow.isStill(inputs.filters.state) else {
            state.tagFollow = nil
            return
        }
        let shown = shownAmong(ids, site: site)
        if !shown.isEmpty { state.tags.insert(shown, on: site) }
        if !isStillLoading(site: site, state) { state.tagFollow = nil }
    }

    /// Which of `ids` the visible list of `site` shows. In thread order, each is looked up by
    /// its position (a page of 100 at 100,000 rows costs no scan of the list); otherwise one
    /// pass over the rows.
    private func shownAmong(_ ids: [Int], site: SiteID) -> [Int] {
        let rows = inputs.visible.rows(site: site)
        guard inputs.filters.state.order == .threaded else {
            let arrived = Set(ids)
            return rows.lazy.map(\.id).filter(arrived.contains)
        }
        let position = inputs.comments.state.comments(of: site).position(of:)
        return ids.filter { id in
            guard id > 0, let target = position(id) else { return false }
            var low = 0, high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if position(rows[middle].id) ?? .max < target { low = middle + 1 } else { high = middle }
            }
            return low < rows.count && rows[low].id == id
        }
    }

    /// `T`: every comment shown by the cursor's author — the same user, or for a guest the
    /// same name — so "spam everything from this author" is T, s, y; again, those the
    /// filters hide too (``tagShown(_:match:described:key:site:_:)``). (By e-mail address or
    /// IP: `@` and `I`, ``tagFrom(_:_:)``.)
    private func tagAuthor(_ state: inout UIState) {
        if state.focus == .filters { return tagHighlightedAuthor(&state) }
        guard let site = state.site, let entry = inputs.selectedEntry(state), !entry.isLocal else {
            state.hint = "No comment selected."
            return
        }
        let sameAuthor: (CommentEntry) -> Bool = entry.author != 0
            ? { $0.author == entry.author }
            : { $0.author == 0 && $0.authorName == entry.authorName }
        let ids = inputs.comments.state.comments(of: site).allEntries.filter { !$0.isLocal && sameAuthor($0) }.map(\.id)
        let name = TextSanitizer.singleLine(entry.authorName.isEmpty ? "Anonymous" : entry.authorName)
        tagShown(ids, match: .author(id: entry.author, name: entry.authorName), described: "by \(name)", key: "tag-author", site: site, &state)
    }

    /// `T` on an author of the filter panel's Author group: every comment shown by that name
    /// (again: those hidden too).
    private func tagHighlightedAuthor(_ state: inout UIState) {
        guard let site = state.site, case .filter(.author(let name))? = state.filterCursorID else {
            state.hint = "T in the filter panel tags an author's comments: highlight one in the Author group."
            return
        }
        let ids = inputs.comments.state.comments(of: site).allEntries.filter { !$0.isLocal && $0.authorName == name }.map(\.id)
        let shown = TextSanitizer.singleLine(name.isEmpty ? "Anonymous" : name)
        tagShown(ids, match: .authorName(name), described: "by \(shown)", key: "tag-author", site: site, &state)
    }

    /// Tags those of `ids` (every loaded comment that `match` selects) that the list shows,
    /// and says how many others match but are hidden by the filters, and which key tags them
    /// too: the same key again, with the filters unchanged (``TagWidening``), tags all of
    /// `ids`. `described`: "by Maggie", "from 192.0.2.4"; `shownDescribed`, when some are
    /// shown and some hidden: "by Maggie shown" unless told; `key`: the action's name.
    private func tagShown(_ ids: [Int], match: TagWidening.Match, described: String, shownDescribed: String? = nil, key: String,
                          site: SiteID, _ state: inout UIState) {
        let widening = TagWidening(site: site, match: match, filters: inputs.filters.state)
        let comments = inputs.comments.state.comments(of: site)
        let loading = stillLoadingNote(site: site, state)
        if state.tagWidening == widening {
            state.tagWidening = nil
            state.tags.insert(ids, on: site)
            let total = state.tags.count(on: site, in: comments)
            state.hint = "Tagged all \(Self.comments(ids.count)) \(described), hidden by the filters or not\(loading) — \(count: total) tagged."
            return
        }
        let shownIDs = Set(inputs.visible.rows(site: site).lazy.map(\.id))
        let shown = ids.filter(shownIDs.contains)
        let hidden = ids.filter { !shownIDs.contains($0) }
        state.tags.insert(shown, on: site)
        state.tagWidening = hidden.isEmpty ? nil : widening
        let total = state.tags.count(on: site, in: comments)
        guard !hidden.isEmpty else {
            state.hint = "Tagged the \(Self.comments(shown.count)) \(described)\(loading) — \(count: total) tagged."
            return
        }
        let again = "\(inputs.keyMap.say(key, in: state.keyContext)) again tags them too"
        let place = Self.statusNames(of: hidden, in: comments)
        if shown.isEmpty {
            state.hint = "No comment \(described) is shown: \(count: hidden.count) \(place)hidden by the filters\(loading) — \(again)."
        } else {
            state.hint = "Tagged the \(Self.comments(shown.count)) \(shownDescribed ?? described + " shown"); \(count: hidden.count) more \(place)hidden by the filters\(loading) — \(again)."
        }
    }

    /// "in Spam and Trash are " — the statuses of `ids`, as the filter panel names them; or
    /// "are " when they are shown statuses hidden by something else (the search, an author).
    private static func statusNames(of ids: [Int], in comments: SiteComments) -> String {
        let statuses = Set(ids.compactMap { comments[$0]?.status })
        let names = CommentStatus.allCases.filter(statuses.contains).map { status in
            switch status {
            case .approved: "Approved"
            case .hold: "Pending"
            case .spam: "Spam"
            case .trash: "Trash"
            }
        }
        let verb = ids.count == 1 ? "is " : "are "
        guard let last = names.last else { return verb }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
        return "in \(list) " + verb
    }

    /// " (loaded comments only)" while some of the site's comments are not loaded yet: the
    /// count may grow; nothing once every comment is here and the count is the site's.
    private func stillLoadingNote(site: SiteID, _ state: UIState) -> String {
        isStillLoading(site: site, state) ? " (loaded comments only)" : ""
    }

    /// `@` / `I`: every comment shown from the cursor's author's e-mail address or IP, so
    /// "spam everything from this address" is I, s, y; again, those the filters hide too.
    /// Those facts come with the edit context (a moderator's login); without them the hint
    /// says why nothing is tagged. While the site is still loading, the hint says that more
    /// may come.
    private func tagFrom(_ facet: AddressFacet, _ state: inout UIState) {
        guard let site = state.site, let entry = inputs.selectedEntry(state), !entry.isLocal else {
            state.hint = "No comment selected."
            return
        }
        guard let facts = entry.facts else {
            state.hint = "The \(facet.name) is not known: WordPress tells it only to moderators (the edit context)."
            return
        }
        let address = facet.value(of: facts)
        guard !address.isEmpty else {
            state.hint = "This comment came with no \(facet.name)."
            return
        }
        let comments = inputs.comments.state.comments(of: site)
        let ids = comments.allEntries.filter { other in
            !other.isLocal && other.facts.map { facet.matches(facet.value(of: $0), address) } == true
        }.map(\.id)
        let shown = TextSanitizer.singleLine(address)
        tagShown(ids, match: .address(facet, address), described: "from \(shown)", key: facet == .email ? "tag-email" : "tag-ip",
                 site: site, &state)
    }

    /// `~`: the cursor's comment and every comment shown whose text is close to its
    /// (``NearDuplicates``: a flood that varies a few words, names or links), so "spam this
    /// flood" is ~, s, y; again, those the filters hide too. Every loaded text of the site
    /// is compared, off the main actor (``closeTextFound(_:closeTo:site:_:)`` tags them):
    /// at 100,000 comments that is more than a frame's time.
    private func tagCloseText(_ state: inout UIState) -> Effect<UIAction> {
        guard let site = state.site, let entry = inputs.selectedEntry(state), !entry.isLocal else {
            state.hint = "No comment selected."
            return .none
        }
        let finder = NearDuplicates(closeTo: entry.text)
        guard finder.hasWords else {
            state.hint = "This comment has no words to compare with others."
            return .none
        }
        state.hint = "Looking for comments whose text is close to this one's…"
        let comments = inputs.comments.state.comments(of: site)
        let id = entry.id
        // A press while an earlier one's scan still runs replaces it: scans do not pile up.
        return Effect.run { send in
            let ids = finder.ids(in: comments)
            await send(.closeTextFound(site: site, id: id, ids: ids))
        }.cancellable(id: CloseTextScanID(), cancelInFlight: true)
    }

    /// The comments whose text is close to comment `id`'s were found: those shown are
    /// tagged (all of them when `~` was pressed again, the filters unchanged), the hint
    /// says how many others the filters hide. Found for another site than the one shown
    /// now: nothing.
    private func closeTextFound(_ ids: [Int], closeTo id: Int, site: SiteID, _ state: inout UIState) {
        guard state.site == site else { return }
        let comments = inputs.comments.state.comments(of: site)
        // What left the site while the texts were compared is not tagged.
        let present = ids.filter(comments.contains)
        guard present.contains(where: { $0 != id }) else {
            state.tagWidening = nil
            state.tags.insert(present, on: site)
            let total = state.tags.count(on: site, in: comments)
            state.hint = "No other comment's text is close to this one's\(stillLoadingNote(site: site, state)) — \(count: total) tagged."
            return
        }
        tagShown(present, match: .closeText(id: id), described: "close to this one's text",
                 shownDescribed: "shown close to this one's text", key: "tag-close-text", site: site, &state)
    }

    /// Whether some of the site's comments are not loaded yet.
    private func isStillLoading(site: SiteID, _ state: UIState) -> Bool {
        guard let query = inputs.query(state) else { return true }
        let fetch = inputs.comments.state.fetch(query)
        return fetch.hasMore || fetch.isLoading
    }

    /// Esc in the list: stops a bulk action that runs; otherwise a first Esc asks and a
    /// second clears the tags. Returns what it asks of the comments store when it did any
    /// of that, nil when it did not (Esc then closes as usual).
    func escape(_ state: inout UIState) -> Effect<UIAction>? {
        if inputs.comments.state.bulk != nil {
            return .dispatch(CommentsAction.stopBulk)
        }
        guard state.focus == .list, !state.isHelpVisible, let site = state.site else { return nil }
        let count = state.tags.count(on: site, in: inputs.comments.state.comments(of: site))
        guard count > 0 || state.tagFollow != nil else { return nil }
        if state.isClearTagsArmed {
            state.tags.clear(on: site)
            state.tagFollow = nil
            state.tagWidening = nil
            state.isClearTagsArmed = false
            state.hint = "Tags cleared."
        } else {
            state.isClearTagsArmed = true
            state.hint = count > 0
                ? "\(inputs.keyMap.say("close")) again clears the \(count: count) tag\(count == 1 ? "" : "s")."
                : "\(inputs.keyMap.say("close")) again stops tagging the comments still loading."
        }
        return .none
    }

    // MARK: Bulk actions

    /// A moderation key with comments tagged: asks before doing `action` to all of them.
    /// Returns false when none is tagged (the key acts on the cursor's comment).
    func askBulk(_ action: BulkAction, _ state: inout UIState) -> Bool {
        guard let site = state.site else { return false }
        let comments = inputs.comments.state.comments(of: site)
        let order = comments.position(of:)
        let ids = state.tags.ids(on: site).filter(comments.contains)
            .sorted { (order($0) ?? .max, $0) < (order($1) ?? .max, $1) }
        guard !ids.isEmpty else { return false }
        let count = Self.comments(ids.count, tagged: true)
        let question: String
        if action == .deletePermanently {
            question = "Delete \(count) permanently? It cannot be undone."
        } else {
            question = "\(action.verb) \(count)? One \(inputs.keyMap.say("undo")) undoes it all."
        }
        // The ids are fixed now: what arrives while the question waits, or the run goes, is not in it.
        let caveat = isStillLoading(site: site, state) ? " The site is still loading: comments that arrive after this are not included." : ""
        state.mode = .confirm(Confirmation(
            question: question + caveat,
            choices: "\(inputs.keyMap.say("yes", in: .confirm))  \(action.verb.lowercased()) \(count: ids.count)\(action == .deletePermanently ? " for good" : "")      \(inputs.keyMap.say("no", in: .confirm))  keep them as they are",
            purpose: .bulk(site: site, ids: ids, action: action)))
        return true
    }

    /// Follows the comments store: what a bulk action changed, or found as asked already,
    /// is untagged; what failed, or was not sent, stays tagged.
    func follow(_ action: CommentsAction, _ state: inout UIState) -> Effect<UIAction> {
        if state.tagFollow != nil, let (site, ids) = Self.arrivals(action) { followArrivals(ids, site: site, &state) }
        switch action {
        case .writeFinished, .bulk, .stopBulk, .retryBulkFailures, .bulkChecked: break
        case .countedToEmpty(let site, let status, let result):
            countedToEmpty(site: site, status: status, result: result, &state)
            return .none
        default: return .none
        }
        let commentsState = inputs.comments.state
        let run: BulkRun
        if let running = commentsState.bulk {
            run = running
        } else if let last = commentsState.lastBulk, last.number > state.lastBulkRunFollowed {
            run = last
            state.lastBulkRunFollowed = last.number
        } else {
            return .none
        }
        guard !run.isUndo else { return .none }
        state.tags.remove(run.succeeded + run.skipped, on: run.site)
        return .none
    }

    /// The comments `action` brings in: a page of the site's load or of a site search.
    private static func arrivals(_ action: CommentsAction) -> (SiteID, [Int])? {
        switch action {
        case .pageLoaded(let query, _, _, .success(let page)): (query.site, page.comments.map(\.id))
        case .searchPageLoaded(let site, _, _, _, .success(let page)): (site, page.comments.map(\.id))
        default: nil
        }
    }

    // MARK: Empty Spam / Empty Trash

    /// `!` / `#`: the question states the site's count, so it is asked first.
    private func askTheSiteToCount(_ status: CommentStatus, _ state: inout UIState) -> Effect<UIAction> {
        guard let site = state.site else { return .none }
        state.pendingEmpty = status
        state.hint = "Counting the comments \(Self.folder(status)) on the site…"
        return .dispatch(CommentsAction.countToEmpty(site: site, status: status))
    }

    /// The count arrived: ask, if the user still waits for it (a failure is the store's notice).
    private func countedToEmpty(site: SiteID, status: CommentStatus, result: Result<Int, CommentsError>, _ state: inout UIState) {
        guard state.pendingEmpty == status, state.site == site else { return }
        state.pendingEmpty = nil
        if state.hint?.hasPrefix("Counting") == true { state.hint = nil }
        guard case .success(let count) = result, case .normal = state.mode else { return }
        let verb = status == .trash ? "Empty Trash" : "Empty Spam"
        guard count > 0 else {
            state.hint = "\(verb): the site has no comments \(Self.folder(status))."
            return
        }
        state.mode = .confirm(Confirmation(
            question: "\(verb): delete all \(Self.comments(count)) \(Self.folder(status)) on the site permanently, loaded or not? It cannot be undone.",
            choices: "\(inputs.keyMap.say("yes", in: .confirm))  delete \(count: count) for good      \(inputs.keyMap.say("no", in: .confirm))  keep them",
            purpose: .empty(site: site, status: status, count: count)))
    }

    /// "in the trash", "in the spam": where Empty Trash and Empty Spam delete
    /// (`displayName` of the trash is "in the trash" already).
    static func folder(_ status: CommentStatus) -> String {
        status == .trash ? status.displayName : "in the \(status.displayName)"
    }

    /// "212 comments", "1 tagged comment".
    static func comments(_ count: Int, tagged: Bool = false) -> String {
        "\(count: count) \(tagged ? "tagged " : "")comment\(count == 1 ? "" : "s")"
    }
}

/// The id `~`'s scan runs under (``TaggingReducer``): the next press cancels it.
private struct CloseTextScanID: Hashable, Sendable {}
