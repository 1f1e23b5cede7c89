import Foundation
import Flux

/// How ``AnnotationFilterStore``'s state answers each action: one handler per action, and
/// one shared `apply` step that recomputes `isFiltering` and every facet count. A
/// value holding the store's dependencies: a view of the comments store's state it counts
/// over, where filters are saved, the clock and calendar of the Date group, and the memos
/// it shares with the visible list.
///
/// It handles every action after ``CommentsStore`` (its view's `settledState` waits for
/// that store's turn) and reads that state once per action it counts, so when comments arrive,
/// change status or go, the counts follow in the same dispatch — except a page of a load
/// still under way, which is counted with the next other action (the interface's next
/// frame, or a key that is not a move within the list as shown:
/// ``CommentsAction/isPageOfOngoingLoad(in:)``, ``MayLagBehindLoad``), so a
/// 100,000-comment load is not recounted once per page, nor once per key.
///
/// Business rules (PlanGrid's spirit: the store, not the view, keeps the filters sane):
/// - Status with nothing on means "approved and pending", WordPress's "All": spam and
///   trash are seen by turning them on.
/// - Turning "Needs reply" on turns Spam and Trash off: nobody answers those.
///
/// Saves are effects: the reducer records the save in the state and returns the write.
/// The saved filters of every site are read once, when the store is made, into the state
/// (``FilterState/savedAtStart``): showing a site reads them from there, so its first frame
/// shows its filters and no handler touches a file.
///
/// The fold of the site's texts for the search (``SearchMemo``) is an effect too: the
/// reducer returns the fold the memo asks for as a `.run`, and the texts come back in
/// ``FilterAction/searchTextsFolded(_:)``.
@MainActor
struct FilterReducer {
    /// The comments store's state, read as that store left it after the action.
    let commentsView: StateView<CommentsState>
    let saves: FilterSaveWriter?
    let now: @Sendable () -> Date
    let calendar: Calendar
    let searchMemo: SearchMemo
    let rowMasks: RowMaskMemo
    /// Which sites are searched off the main actor, and how (``BackgroundSearch``).
    var scanner: SearchScanner = .standard

    /// Every action: filter actions change the filters; any other may have changed the
    /// comments they count.
    func reduce(_ state: inout FilterState, _ action: any Action) -> Effect<FilterAction> {
        let searching = state.backgroundSearch?.ticket
        let comments: CommentsState
        if let action = action as? FilterAction {
            comments = commentsView.settledState
            if case .searchTextsFolded(let texts) = action {
                // No change of the filters: the texts join the memo, and the action catches
                // the counts up with the comments as any other action does (the interface
                // catches up with it too).
                searchMemo.receive(texts)
            } else {
                let effect = reduce(&state, action, comments)
                return foldingInBackground(searchingInBackground(alsoSearchingTheSite(effect, state, comments), since: searching, state, comments))
            }
        } else if let page = action as? CommentsAction {
            comments = commentsView.settledState
            // A page of a load still under way is counted with the next action (the
            // interface's next frame or a key that catches up), not on its own: see
            // `isPageOfOngoingLoad`.
            if page.isPageOfOngoingLoad(in: comments) { return foldingInBackground(.none) }
        } else {
            // Nor a key that moves within the list as shown (``MayLagBehindLoad``), which
            // needs nothing of the comments store.
            if (action as? any MayLagBehindLoad)?.mayLagBehindLoad == true { return foldingInBackground(.none) }
            comments = commentsView.settledState
        }
        commentsMayHaveChanged(&state, comments)
        return foldingInBackground(searchingInBackground(.none, since: searching, state, comments))
    }

    /// One ``FilterAction``.
    private func reduce(_ state: inout FilterState, _ action: FilterAction, _ comments: CommentsState) -> Effect<FilterAction> {
        switch action {
        case .showSite(let site): showSite(site, &state, comments)
        case .toggle(let criterion): return toggle(criterion, &state, comments)
        case .selectGroup(let group):
            state.selectedGroup = group
            return save(&state)
        case .clearAll: return clearAll(&state, comments)
        case .setSearch(let text): setSearch(text, &state, comments)
        case .resetToDefaults: return resetToDefaults(&state, comments)
        case .cycleOrder:
            state.order = state.order.next(isScored: state.site.map { comments.spamScores[$0] != nil } ?? false,
                                           showsSpam: state.enabled.contains(.status(.spam)))
            return save(&state)
        case .findAuthor(let text): findAuthor(text, &state, comments)
        case .searchFound(let batch): searchFound(batch, &state, comments)
        case .searchTextsFolded: break  // not a change of the filters: see `reduce(_:_:)` above
        }
        return .none
    }

    // MARK: Handlers, one per action

    private func showSite(_ site: SiteID, _ state: inout FilterState, _ comments: CommentsState) {
        guard site != state.site || state.groups.isEmpty else { return }
        let saved = state.requestedSaves[site] ?? state.savedAtStart[site]
        let enabled = Set(saved?.enabled.compactMap(FilterCriterion.init(key:)) ?? [])
        state.site = site
        state.selectedGroup = saved?.selectedGroup
        state.order = saved?.order ?? .threaded
        state.searchText = ""
        state.authorQuery = ""
        state.groups = buildGroups(site: site, enabled: enabled, comments)
        apply(&state, comments)
    }

    private func toggle(_ criterion: FilterCriterion, _ state: inout FilterState, _ comments: CommentsState) -> Effect<FilterAction> {
        guard state.filter(criterion) != nil else { return .none }
        let turningOn = !(state.filter(criterion)?.isEnabled ?? false)
        setEnabled(criterion, turningOn, in: &state)
        if criterion == .needsReply, turningOn {
            setEnabled(.status(.spam), false, in: &state)
            setEnabled(.status(.trash), false, in: &state)
        }
        apply(&state, comments)
        return save(&state)
    }

    private func clearAll(_ state: inout FilterState, _ comments: CommentsState) -> Effect<FilterAction> {
        for criterion in state.enabled { setEnabled(criterion, false, in: &state) }
        state.searchText = ""
        apply(&state, comments)
        return save(&state)
    }

    private func setSearch(_ text: String, _ state: inout FilterState, _ comments: CommentsState) {
        guard text != state.searchText else { return }
        state.searchText = text
        apply(&state, comments)
    }

    private func resetToDefaults(_ state: inout FilterState, _ comments: CommentsState) -> Effect<FilterAction> {
        state.selectedGroup = nil
        state.searchText = ""
        state.authorQuery = ""
        state.groups = buildGroups(site: state.site, enabled: [], comments)
        apply(&state, comments)
        return save(&state)
    }

    /// Any other action may have changed the comments (they were handled first): rebuild
    /// the groups and counts when the current site's comments did change.
    private func commentsMayHaveChanged(_ state: inout FilterState, _ comments: CommentsState) {
        guard let site = state.site else { return }
        let titles = comments.postTitles[site]?.count ?? 0
        let basisChanged = CountBasis(site: site, in: comments) != state.appliedBasis
        let scoring = comments.spamScores[site]?.scoring ?? 0
        guard comments.comments(of: site).revision != state.appliedRevision || titles != state.appliedTitleCount
            || basisChanged || scoring != state.appliedScoring else { return }
        state.appliedTitleCount = titles
        state.groups = buildGroups(site: site, enabled: state.enabled, authorQuery: state.authorQuery, comments)
        apply(&state, comments)
    }

    /// Records the site's filters as the newest save asked for, and returns the effect
    /// that writes it, replacing the site's save still on its way (``FilterSaveWriter``:
    /// the newest lands last). Nothing when nothing saves, or when the filters are those
    /// of the last save asked.
    private func save(_ state: inout FilterState) -> Effect<FilterAction> {
        guard let saves, let site = state.site else { return .none }
        let saved = FilterPersistence.Saved(enabled: state.enabled.map(\.key).sorted(), selectedGroup: state.selectedGroup,
                                            order: state.order == .threaded ? nil : state.order)
        guard state.requestedSaves[site] != saved else { return .none }
        state.requestedSaves[site] = saved
        return Effect.fireAndForget { saves.write(saved, site: site) }
            .cancellable(id: FilterSaveID(site: site), cancelInFlight: true)
    }

    // MARK: The shared apply step

    /// Recomputes `isFiltering`, the facet count of every filter and the match count,
    /// in one pass over the site's comments.
    ///
    /// A filter's count is the number of comments that match it and every other group
    /// (and the search). One pass suffices: a comment that fails no group counts toward
    /// every filter it matches; one that fails exactly one group counts only toward that
    /// group's filters it matches; one that fails two or more counts nowhere.
    private func apply(_ state: inout FilterState, _ comments: CommentsState) {
        let site = state.site.map { comments.comments(of: $0) } ?? SiteComments()
        state.appliedRevision = site.revision
        let basis = CountBasis(site: state.site, in: comments)
        state.appliedBasis = basis
        state.isFiltering = !state.enabled.isEmpty || !state.searchText.trimmingCharacters(in: .whitespaces).isEmpty
        let facts = site.facts
        updateBackgroundSearch(&state, site)
        let searchMask = searchMemo.mask(for: site, filters: state)
        // The Score group (issue 30): counted when the site is scored; its counts are not
        // exact while the scores are of an older state of the comments.
        let scores = state.site.flatMap { comments.spamScores[$0] }
        state.appliedScoring = scores?.scoring ?? 0
        let bands = scores.flatMap { $0.scoring > 0 ? SpamBandColumn(site: site, scores: $0) : nil }
        let scoresBehind = scores.map { $0.revision != site.revision || $0.scoringRevision != nil } ?? false
        let matcher = RowMatcher(state: state, facts: facts, revision: site.revision, searchMask: searchMask, now: now(), calendar: calendar,
                                 bands: bands)
        let masks = rowMasks.masks(of: matcher)
        // Buckets instead of one counter per filter: each row adds to at most one bucket
        // per group, and the filters' counts are read off the buckets at the end.
        var status = [Int](repeating: 0, count: CommentStatus.allCases.count)
        // Every loaded comment of each status, whatever the filters: whether all are loaded.
        var loadedStatus = [Int](repeating: 0, count: CommentStatus.allCases.count)
        var topLevel = 0, replies = 0, needsReply = 0
        var authors = [Int](repeating: 0, count: facts.authors.count)
        var posts = [Int](repeating: 0, count: facts.posts.count)
        var today = 0, lastSevenDays = 0, older = 0
        var comments = 0, pings = 0
        var scored = [Int](repeating: 0, count: SpamBandColumn.codeCount)
        var matchCount = 0
        for position in 0..<facts.count {
            let flags = facts.flags[position]
            guard flags & RowFacts.isBeingDeleted == 0 else { continue }
            if flags & RowFacts.isLocal == 0 { loadedStatus[Int(facts.status[position])] += 1 }
            let failing = masks[position]
            guard failing & RowMatcher.searchBit == 0 else { continue }
            if failing == 0 { matchCount += 1 }
            // Counted toward a group's filters only when no other group rules it out.
            guard failing & (failing &- 1) == 0 else { continue }
            if failing == 0 || failing == RowMatcher.statusBit { status[Int(facts.status[position])] += 1 }
            if failing == 0 || failing == RowMatcher.threadBit {
                if flags & RowFacts.isTopLevel != 0 { topLevel += 1 } else { replies += 1 }
                if flags & RowFacts.hasReplies == 0 { needsReply += 1 }
            }
            if failing == 0 || failing == RowMatcher.authorBit { authors[Int(facts.author[position])] += 1 }
            if failing == 0 || failing == RowMatcher.postBit { posts[Int(facts.post[position])] += 1 }
            if failing == 0 || failing == RowMatcher.dateBit {
                let date = Double(facts.date[position])
                if date >= matcher.startOfToday { today += 1 }
                if date >= matcher.sevenDaysAgo { lastSevenDays += 1 } else { older += 1 }
            }
            if failing == 0 || failing == RowMatcher.typeBit {
                if flags & RowFacts.isPing != 0 { pings += 1 } else { comments += 1 }
            }
            if let bands, failing == 0 || failing == RowMatcher.scoreBit, position < bands.bands.count {
                scored[Int(bands.bands[position])] += 1
            }
        }
        var others = 0
        for (index, count) in authors.enumerated() where !matcher.authorListed[index] { others += count }
        func count(_ criterion: FilterCriterion) -> Int {
            switch criterion {
            case .status(let value): status[Int(RowFacts.statusIndex(value))]
            case .topLevel: topLevel
            case .replies: replies
            case .needsReply: needsReply
            case .author(let name): facts.index(ofAuthor: name).map { authors[Int($0)] } ?? 0
            case .otherAuthors: others
            case .post(let id): facts.index(ofPost: id).map { posts[Int($0)] } ?? 0
            case .today: today
            case .lastSevenDays: lastSevenDays
            case .older: older
            case .kind(.comments): comments
            case .kind(.pings): pings
            case .spamScore(let band): scored[Int(SpamBandColumn.code(band))]
            }
        }
        var loaded = StatusCounts()
        for value in CommentStatus.allCases { loaded[value] = loadedStatus[Int(RowFacts.statusIndex(value))] }
        let siteLoaded = basis.allLoaded(loaded)
        let narrowed = !state.searchText.trimmingCharacters(in: .whitespaces).isEmpty
            || state.groups.contains { $0.id != .status && $0.isActive }
        for groupIndex in state.groups.indices {
            for filterIndex in state.groups[groupIndex].filters.indices {
                let id = state.groups[groupIndex].filters[filterIndex].id
                var (shown, isLowerBound) = (count(id), !siteLoaded)
                if case .status(let value) = id {
                    (shown, isLowerBound) = basis.statusCount(value, facet: shown, loaded: loaded[value], narrowed: narrowed)
                }
                if case .spamScore = id, scoresBehind { isLowerBound = true }
                state.groups[groupIndex].filters[filterIndex].count = shown
                state.groups[groupIndex].filters[filterIndex].isLowerBound = isLowerBound
            }
        }
        Self.sortByShownCounts(&state.groups)
        state.matchCount = matchCount
    }

    /// Orders the Author and Post groups by the counts they show, most comments first,
    /// then by name, "Others" last. Which authors and posts are listed is chosen on every
    /// status's comments (``buildGroups(site:enabled:authorQuery:)``), but the counts shown
    /// follow the other groups (approved and pending only, by default), and while the site
    /// loads the two disagree: sorted on the first, the lists read out of order.
    private static func sortByShownCounts(_ groups: inout [FilterGroup]) {
        for index in groups.indices where groups[index].id == .author || groups[index].id == .post {
            groups[index].filters.sort { first, second in
                if (first.id == .otherAuthors) != (second.id == .otherAuthors) { return second.id == .otherAuthors }
                return first.count != second.count ? first.count > second.count : first.title < second.title
            }
        }
    }

    // MARK: Groups

    /// The groups for the comments of site `id`, with `enabled` filters on. Enabled
    /// author and post filters stay listed even when they fall out of the top ones.
    private func buildGroups(
        site id: SiteID?, enabled: Set<FilterCriterion>, authorQuery: String = "", _ comments: CommentsState
    ) -> [FilterGroup] {
        let site = id.map { comments.comments(of: $0) } ?? SiteComments()
        func filter(_ criterion: FilterCriterion, _ title: String) -> Filter {
            Filter(id: criterion, title: title, isEnabled: enabled.contains(criterion), count: 0)
        }
        let status = FilterGroup(id: .status, filters: [
            filter(.status(.approved), "Approved"), filter(.status(.hold), "Pending"),
            filter(.status(.spam), "Spam"), filter(.status(.trash), "Trash"),
        ])
        let thread = FilterGroup(id: .thread, filters: [
            filter(.topLevel, "Top-level"), filter(.replies, "Replies"), filter(.needsReply, "Needs reply"),
        ])
        // Counted on the interned indices, then turned into names and ids: a string hash
        // per comment cost more than the rest of the rebuild.
        let facts = site.facts
        var authorSlots = [Int](repeating: 0, count: facts.authors.count)
        var postSlots = [Int](repeating: 0, count: facts.posts.count)
        for position in 0..<facts.count where facts.flags[position] & RowFacts.isLocal == 0 {
            authorSlots[Int(facts.author[position])] += 1
            postSlots[Int(facts.post[position])] += 1
        }
        var authorCounts: [String: Int] = [:]
        for (index, count) in authorSlots.enumerated() where count > 0 { authorCounts[facts.authors[index], default: 0] += count }
        var postCounts: [Int: Int] = [:]
        for (index, count) in postSlots.enumerated() where count > 0 { postCounts[facts.posts[index], default: 0] += count }
        var authors = Self.top(Self.authors(authorCounts, matching: authorQuery), AnnotationFilterStore.listedAuthorCount)
        for case .author(let name) in enabled where !authors.contains(name) { authors.append(name) }
        let author = FilterGroup(id: .author, filters: authors.map { filter(.author($0), $0) } + [filter(.otherAuthors, "Others")])
        var posts = Self.top(postCounts, AnnotationFilterStore.listedPostCount)
        for case .post(let id) in enabled where !posts.contains(id) { posts.append(id) }
        let post = FilterGroup(id: .post, filters: posts.map { filter(.post($0), comments.postTitle(site: id ?? "", post: $0)) })
        let date = FilterGroup(id: .date, filters: [
            filter(.today, "Today"), filter(.lastSevenDays, "Last 7 days"), filter(.older, "Older"),
        ])
        let type = FilterGroup(id: .type, filters: [filter(.kind(.comments), "Comments"), filter(.kind(.pings), "Pings")])
        guard let id, comments.spamScores[id] != nil else { return [status, thread, author, post, date, type] }
        let score = FilterGroup(id: .score, filters: SpamBand.allCases.map { band in
            filter(.spamScore(band), band.words.prefix(1).uppercased() + band.words.dropFirst())
        })
        return [status, thread, author, post, date, type, score]
    }

    /// The `limit` keys with the highest counts; ties by key, so the order is stable.
    private static func top<Key: Comparable>(_ counts: [Key: Int], _ limit: Int) -> [Key] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).map(\.key)
    }

    private func setEnabled(_ criterion: FilterCriterion, _ isEnabled: Bool, in state: inout FilterState) {
        guard let g = state.groups.firstIndex(where: { $0.id == criterion.group }),
              let f = state.groups[g].filters.firstIndex(where: { $0.id == criterion }) else { return }
        state.groups[g].filters[f].isEnabled = isEnabled
    }

    // MARK: Finding an author (issue 12)

    /// Lists the authors whose name contains `text` in the Author group (the enabled ones
    /// stay listed), with their counts.
    private func findAuthor(_ text: String, _ state: inout FilterState, _ comments: CommentsState) {
        guard text != state.authorQuery, let site = state.site else { return }
        state.authorQuery = text
        state.groups = buildGroups(site: site, enabled: state.enabled, authorQuery: text, comments)
        apply(&state, comments)
    }

    /// The authors of `counts` whose name contains `query` (as the search matches: case and
    /// accents ignored); all of them for an empty query.
    private static func authors(_ counts: [String: Int], matching query: String) -> [String: Int] {
        guard let pattern = CommentSearch.Pattern(query) else { return counts }
        return counts.filter { pattern.contains($0.key) }
    }

    // MARK: Search over the whole site (issue 12, SiteSearchReducer)

    /// `effect`, and when the search text or the statuses it applies to differ from what
    /// the site is being searched for, the comments store's ``CommentsAction/searchSite(site:term:statuses:)``
    /// (it asks the site while the site loads, and stops the previous search's requests).
    private func alsoSearchingTheSite(_ effect: Effect<FilterAction>, _ state: FilterState, _ comments: CommentsState) -> Effect<FilterAction> {
        guard let site = state.site else { return effect }
        let term = state.searchText.trimmingCharacters(in: .whitespaces)
        let statuses = Set(state.enabled.compactMap { criterion -> CommentStatus? in
            if case .status(let status) = criterion { return status } else { return nil }
        })
        let wanted = statuses.isEmpty ? CommentMatcher.defaultStatuses : statuses
        let current = comments.siteSearches[site]
        // A loaded site is searched locally: nothing to ask (or to stop).
        let asking = !term.isEmpty && !SiteSearchReducer.isLoaded(site, in: comments)
        guard current.map({ $0.term != term || $0.statuses != wanted }) ?? asking else { return effect }
        let search = Effect<FilterAction>.dispatch(CommentsAction.searchSite(site: site, term: term, statuses: wanted))
        return .merge(effect, search)
    }

    // MARK: Searching in the background (issue 14, BackgroundSearch)

    /// Starts a background search when the search text or the comments changed, on a site
    /// the scanner searches in the background; ends it when there is no search (or the
    /// site is searched on the main actor). A change of the comments alone lets the scan
    /// in flight finish (its slots stay valid in the same table), then scans again, the
    /// earlier complete answer shown until the new one is complete — while a large site
    /// loads, pages arrive faster than a scan ends, and restarting at each would never
    /// finish one. Typing that extends the needle rescans only the earlier answer's slots.
    private func updateBackgroundSearch(_ state: inout FilterState, _ site: SiteComments) {
        guard let pattern = CommentSearch.Pattern(state.searchText), scanner.inBackground(site) else {
            state.backgroundSearch = nil
            return
        }
        let current = state.backgroundSearch
        let lineage = site.table.lineage
        if let current, current.text == state.searchText, current.lineage == lineage,
           current.revision == site.revision || !current.isComplete { return }
        var previous: [Int32]?
        var candidates: [Int32]?
        if let current, current.lineage == lineage {
            if current.text == state.searchText {
                previous = current.isComplete ? current.found : current.previous
            } else if current.isComplete, current.revision == site.revision,
                      let earlier = CommentSearch.Pattern(current.text), pattern.includes(earlier) {
                candidates = current.found
            }
        }
        state.searchTickets += 1
        state.backgroundSearch = BackgroundSearch(ticket: state.searchTickets, text: state.searchText, revision: site.revision,
                                                  lineage: lineage, previous: previous, candidates: candidates)
    }

    /// A batch of the running background search: its slots join the answer. A batch of a
    /// search that was replaced is dropped (its effect was cancelled, but a batch may have
    /// been on its way).
    private func searchFound(_ batch: SearchBatch, _ state: inout FilterState, _ comments: CommentsState) {
        guard var search = state.backgroundSearch, search.ticket == batch.ticket, !search.isComplete else { return }
        search.found += batch.slots
        search.isComplete = batch.isComplete
        state.backgroundSearch = search
        apply(&state, comments)
    }

    /// `effect`, and when the background search changed since `before` (the ticket it had
    /// before the action), the effect that runs the new one off the main actor, or cancels
    /// the old one: the next key cancels the scan in flight.
    private func searchingInBackground(
        _ effect: Effect<FilterAction>, since before: Int?, _ state: FilterState, _ comments: CommentsState
    ) -> Effect<FilterAction> {
        guard state.backgroundSearch?.ticket != before else { return effect }
        var search = Effect<FilterAction>.cancel(id: BackgroundSearchID())
        if let run = state.backgroundSearch, let site = state.site, let pattern = CommentSearch.Pattern(run.text) {
            var job = SearchJob(site: comments.comments(of: site), pattern: pattern, ticket: run.ticket, candidates: run.candidates)
            job.index = scanner.indexQuery(for: run.text, site: site, cache: comments.cache)
            let scanner = self.scanner
            search = Effect.run { [job] send in
                await scanner.scan(job) { batch in await send(.searchFound(batch)) }
            }.cancellable(id: BackgroundSearchID(), cancelInFlight: true)
        }
        return .merge(effect, search)
    }

    /// `effect`, and the fold of the site's texts the search memo asks for, if any
    /// (``FoldRequest/effect``). Merged only when there is one: most actions return `.none`,
    /// which costs no allocation.
    private func foldingInBackground(_ effect: Effect<FilterAction>) -> Effect<FilterAction> {
        guard let fold = searchMemo.takeFoldRequest() else { return effect }
        return .merge(effect, fold.effect)
    }
}
