import Flux
import CommentsKit

/// A ``Notice`` in words for the status bar: its message, then what can be done next
/// worded with the keys the ``KeyMap`` binds ("z to undo", "r on it retries, d
/// discards"), then the error. The stores name the next step by what it does; only here
/// does it become a key, so rebinding a key changes the hint.
enum NoticeText {
    /// The whole sentence for `notice`.
    static func words(_ notice: Notice, keyMap: KeyMap) -> String {
        guard let step = notice.nextStep else { return notice.message }
        switch step {
        case .undo:
            guard let undo = keyMap.keyName(in: .list, for: isUndo) else { return notice.message + "." }
            return "\(notice.message) — \(undo) to undo."
        case .retryOrDiscardReply:
            let retry = keyMap.keyName(in: .list, for: { $0 as? UIAction == .reply }).map { "\($0) on it retries" }
            let discard = keyMap.keyName(in: .list, for: { $0 as? UIAction == .trash }).map { "\($0) discards" }
            return sentence(notice, hint: [retry, discard].compactMap { $0 }.joined(separator: ", "))
        case .retryBulkFailures:
            let retry = keyMap.keyName(in: .list, for: { $0 as? CommentsAction == .retryBulkFailures }).map { "\($0) retries them" }
            return sentence(notice, hint: retry ?? "")
        case .editAgain:
            let edit = keyMap.keyName(in: .list, for: { $0 as? UIAction == .edit }).map { "\($0) tries again" }
            return sentence(notice, hint: edit ?? "")
        }
    }

    /// "message (hint): detail", or "message (hint)." without a detail; no parentheses
    /// when no key is bound.
    private static func sentence(_ notice: Notice, hint: String) -> String {
        let head = hint.isEmpty ? notice.message : "\(notice.message) (\(hint))"
        return head + (notice.detail.map { ": \($0)" } ?? ".")
    }

    private static func isUndo(_ action: any Action) -> Bool {
        if case .undo? = action as? CommentsAction { return true }
        return false
    }
}
