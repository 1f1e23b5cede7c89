import Foundation
import CommentsKit
import CommentsReplica

// The child of CommentsReplicaTests' crash test: writes pages of 100 comments into a
// replica, one transaction each, and prints "committed N" after page N's transaction has
// returned, until it is killed (or has written `pages` pages).
//
//   replica-crash-writer <database file> <first page> <pages>

let arguments = CommandLine.arguments
guard arguments.count == 4, let first = Int(arguments[2]), let count = Int(arguments[3]), first >= 0, count > 0 else {
    FileHandle.standardError.write(Data("usage: replica-crash-writer <database file> <first page> <pages>\n".utf8))
    exit(2)
}
let file = URL(fileURLWithPath: arguments[1])

/// Page `number`: comments `number * 100 ..< number * 100 + 100`, with text long enough
/// that a transaction spans several database pages.
func page(_ number: Int) -> [Comment] {
    (0..<100).map { offset in
        let id = number * 100 + offset
        return Comment(
            id: id, post: 1 + id % 7, authorName: "Writer \(id)", authorURL: "https://example.com/\(id)",
            date: Date(timeIntervalSince1970: 1_700_000_000 + Double(id)),
            contentHTML: "<p>Page \(number), comment \(id): " + String(repeating: "lorem ipsum dolor ", count: 40) + "</p>"
        )
    }
}

do {
    let replica = try Replica(site: "crash-test", file: file)
    for number in first..<(first + count) {
        try await replica.apply(page: page(number))
        // Unbuffered: the line leaves before the next transaction starts.
        FileHandle.standardOutput.write(Data("committed \(number)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("replica-crash-writer: \(error)\n".utf8))
    exit(1)
}
