import Testing
import Foundation
import Flux
@testable import TerminalUI

/// Every key of the standard map has a stable action name `[keys]` can bind, one per
/// context, and the man page lists them all.
@Suite struct ActionNameTests {
    @Test func everyBindingHasANameUniqueInItsContext() {
        for context in KeyContext.allCases {
            let bindings = KeyMap.standard.bindings[context] ?? []
            let names = bindings.map { ActionName.of($0.action) }
            #expect(!names.contains(nil), "an unnamed binding in \(context): name it in ActionName")
            #expect(Set(names).count == names.count, "two bindings of \(context) share a name")
        }
    }

    @Test func theManPageListsEveryActionName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let manual = try String(contentsOf: root.appendingPathComponent("Resources/parley.1"), encoding: .utf8)
        for name in ActionName.all {
            #expect(manual.contains("\\fB\(name.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "parley.1 does not list \(name)")
        }
    }

    @Test func keyNames() throws {
        #expect(try KeyName.parse("x").get() == .character("x"))
        #expect(try KeyName.parse("X").get() == .character("X"))
        #expect(try KeyName.parse("Ctrl-D").get() == .control("d"))
        #expect(try KeyName.parse("alt-a").get() == .alt(.character("a")))
        #expect(try KeyName.parse("f5").get() == .function(5))
        #expect(try KeyName.parse("PgDn").get() == .pageDown)
        #expect(try KeyName.parse("space").get() == .character(" "))
        #expect(throws: KeyNameError.self) { try KeyName.parse("ctrl-m").get() }
        #expect(throws: KeyNameError.self) { try KeyName.parse("hyper-x").get() }
    }
}
