import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// Notices name what can be done next; the status bar words it with the key map's keys.
@Suite struct NoticeTextTests {
    private func notice(_ message: String, _ step: Notice.NextStep?, detail: String? = nil) -> Notice {
        Notice(sequence: 1, kind: .error, message: message, site: "s", nextStep: step, detail: detail)
    }

    /// The standard key map with the keys of `list` rebound: `old` now answers to `new`.
    private func rebinding(_ changes: [Character: Character]) -> KeyMap {
        var map = KeyMap.standard
        map.bindings[.list] = map.bindings[.list]?.map { binding in
            KeyBinding(binding.keys.map { key in
                if case .character(let c) = key, let new = changes[c] { return .character(new) }
                return key
            }, binding.action, binding.help)
        }
        return map
    }

    @Test func theStandardKeysSayWhatTheyAlwaysSaid() {
        let map = KeyMap.standard
        #expect(NoticeText.words(notice("Comment moved to the trash", .undo), keyMap: map)
                == "Comment moved to the trash — z to undo.")
        #expect(NoticeText.words(notice("Reply failed, your text is kept", .retryOrDiscardReply, detail: "HTTP 500"), keyMap: map)
                == "Reply failed, your text is kept (r on it retries, d discards): HTTP 500")
        #expect(NoticeText.words(notice("Edit failed, your text is kept", .editAgain, detail: "HTTP 500"), keyMap: map)
                == "Edit failed, your text is kept (e tries again): HTTP 500")
        #expect(NoticeText.words(notice("Edit: lost. Your text is kept", .editAgain), keyMap: map)
                == "Edit: lost. Your text is kept (e tries again).")
        #expect(NoticeText.words(notice("Comment approved.", nil), keyMap: map) == "Comment approved.")
    }

    @Test func rebindingAKeyChangesTheHint() {
        let map = rebinding(["z": "U", "r": "y", "d": "x", "e": "w"])
        #expect(NoticeText.words(notice("Comment moved to the trash", .undo), keyMap: map)
                == "Comment moved to the trash — U to undo.")
        #expect(NoticeText.words(notice("Reply failed, your text is kept", .retryOrDiscardReply, detail: "HTTP 500"), keyMap: map)
                == "Reply failed, your text is kept (y on it retries, x discards): HTTP 500")
        #expect(NoticeText.words(notice("Edit failed, your text is kept", .editAgain, detail: "HTTP 500"), keyMap: map)
                == "Edit failed, your text is kept (w tries again): HTTP 500")
    }

    @Test func anUnboundStepIsNotPromised() {
        var map = KeyMap.standard
        map.bindings[.list] = map.bindings[.list]?.filter { binding in
            if case .undo? = binding.action as? CommentsAction { return false }
            return true
        }
        #expect(NoticeText.words(notice("Comment moved to the trash", .undo), keyMap: map) == "Comment moved to the trash.")
    }
}
