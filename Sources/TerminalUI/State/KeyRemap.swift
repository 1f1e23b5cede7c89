/// One line of config.toml's `[keys]`: a key name bound to an action name, in `[keys]`
/// (the list, the detail pane, the filter panel and the help: wherever the action exists)
/// or in `[keys.CONTEXT]` (that context only: the only way to reach the editors and
/// questions, whose unbound keys are typed or answer).
package struct KeySetting: Sendable, Equatable {
    /// The context's table name (`"list"`, `"compose"`…), nil for `[keys]` itself.
    package var table: String?
    /// The key name as written (`"ctrl-d"`).
    package var key: String
    /// The action name as written (`"trash"`), or `"none"` to unbind the key.
    package var action: String
    /// Where it is written, for errors: `"/home/a/.config/parley/config.toml:12"`.
    package var place: String

    /// A setting read from the file.
    package init(table: String?, key: String, action: String, place: String) {
        self.table = table
        self.key = key
        self.action = action
        self.place = place
    }
}

extension KeyContext {
    /// The name of this context's `[keys.NAME]` table.
    package var tableName: String {
        switch self {
        case .confirmDiscard: "discard"
        case .helpSearch: "help-search"
        case .tooSmall: "too-small"
        default: rawValue
        }
    }

    /// The contexts plain `[keys]` applies to: the browsing ones. In the editors and the
    /// questions a letter is text or an answer, so they take only their own tables.
    package static let browsing: [KeyContext] = [.list, .detail, .filters, .help]
}

extension KeyMap {
    /// The action name that unbinds a key.
    package static let unbound = "none"

    /// This map with `settings` applied, and a sentence for each setting that could not be
    /// (an unknown key or action, a key bound twice, a letter where it would be typed):
    /// those are left out and the rest still apply. For each context, the keys the user
    /// binds to an action replace its default keys; a key bound to another action leaves
    /// the one it had. `suggest` words a near miss ("; did you mean trash?").
    package func remapped(by settings: [KeySetting], suggest: (String, [String]) -> String = { _, _ in "." }) -> (map: KeyMap, problems: [String]) {
        var problems: [(index: Int, text: String)] = []
        // Per context: the keys the user binds, in file order; a context's own table wins over [keys].
        var chosen: [KeyContext: [(key: Key, action: String)]] = [:]
        var seenInTable: [String: Set<Key>] = [:]
        let ordered = settings.enumerated().filter { $0.element.table == nil } + settings.enumerated().filter { $0.element.table != nil }
        for (index, setting) in ordered {
            let where_ = setting.table.map { "[keys.\($0)]" } ?? "[keys]"
            let key: Key
            switch KeyName.parse(setting.key) {
            case .success(let parsed): key = parsed
            case .failure(let error):
                problems.append((index, "\(setting.place): \(where_): \(error).")); continue
            }
            let contexts: [KeyContext]
            if let table = setting.table {
                guard let context = KeyContext.allCases.first(where: { $0.tableName == table }) else {
                    let names = KeyContext.allCases.map(\.tableName)
                    problems.append((index, "\(setting.place): unknown table [keys.\(table)]" + suggest(table, names))); continue
                }
                contexts = [context]
            } else {
                contexts = KeyContext.browsing
            }
            let applicable = contexts.filter { setting.action == Self.unbound || names(in: $0).contains(setting.action) }
            guard !applicable.isEmpty else {
                problems.append((index, "\(setting.place): \(where_) \"\(setting.key)\": " + unknownAction(setting.action, contexts: contexts, suggest: suggest))); continue
            }
            if setting.table != nil, let context = contexts.first, [.search, .compose, .helpSearch].contains(context), case .character = key {
                problems.append((index, "\(setting.place): \(where_) \"\(setting.key)\": a character is typed in the \(context.title.lowercased()); bind a ctrl-, alt- or function key.")); continue
            }
            guard seenInTable[where_, default: []].insert(key).inserted else {
                problems.append((index, "\(setting.place): \(where_) binds \(key.name) twice (\"\(setting.key)\").")); continue
            }
            for context in applicable {
                // [keys.CONTEXT] comes after [keys] and overrides what it said for the same key.
                chosen[context]?.removeAll { $0.key == key }
                chosen[context, default: []].append((key, setting.action))
            }
        }
        var map = self
        for (context, choices) in chosen {
            map.apply(choices, in: context)
        }
        return (map, problems.sorted { $0.index < $1.index }.map(\.text))
    }

    /// The action names bound in `context`.
    package func names(in context: KeyContext) -> Set<String> {
        Set((bindings[context] ?? []).compactMap { ActionName.of($0.action) })
    }

    private func unknownAction(_ name: String, contexts: [KeyContext], suggest: (String, [String]) -> String) -> String {
        let everywhere = Set(KeyContext.allCases.flatMap { names(in: $0) })
        if everywhere.contains(name) {
            let homes = KeyContext.allCases.filter { names(in: $0).contains(name) }.map { "[keys.\($0.tableName)]" }
            return "\(name) is not an action of \(contexts.map { $0.title.lowercased() }.joined(separator: ", ")); it goes under \(homes.joined(separator: " or "))."
        }
        return "unknown action \"\(name)\"" + suggest(name, everywhere.sorted() + [Self.unbound])
    }

    private mutating func apply(_ choices: [(key: Key, action: String)], in context: KeyContext) {
        guard var list = bindings[context] else { return }
        let before = Set(list.flatMap(\.keys))
        let taken = Set(choices.map(\.key))
        let remapped = Set(choices.map(\.action))
        for index in list.indices {
            guard let name = ActionName.of(list[index].action) else {
                list[index].keys.removeAll { taken.contains($0) }
                continue
            }
            list[index].keys = remapped.contains(name)
                ? choices.filter { $0.action == name }.map(\.key)
                : list[index].keys.filter { !taken.contains($0) }
        }
        bindings[context] = list
        // A default key now bound to nothing must not fall through to the editor, which
        // would still act on it: the user moved that action elsewhere.
        let after = Set(list.flatMap(\.keys))
        released[context, default: []].formUnion(before.subtracting(after))
    }
}
