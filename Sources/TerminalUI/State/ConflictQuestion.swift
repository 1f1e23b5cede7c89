import CommentsKit

/// The question a write held because its comment changed on the site asks
/// (``HeldConflict``): what changed, in the words of ``WriteConflict/sentence``, then
/// whether to write anyway — "Marked as spam on the site since you loaded it (parley did
/// not do it) — approve anyway?". An edit's question shows both texts, the site's and the
/// user's, and a no keeps the user's for `e`.
enum ConflictQuestion {
    /// How many lines of each text an edit's question shows.
    static let textLines = 3

    /// Opens the question of the oldest held conflict not asked yet, when nothing else is
    /// open (an editor, a question, the help): each is asked once.
    static func ask(_ comments: CommentsState, keyMap: KeyMap, _ state: inout UIState) {
        guard case .normal = state.mode, !state.isHelpVisible,
              let held = comments.conflicts.first(where: { $0.number > state.lastConflictAsked }) else { return }
        state.lastConflictAsked = held.number
        // A write on another site than the one shown (an undo, the outbox) names its site.
        let elsewhere = held.site == state.site ? nil : comments.sites.first { $0.id == held.site }?.name ?? held.site
        state.mode = .confirm(confirmation(held, keyMap: keyMap, elsewhere: elsewhere))
    }

    /// The question for `held`; `elsewhere`: the name of its site when it is not the one
    /// shown ("Field Notes: Marked as spam on the site since …").
    static func confirmation(_ held: HeldConflict, keyMap: KeyMap, elsewhere: String? = nil) -> Confirmation {
        let yes = keyMap.say("yes", in: .confirm), no = keyMap.say("no", in: .confirm)
        let which = elsewhere.map { "\(TextSanitizer.singleLine($0)): " } ?? ""
        let question = "\(which)\(held.conflict.sentence) — \(held.attempt) anyway?"
        guard let yours = held.yourText, held.conflict.change == .text else {
            return Confirmation(question: question, choices: "\(yes)  \(held.attempt)      \(no)  leave it as the site has it",
                                purpose: .overrideConflict(number: held.number))
        }
        let site = held.conflict.found.map { $0.contentRaw ?? HTMLText.plainText(fromHTML: $0.contentHTML) } ?? ""
        return Confirmation(
            question: question,
            choices: "\(yes)  save yours      \(no)  keep the site's (yours stays: \(keyMap.say("edit")) edits it again)",
            purpose: .overrideConflict(number: held.number),
            details: [""] + excerpt("On the site now:", site) + [""] + excerpt("Yours:", yours))
    }

    /// `title`, then the first lines of `text`, each made safe for one terminal line.
    private static func excerpt(_ title: String, _ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { "  " + TextSanitizer.singleLine(String($0)) }
        let shown = Array(lines.prefix(textLines))
        return [title] + shown + (lines.count > textLines ? ["  …"] : [])
    }
}
