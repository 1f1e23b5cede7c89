import Testing
import Foundation
@testable import TerminalUI

/// The actions of issue 16 survive JSON, as a session recording holds them.
@Suite struct MouseActionCodableTests {
    @Test func mouseAndLinkActionsReadBackAsWritten() throws {
        let actions: [UIAction] = [
            .mouse(MouseEvent(button: .wheelDown, kind: .press, x: 300, y: 2, shift: true, clickCount: 1)),
            .mouse(MouseEvent(button: .left, kind: .press, x: 3, y: 4, clickCount: 2)),
            .openLink, .copyLink, .linkNotice("Opened in firefox: https://example.com/"),
            .editorKey(.controlLeft), .editorKey(.controlRight),
        ]
        for action in actions {
            let data = try JSONEncoder().encode(action)
            #expect(try JSONDecoder().decode(UIAction.self, from: data) == action)
        }
    }
}
