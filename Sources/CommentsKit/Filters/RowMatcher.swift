import Foundation

/// ``CommentMatcher`` compiled against one site's ``RowFacts``: the same rules, tested on
/// flat arrays by row position. The visible list and the facet counts run it over every
/// loaded comment on each filter change, so it must cost nanoseconds per row; the
/// entry-based ``CommentMatcher`` stays the reference definition. The text search comes
/// in as a per-row mask from ``SearchMemo``.
struct RowMatcher {
    /// Group bits of ``failingMask(_:)``, in `FilterGroupID.allCases` order (the search's
    /// bit came before the Type group's).
    static let statusBit: UInt8 = 1, threadBit: UInt8 = 2, authorBit: UInt8 = 4, postBit: UInt8 = 8, dateBit: UInt8 = 16
    static let typeBit: UInt8 = 64, scoreBit: UInt8 = 128
    /// In ``masks()`` only: the row fails the search.
    static let searchBit: UInt8 = 32

    /// Everything a matcher's answers depend on, to tell when ``masks()`` can be reused.
    struct Key: Equatable {
        var revision: Int
        var enabled: Set<FilterCriterion>
        var listedAuthors: Set<String>
        var searchText: String
        /// The date bounds, rounded up to the second: with whole-second dates, `date >= bound`
        /// is `date >= ceil(bound)`, so equal keys give equal answers.
        var startOfToday: Int, sevenDaysAgo: Int
        /// How far the background search had come (its mask grows batch by batch).
        var backgroundSearch: BackgroundSearch.Progress?
        /// The scoring of the spam bands the Score group tests (0: the group does not constrain).
        var scoring = 0
    }

    /// What this matcher's answers depend on.
    let key: Key

    private let facts: RowFacts
    /// Per row: passes the search (nil: no search).
    private let searchMask: [Bool]?

    /// Per status index: passes the status group.
    private let statusPasses: [Bool]
    private let threadConstrained: Bool
    private let wantsTopLevel: Bool, wantsReplies: Bool, wantsNeedsReply: Bool
    /// Per interned author: passes the author group (nil: the group does not constrain).
    private let authorPasses: [Bool]?
    /// Per interned author: listed in the author group (for "Others").
    let authorListed: [Bool]
    /// Per interned post: passes the post group (nil: the group does not constrain).
    private let postPasses: [Bool]?
    private let dateConstrained: Bool
    private let wantsToday: Bool, wantsLastSevenDays: Bool, wantsOlder: Bool
    private let typeConstrained: Bool
    private let wantsComments: Bool, wantsPings: Bool
    /// Per row: its spam band's code (``SpamBandColumn``); nil when the Score group does not constrain.
    private let bands: [UInt8]?
    /// Per band code: passes the Score group.
    private let bandPasses: [Bool]
    /// `timeIntervalSinceReferenceDate` of the start of today and of seven days ago.
    let startOfToday: Double, sevenDaysAgo: Double

    /// `bands`: the site's spam bands, for the Score group (nil: the site is not scored).
    init(state: FilterState, facts: RowFacts, revision: Int, searchMask: [Bool]?, now: Date, calendar: Calendar,
         bands: SpamBandColumn? = nil) {
        self.facts = facts
        self.searchMask = searchMask
        startOfToday = calendar.startOfDay(for: now).timeIntervalSinceReferenceDate
        sevenDaysAgo = now.addingTimeInterval(-7 * 86_400).timeIntervalSinceReferenceDate

        func enabled(_ group: FilterGroupID) -> [FilterCriterion] {
            state.group(group)?.filters.filter(\.isEnabled).map(\.id) ?? []
        }
        let statuses = enabled(.status).compactMap { criterion -> CommentStatus? in
            if case .status(let status) = criterion { return status } else { return nil }
        }
        let allowed = statuses.isEmpty ? CommentMatcher.defaultStatuses : Set(statuses)
        statusPasses = CommentStatus.allCases.map { allowed.contains($0) }

        let thread = enabled(.thread)
        threadConstrained = !thread.isEmpty
        wantsTopLevel = thread.contains(.topLevel)
        wantsReplies = thread.contains(.replies)
        wantsNeedsReply = thread.contains(.needsReply)

        var listed = Set<String>()
        for filter in state.group(.author)?.filters ?? [] {
            if case .author(let name) = filter.id { listed.insert(name) }
        }
        authorListed = facts.authors.map { listed.contains($0) }
        let authors = enabled(.author)
        if authors.isEmpty {
            authorPasses = nil
        } else {
            var names = Set<String>()
            var others = false
            for criterion in authors {
                switch criterion {
                case .author(let name): names.insert(name)
                case .otherAuthors: others = true
                default: break
                }
            }
            authorPasses = facts.authors.map { names.contains($0) || (others && !listed.contains($0)) }
        }

        let posts = Set(enabled(.post).compactMap { criterion -> Int? in
            if case .post(let id) = criterion { return id } else { return nil }
        })
        postPasses = enabled(.post).isEmpty ? nil : facts.posts.map { posts.contains($0) }

        let date = enabled(.date)
        dateConstrained = !date.isEmpty
        wantsToday = date.contains(.today)
        wantsLastSevenDays = date.contains(.lastSevenDays)
        wantsOlder = date.contains(.older)

        let type = enabled(.type)
        typeConstrained = !type.isEmpty
        wantsComments = type.contains(.kind(.comments))
        wantsPings = type.contains(.kind(.pings))
        let score = Set(enabled(.score).compactMap { criterion -> UInt8? in
            if case .spamScore(let band) = criterion { return SpamBandColumn.code(band) } else { return nil }
        })
        let scoreConstrained = !score.isEmpty && bands != nil
        self.bands = scoreConstrained ? bands?.bands : nil
        bandPasses = (0..<SpamBandColumn.codeCount).map { score.contains(UInt8($0)) }
        key = Key(revision: revision, enabled: state.enabled, listedAuthors: listed, searchText: state.searchText,
                  startOfToday: Int(startOfToday.rounded(.up)), sevenDaysAgo: Int(sevenDaysAgo.rounded(.up)),
                  backgroundSearch: state.backgroundSearch?.progress, scoring: scoreConstrained ? bands?.scoring ?? 0 : 0)
    }

    /// Per row: ``failingMask(_:)``, plus ``searchBit`` when it fails the search. One pass
    /// that the facet counts and the visible list share (see ``RowMaskMemo``).
    func masks() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: facts.count) { buffer, initialized in
            for position in 0..<facts.count {
                buffer[position] = failingMask(position) | (passesSearch(position) ? 0 : Self.searchBit)
            }
            initialized = facts.count
        }
    }

    /// The groups row `position` fails, one bit each (0: it passes every group). The
    /// search is not part of it: see ``matchesSearch(_:)``.
    @inline(__always)
    func failingMask(_ position: Int) -> UInt8 {
        var mask: UInt8 = 0
        if !statusPasses[Int(facts.status[position])] { mask |= Self.statusBit }
        let flags = facts.flags[position]
        if threadConstrained {
            let topLevel = flags & RowFacts.isTopLevel != 0
            let passes = (wantsTopLevel && topLevel) || (wantsReplies && !topLevel)
                || (wantsNeedsReply && flags & RowFacts.hasReplies == 0)
            if !passes { mask |= Self.threadBit }
        }
        if let authorPasses, !authorPasses[Int(facts.author[position])] { mask |= Self.authorBit }
        if let postPasses, !postPasses[Int(facts.post[position])] { mask |= Self.postBit }
        if dateConstrained {
            let date = Double(facts.date[position])
            let passes = (wantsToday && date >= startOfToday) || (wantsLastSevenDays && date >= sevenDaysAgo)
                || (wantsOlder && date < sevenDaysAgo)
            if !passes { mask |= Self.dateBit }
        }
        if typeConstrained {
            let isPing = flags & RowFacts.isPing != 0
            if !(isPing ? wantsPings : wantsComments) { mask |= Self.typeBit }
        }
        if let bands, position < bands.count, !bandPasses[Int(bands[position])] { mask |= Self.scoreBit }
        return mask
    }

    /// Whether the row at `position` passes the search (always, with no search).
    func passesSearch(_ position: Int) -> Bool {
        guard let searchMask else { return true }
        return position < searchMask.count && searchMask[position]
    }
}
