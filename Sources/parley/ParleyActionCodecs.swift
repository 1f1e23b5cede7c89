import Flux
import CommentsKit
import TerminalUI

/// Every action type parley dispatches, for session recordings (``SessionRecorder``) and
/// replays (``RecordedSession``). A type missing here is recorded as "unrecordable" and
/// a replay refuses the file, saying so: add new action types here.
enum ParleyActionCodecs {
    static let all: ActionCodecs = {
        var codecs = ActionCodecs()
        codecs.register(CommentsAction.self)
        codecs.register(CommentsImported.self)
        codecs.register(FilterAction.self)
        codecs.register(UIAction.self)
        return codecs
    }()
}
