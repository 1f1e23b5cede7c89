import Testing

/// The module table of ARCHITECTURE.md is the rule for what each module may import; the
/// manifest and every `import` line of every target are held to it, and the manifest declares
/// every module a target imports (SwiftPM would let a module import a transitive dependency it
/// never declared).
@Suite struct ImportRulesTests {
    let map: ArchitectureMap
    let manifest: PackageManifest

    init() throws {
        map = try ArchitectureMap(markdown: Repository.text("ARCHITECTURE.md"))
        manifest = try PackageManifest(text: Repository.text("Package.swift"))
    }

    @Test func theMapHasARowForEveryTargetOfThePackageAndNoOther() {
        let targets = Set(manifest.targets.keys), rows = Set(map.modules.keys)
        for missing in targets.subtracting(rows).sorted() {
            Issue.record("Package.swift has the target \(missing), which ARCHITECTURE.md's module table has no row for")
        }
        for extra in rows.subtracting(targets).sorted() {
            Issue.record("ARCHITECTURE.md's module table has a row for \(extra), which is no target of Package.swift")
        }
        #expect(targets.count >= 12)
    }

    @Test func eachRowSaysWhatKindOfTargetItIs() {
        for target in manifest.targets.values {
            guard let row = map.modules[target.name] else { continue }
            let kind = switch target.kind {
            case .library: manifest.productTargets.contains(target.name) ? "product" : "library"
            case .executable: "executable"
            case .test: "test"
            case .systemLibrary: "system library"
            }
            #expect(row.kind == kind, "ARCHITECTURE.md calls \(target.name) a \(row.kind); Package.swift makes it a \(kind)")
        }
    }

    @Test func theMapNamesOnlyModulesThePackageKnows() {
        let products = manifest.targets.values.reduce(into: Set<String>()) { $0.formUnion($1.dependencies) }
        let known = Set(manifest.targets.keys).union(products).union(map.platform).union(map.toolchain)
        for row in map.modules.values {
            for name in row.mayImport.subtracting(known).sorted() {
                Issue.record("ARCHITECTURE.md lets \(row.name) import \(name), which is neither a target of Package.swift nor a product it uses")
            }
        }
        #expect(map.platform.contains("Foundation"))
    }

    @Test func noModuleImportsWhatTheMapDoesNotAllow() throws {
        var checked = 0
        for target in manifest.targets.values.sorted(by: { $0.name < $1.name }) {
            let allowed = (map.modules[target.name]?.mayImport ?? []).union(map.platform)
            for (file, module, line) in try imports(of: target) where !allowed.contains(module) && module != target.name {
                Issue.record("\(file):\(line): \(target.name) imports \(module), which ARCHITECTURE.md does not allow it")
            }
            checked += 1
        }
        #expect(checked == manifest.targets.count)
    }

    @Test func everyModuleATargetImportsIsDeclaredInPackageSwift() throws {
        for target in manifest.targets.values.sorted(by: { $0.name < $1.name }) {
            let needsNoDeclaration = map.platform.union(map.toolchain).union([target.name])
            for (file, module, line) in try imports(of: target)
            where !needsNoDeclaration.contains(module) && !target.dependencies.contains(module) {
                Issue.record("\(file):\(line): \(target.name) imports \(module), which Package.swift does not declare as its dependency")
            }
        }
    }

    @Test func packageSwiftDeclaresNoDependencyTheMapDoesNotAllow() {
        for target in manifest.targets.values.sorted(by: { $0.name < $1.name }) {
            let allowed = map.modules[target.name]?.mayImport ?? []
            for dependency in target.dependencies.subtracting(allowed).sorted() {
                Issue.record("Package.swift gives \(target.name) the dependency \(dependency), which ARCHITECTURE.md does not allow it")
            }
        }
    }

    @Test func everyTargetOfTheManifestIsWhereTheReaderLooksForIt() {
        for target in manifest.targets.values {
            #expect(Repository.exists(target.path), "\(target.name): no directory \(target.path)")
            if target.kind != .systemLibrary {
                #expect(!Repository.files(under: target.path, endingWith: ".swift").isEmpty, "\(target.name): no Swift file under \(target.path)")
            }
        }
    }

    /// Every import of `target`'s Swift files, with the file and line.
    private func imports(of target: PackageManifest.Target) throws -> [(file: String, module: String, line: Int)] {
        try Repository.files(under: target.path, endingWith: ".swift").flatMap { file in
            SwiftImports.modules(in: try Repository.text(file)).map { (file, $0.module, $0.line) }
        }
    }
}
