// LSan false positive with an indirect enum (why parley's Key boxes only `.alt`; see run.sh):
//   swiftc -sanitize=address -g Tests/sanitizers/lsan-indirect-enum-false-positive.swift -o /tmp/lsan && /tmp/lsan
// parley's `Key` was an `indirect enum` (for `.alt(Key)`): each payload case's value lives in a
// heap box, and the enum keeps its case tag in the spare bits of the box pointer. LeakSanitizer's
// conservative scan does not recognise such a tagged pointer, so boxes that a global keeps
// reachable to the end (KeyMap's static tables of bindings) are reported as leaked: 88 bytes in
// 3 allocations here. Without `indirect` (alt taking a Character instead), nothing is reported.
indirect enum Key: Hashable {
    case character(Character)
    case control(Character)
    case up
    case alt(Key)
}
struct Binding { let keys: [Key]; let help: String }
// A global table, as KeyMap's static lets are: reachable for the whole run.
let table: [Binding] = [
    Binding(keys: [.character("j"), .up], help: "down"),
    Binding(keys: [.control("d")], help: "delete"),
    Binding(keys: [.alt(.character("b"))], help: "word back"),
]
print(table.count, table.flatMap(\.keys).count)
