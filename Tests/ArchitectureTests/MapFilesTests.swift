import Testing

/// ARCHITECTURE.md's traces stay short and true: every file the page names exists, and each
/// step of a trace is one file.
@Suite struct MapFilesTests {
    let map: ArchitectureMap

    init() throws {
        map = try ArchitectureMap(markdown: Repository.text("ARCHITECTURE.md"))
    }

    @Test func everyFileTheMapNamesExists() {
        let everyFile = ["Sources", "Tests", "Fuzz", "Benchmarks", "Resources"].flatMap { Repository.files(under: $0, endingWith: "") }
        let names = Set(everyFile.flatMap { $0.split(separator: "/").map(String.init) })
        for file in map.namedFiles.sorted() {
            let exists = Repository.exists(file) || (!file.contains("/") && names.contains(file))
            #expect(exists, "ARCHITECTURE.md names \(file), which is not in the repository")
        }
    }

    @Test func theTrashGoesThroughAtMostEightFilesOneAStep() {
        let steps = map.steps(under: "Where a trash goes")
        expectOneFileAStep(steps, trace: "trash")
        let files = Set(steps.flatMap(Self.swiftFiles))
        #expect(!files.isEmpty && files.count <= 8, "the trash's trace names \(files.count) files")
    }

    @Test func aPageOfCommentsGoesThroughOneFileAStep() {
        let steps = map.steps(under: "Where a page of comments goes")
        expectOneFileAStep(steps, trace: "page")
        #expect(steps.count >= 3)
    }

    private func expectOneFileAStep(_ steps: [String], trace: String) {
        for (number, step) in steps.enumerated() {
            let files = Set(Self.swiftFiles(in: step))
            #expect(files.count == 1, "step \(number + 1) of the \(trace)'s trace names \(files.count) files: \(files.sorted())")
        }
    }

    /// The Swift files a step names.
    private static func swiftFiles(in step: String) -> [String] {
        ArchitectureMap.codeSpans(step).filter { $0.hasSuffix(".swift") }
    }
}
