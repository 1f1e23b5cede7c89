/// A line of hints made of whole items ("r reply", "? help"), shown in their order; when
/// the line is too narrow, the least useful items are left out — never a word cut in half
/// ("Enter keep · Es…" told nobody anything).
struct KeyHints: Equatable {
    /// One hint and how long it stays as the width shrinks.
    struct Item: Equatable {
        /// What it says.
        var text: String
        /// 0 stays longest; higher ranks go first (items of one rank go right to left).
        var rank: Int
    }

    /// The items, in the order they are shown.
    var items: [Item]
    /// What goes between two items.
    var separator = " · "

    init(_ items: [Item], separator: String = " · ") {
        self.items = items
        self.separator = separator
    }

    /// Items given in the order they are shown, each with its rank.
    init(_ ranked: KeyValuePairs<String, Int>, separator: String = " · ") {
        self.init(ranked.map { Item(text: $0.key, rank: $0.value) }, separator: separator)
    }

    /// Every item, joined.
    var text: String { joined(items) }

    /// The line with as many items as fit in `width` columns: whole items only, the
    /// highest ranks (and, within a rank, the rightmost) left out first. Empty when not
    /// even the best item fits.
    func fitted(toWidth width: Int) -> String {
        var kept = items
        while !kept.isEmpty, DisplayWidth.of(joined(kept)) > width {
            let worstRank = kept.map(\.rank).max()
            guard let worst = kept.lastIndex(where: { $0.rank == worstRank }) else { break }
            kept.remove(at: worst)
        }
        return joined(kept)
    }

    /// A hint from "ACTIONS words": the first key the map binds in `context` to each
    /// `/`-separated action name ("approve/unapprove/spam" → "a/u/s"), then the words (a
    /// keep-only spec like "keep any other key keeps it" gives the words alone when
    /// `keep` has a key). Nil when an action has no key: a hint must not name a key that
    /// does nothing.
    static func text(_ spec: String, in context: KeyContext, keyMap: KeyMap) -> String? {
        let words = spec.split(separator: " ", maxSplits: 1).map(String.init)
        guard let actions = words.first else { return nil }
        var keys: [String] = []
        for name in actions.split(separator: "/") {
            guard let key = keyMap.keyName(in: context, named: String(name)) else { return nil }
            keys.append(key)
        }
        let rest = words.count > 1 ? words[1] : ""
        if actions == "keep" { return rest }
        return ([keys.joined(separator: "/")] + (rest.isEmpty ? [] : [rest])).joined(separator: " ")
    }

    private func joined(_ items: [Item]) -> String {
        items.map(\.text).joined(separator: separator)
    }
}
