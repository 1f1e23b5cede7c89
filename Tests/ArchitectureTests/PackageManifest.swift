/// The targets and library products of `Package.swift`, read from its text.
///
/// Read, not evaluated: `swift package dump-package` from inside `swift test` would wait for
/// the build directory's lock that the test run holds. The manifest keeps to the plain forms
/// read here — `.target(name:dependencies:path:)` and its kin, dependencies as target names
/// or `.product(name:package:)` — and ``init(text:)`` refuses what it cannot read rather
/// than guess.
struct PackageManifest {
    /// What kind of target a declaration makes.
    enum Kind: String, CaseIterable {
        case library = "target"
        case executable = "executableTarget"
        case test = "testTarget"
        case systemLibrary = "systemLibrary"
    }

    /// One target of the package.
    struct Target {
        /// The target's (and its module's) name.
        let name: String
        /// How it is declared.
        let kind: Kind
        /// Its directory relative to the package root: `path:` when given, else SwiftPM's
        /// default (`Sources/<name>`, or `Tests/<name>` for a test target).
        let path: String
        /// The modules it may use by declaration: the targets it names and the products of
        /// other packages (a product's module has the product's name in every package used).
        let dependencies: Set<String>
    }

    /// A manifest the reader does not understand.
    struct Unreadable: Error, CustomStringConvertible {
        /// What was not understood, in words.
        let description: String
    }

    /// The targets, by name.
    let targets: [String: Target]
    /// The targets behind the package's library products: the API the package promises.
    let productTargets: Set<String>

    /// Reads the manifest `text`.
    init(text: String) throws(Unreadable) {
        let code = Self.withoutComments(text)
        var targets: [String: Target] = [:]
        var productTargets: Set<String> = []
        for call in code.matches(of: #/\.(?<function>target|executableTarget|testTarget|systemLibrary|library)\(/#) {
            let arguments = try Self.balanced(in: code, from: call.range.upperBound)
            guard let declared = arguments.firstMatch(of: #/^\s*name:\s*"(?<name>[^"]+)"/#)?.output.name else {
                throw Unreadable(description: "a .\(call.output.function)( without a leading name: \"…\"")
            }
            if call.output.function == "library" {
                guard let list = arguments.firstMatch(of: #/targets:\s*\[(?<list>[^\]]*)\]/#)?.output.list else {
                    throw Unreadable(description: "the library product \(declared) without targets: […]")
                }
                productTargets.formUnion(list.matches(of: #/"(?<target>[^"]+)"/#).map { String($0.output.target) })
                continue
            }
            guard let kind = Kind(rawValue: String(call.output.function)) else { continue }
            let path = arguments.firstMatch(of: #/\bpath:\s*"(?<path>[^"]+)"/#).map { String($0.output.path) }
            var dependencies: Set<String> = []
            if let start = arguments.firstMatch(of: #/\bdependencies:\s*\[/#) {
                var list = try Self.balanced(in: arguments, from: start.range.upperBound)
                for product in list.matches(of: #/\.product\(\s*name:\s*"(?<name>[^"]+)"\s*,\s*package:\s*"[^"]+"\s*\)/#) {
                    dependencies.insert(String(product.output.name))
                }
                list.replace(#/\.product\([^)]*\)/#, with: "")
                if list.contains(#/\.\w+\(/#) {
                    throw Unreadable(description: "\(declared)'s dependencies use a form other than names and .product(name:package:)")
                }
                dependencies.formUnion(list.matches(of: #/"(?<name>[^"]+)"/#).map { String($0.output.name) })
            }
            let name = String(declared)
            targets[name] = Target(
                name: name, kind: kind, path: path ?? (kind == .test ? "Tests/\(name)" : "Sources/\(name)"),
                dependencies: dependencies
            )
        }
        self.targets = targets
        self.productTargets = productTargets
    }

    /// `text` without its `//` comments (a comment's parentheses or quotes would mislead the
    /// reading); string literals, URLs included, are kept whole.
    private static func withoutComments(_ text: String) -> String {
        var result = ""
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                result.append(character)
                if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    result.append(text[index])
                } else if character == "\"" {
                    inString = false
                }
            } else if text[index...].hasPrefix("//") {
                while index < text.endIndex, text[index] != "\n" { index = text.index(after: index) }
                continue
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
            index = text.index(after: index)
        }
        return result
    }

    /// What lies between `start` (just after an opening `(` or `[`) and its closing bracket,
    /// brackets inside string literals not counted.
    private static func balanced(in text: Substring, from start: Substring.Index) throws(Unreadable) -> Substring {
        var depth = 1
        var inString = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" {
                    index = text.index(after: index)
                    guard index < text.endIndex else { break }
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
                if depth == 0 { return text[start..<index] }
            }
            index = text.index(after: index)
        }
        throw Unreadable(description: "an unclosed bracket")
    }

    private static func balanced(in text: String, from start: String.Index) throws(Unreadable) -> Substring {
        try balanced(in: text[...], from: start)
    }
}
