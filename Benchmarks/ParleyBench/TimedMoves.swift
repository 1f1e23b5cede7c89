import Foundation
import Flux
import CommentsKit
import TerminalUI

/// The cursor moved every 20 ms over the interface of `comments` while `work` runs, each move
/// timed from the byte written to its frame drawn: the samples of the
/// `keystroke.move_during_*` figures. The keys come through a pipe into the app's own
/// terminal-event reader, as a terminal's would.
@MainActor
func timedMoves(over comments: CommentsStore, showing site: SiteID, dispatcher: Dispatcher,
                while work: @MainActor () async -> Void) async -> [Double] {
    let ui = interfaceStore(over: comments, showing: site)
    let pacer = FramePacer(store: ui) { blackHole(ScreenView.render(ScreenModel(store: ui))) }
    let drawn = comments.subscribe { _, _ in pacer.request(paced: true) }
    var moves: [Double] = []
    let typist = Typist(every: .milliseconds(20))
    let events = TerminalEvents(inputDescriptor: typist.readEnd) { event in
        guard case .input = event else { return }
        let keys = typist.readKeys()
        TerminalApp.runInMainActorTask {
            for key in keys { dispatcher.dispatch(UIAction.move(key.byte == UInt8(ascii: "j") ? .down : .up)) }
            pacer.drawIfDue()
            let drawn = nowNanos()
            moves += keys.map { Double(drawn - $0.written) / 1e6 }
        }
    }
    events.start { typist.start() }
    await work()
    typist.stop()
    await events.stopAndWait()
    typist.close()
    withExtendedLifetime(drawn) {}
    return moves
}
