import Testing
import Foundation
import CommentsKit
@testable import TerminalUI

/// Interface actions survive JSON (what a session recording holds), keys included.
@Suite struct UIActionCodableTests {
    @Test func everyInterfaceActionReadsBackAsWritten() throws {
        let keys: [Key] = [
            .character("j"), .character("é"), .character("👍🏽"), .control("u"), .up, .pageDown, .enter, .escape, .backspace,
            .delete, .tab, .backTab, .insert, .function(1), .resize, .paste("two\nlines"), .alt(.character("b")), .alt(.backspace),
        ]
        var actions: [UIAction] = [
            .resize(width: 120, height: 30), .showSite("site-1"), .switchSite(offset: -1), .toggleCollapse, .collapse, .expand,
            .switchPane, .open, .close, .reply, .edit, .trash, .deletePermanently, .moderate(.spam), .refresh, .toggleFilterPanel,
            .toggleHighlightedFilter, .expandHighlightedGroup, .startSearch, .findMatch(forward: false), .openExternalEditor,
            .externalEditorFinished("text"), .externalEditorFinished(nil), .answer(yes: true), .confirmDiscard, .keepText,
            .pasteIgnored, .toggleHelp, .tick, .settleDetail, .quit,
        ]
        actions += [CursorMove.up, .down, .top, .bottom, .pageUp, .pageDown, .halfPageUp, .halfPageDown].map(UIAction.move)
        actions += keys.map(UIAction.editorKey)
        actions += EditorCommand.allCases.flatMap { [UIAction.editorCommand($0), .helpSearchCommand($0)] }
        for action in actions {
            let data = try JSONEncoder().encode(action)
            #expect(try JSONDecoder().decode(UIAction.self, from: data) == action)
        }
    }

    @Test func keysReadAsTheirNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func json(_ key: Key) throws -> String { String(decoding: try encoder.encode(key), as: UTF8.self) }
        #expect(try json(.pageDown) == #""pageDown""#)
        #expect(try json(.control("s")) == #"{"control":"s"}"#)
        #expect(try json(.alt(.character("b"))) == #"{"alt":{"character":"b"}}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Key.self, from: Data(#"{"character":"ab"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Key.self, from: Data(#""hyper""#.utf8)) }
    }
}
