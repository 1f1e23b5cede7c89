import Flux

/// A search that runs off the main actor (issue 14: "search never blocks a key"), as the
/// filter state holds it: which needle it answers, and the table slots it has found so far.
///
/// A site whose texts are too large to keep folded (``SearchScanner/inBackground(_:)``) is
/// searched by an effect, not on the main actor: a keystroke then costs the list's rebuild,
/// not a scan of a million texts. The scan sends its finds back in batches
/// (``FilterAction/searchFound(_:)``), each a longer prefix of the list in list order, so
/// the list shows the first screenful of matches at once and the rest as they come; the
/// next key cancels it. The finds are in the state, so a replay reproduces the screen.
public struct BackgroundSearch: Equatable, Sendable {
    /// Which scan this is: finds of an older one (cancelled, or replaced) are dropped.
    let ticket: Int
    /// The search text it answers (``FilterState/searchText`` when it started).
    let text: String
    /// The site's comments revision and table it scans.
    let revision: Int
    let lineage: Int
    /// The table slots found to match so far.
    public internal(set) var found: [Int32] = []
    /// Whether the scan is over: ``found`` is the whole answer.
    public internal(set) var isComplete = false
    /// While a scan started because the comments changed (not the text) runs: the earlier
    /// complete answer, shown until this one is complete, so a page merged during a load
    /// does not empty the list.
    let previous: [Int32]?
    /// When typing extended the needle of a complete answer: that answer's slots, the only
    /// ones the scan tests.
    let candidates: [Int32]?

    /// The slots the list shows as matching now.
    var shown: [Int32] { isComplete ? found : previous ?? found }

    /// What the list's answer depends on: which search, and how much of it is in.
    struct Progress: Hashable {
        var ticket: Int, shown: Int, isComplete: Bool
    }

    /// How far this search has come.
    var progress: Progress { Progress(ticket: ticket, shown: shown.count, isComplete: isComplete) }
}

/// A batch of slots a background search found (``FilterAction/searchFound(_:)``).
public struct SearchBatch: Equatable, Sendable, Codable {
    /// The ``BackgroundSearch`` it belongs to.
    public let ticket: Int
    /// Table slots of matching comments, in list order.
    public let slots: [Int32]
    /// Whether the search is over with this batch.
    public let isComplete: Bool

    /// A batch of `slots` for search `ticket`.
    public init(ticket: Int, slots: [Int32], isComplete: Bool) {
        self.ticket = ticket
        self.slots = slots
        self.isComplete = isComplete
    }
}

/// The id the background search's effect runs under: the next key cancels it.
struct BackgroundSearchID: Hashable, Sendable {}

extension FilterState {
    /// Whether a search runs in the background and its answer is not all in yet (the
    /// search line says "searching…").
    public var isSearchingInBackground: Bool {
        backgroundSearch.map { !$0.isComplete } ?? false
    }
}
