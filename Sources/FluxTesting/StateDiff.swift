/// A readable line diff of two values, as `dump` prints them: what ``TestStore`` shows
/// when a state is not the one expected.
enum StateDiff {
    /// The lines of both dumps, those only in `expected` marked `−`, those only in
    /// `actual` marked `+`, common ones indented.
    static func lines<T>(expected: T, actual: T) -> String {
        let old = dumped(expected)
        let new = dumped(actual)
        return diff(old, new).joined(separator: "\n")
    }

    private static func dumped<T>(_ value: T) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// A longest-common-subsequence diff; states in tests are small.
    private static func diff(_ old: [String], _ new: [String]) -> [String] {
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append("  \(old[i])")
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                result.append("− \(old[i])")
                i += 1
            } else {
                result.append("+ \(new[j])")
                j += 1
            }
        }
        return result
    }
}
