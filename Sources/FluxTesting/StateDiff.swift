/// A readable line diff of two values, as `dump` prints them: what ``TestStore`` and
/// ``TestStores`` show when a state (or an action) is not the one expected.
///
/// Only the changed lines are shown, each with the lines that say where it is — the
/// fields and elements it is nested in, and a few lines around it — and "…" for the rest:
/// an app's state dumps to thousands of lines, of which one changed.
enum StateDiff {
    /// Unchanged lines kept before and after each change.
    static let context = 3
    /// Above this many lines by this many, the two middles are not matched line by line
    /// (the table it takes is their product): the expected lines are listed, then the
    /// actual ones.
    static let largestMatchedArea = 4_000_000

    /// The lines of both dumps, those only in `expected` marked `−`, those only in
    /// `actual` marked `+`, common ones indented (or elided to "…").
    static func lines<T>(expected: T, actual: T) -> String {
        let marked = diff(dumped(expected), dumped(actual))
        return elided(marked).joined(separator: "\n")
    }

    private static func dumped<T>(_ value: T) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// A line of the diff: in both (`nil`), only in the expected value (`−`) or only in
    /// the actual one (`+`).
    private struct Line {
        let mark: Character?
        let text: String
    }

    /// A longest-common-subsequence diff of what lies between the common head and tail.
    private static func diff(_ old: [String], _ new: [String]) -> [Line] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let a = Array(old[head..<(old.count - tail)])
        let b = Array(new[head..<(new.count - tail)])
        var result = old[..<head].map { Line(mark: nil, text: $0) }
        if a.count * b.count > largestMatchedArea {
            result += a.map { Line(mark: "−", text: $0) } + b.map { Line(mark: "+", text: $0) }
        } else {
            result += matched(a, b)
        }
        result += old[(old.count - tail)...].map { Line(mark: nil, text: $0) }
        return result
    }

    private static func matched(_ old: [String], _ new: [String]) -> [Line] {
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(Line(mark: nil, text: old[i]))
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                result.append(Line(mark: "−", text: old[i]))
                i += 1
            } else {
                result.append(Line(mark: "+", text: new[j]))
                j += 1
            }
        }
        return result
    }

    /// The changed lines, the lines they are nested in (`dump` indents a field under its
    /// value) and ``context`` lines around each; every other run of lines becomes "…".
    private static func elided(_ lines: [Line]) -> [String] {
        var keep = [Bool](repeating: false, count: lines.count)
        // The unchanged lines open above the current one: (indentation, index).
        var open: [(indent: Int, index: Int)] = []
        for (index, line) in lines.enumerated() {
            let indent = line.text.prefix { $0 == " " }.count
            while let last = open.last, last.indent >= indent { open.removeLast() }
            guard line.mark != nil else {
                open.append((indent, index))
                continue
            }
            for enclosing in open { keep[enclosing.index] = true }
            for near in max(0, index - context)...min(lines.count - 1, index + context) { keep[near] = true }
        }
        // A gap of one line is shown: "…" would take its place and say less.
        for index in keep.indices.dropFirst().dropLast() where !keep[index] && keep[index - 1] && keep[index + 1] {
            keep[index] = true
        }
        var result: [String] = []
        var skipped = 0
        for (index, line) in lines.enumerated() {
            guard keep[index] else {
                skipped += 1
                continue
            }
            if skipped > 0 { result.append("  … (\(skipped) unchanged)") }
            skipped = 0
            result.append("\(line.mark.map(String.init) ?? " ") \(line.text)")
        }
        if skipped > 0 { result.append("  … (\(skipped) unchanged)") }
        return result
    }
}
