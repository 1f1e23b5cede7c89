import Foundation
// LSan false positive with Data (see lsan.supp):
//   swiftc -sanitize=address -g Tests/sanitizers/lsan-data-false-positive.swift -o /tmp/lsan && /tmp/lsan
// reports both Data values below as leaked although globals keep them reachable to the end.
// A global holding a Data built from bytes (never freed, but reachable for the whole run).
let kept = Data("{\"code\":\"rest_no_route\",\"message\":\"No route was found matching the URL.\"}".utf8)
final class Holder { var data: Data; init(_ d: Data) { data = d } }
let holder = Holder(try! JSONSerialization.data(withJSONObject: ["a": String(repeating: "x", count: 2000)]))
print(kept.count, holder.data.count)
