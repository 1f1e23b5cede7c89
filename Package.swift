// swift-tools-version: 6.0
import PackageDescription

/// Every target builds in the Swift 6 language mode with complete strict concurrency
/// (the default of that mode); warnings are treated as bugs by `make test`.
///
/// What each target may depend on is ARCHITECTURE.md's module table: a dependency added here
/// goes there too (ArchitectureTests holds this manifest and every `import` line to it), and
/// every module a target imports is declared here, not reached through another's dependencies.
let package = Package(
    name: "parley",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Flux", targets: ["Flux"]),
        .library(name: "FluxTesting", targets: ["FluxTesting"]),
        .library(name: "CommentsKit", targets: ["CommentsKit"]),
        .library(name: "MockREST", targets: ["MockREST"]),
        .executable(name: "parley", targets: ["parley"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Only for `make docs` (swift package generate-documentation); no target uses it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .target(name: "Flux"),
        .target(name: "FluxTesting", dependencies: ["Flux"]),
        .target(name: "BackgroundThread"),
        // The spam score (issue 30): features, the per-site model, its reasons in words.
        .target(name: "SpamScore"),
        .target(name: "MockREST", dependencies: ["BackgroundThread"]),
        .target(name: "CommentsKit", dependencies: ["Flux", "CZstd", "BackgroundThread", "SpamScore"]),
        .systemLibrary(name: "CZstd"),
        // The per-site replica (issue 14): SQLite through GRDB, FTS5 trigram search, outbox.
        .target(
            name: "CommentsReplica",
            dependencies: ["CommentsKit", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The child that the replica's crash test kills while it writes.
        .executableTarget(name: "replica-crash-writer", dependencies: ["CommentsReplica", "CommentsKit"]),
        .systemLibrary(name: "CNcurses"),
        .target(
            name: "TerminalUI",
            dependencies: [
                "Flux", "CommentsKit", "CNcurses",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "parley",
            dependencies: [
                "Flux", "CommentsKit", "CommentsReplica", "MockREST", "MockFaultOptions", "TerminalUI", "ParleyConfiguration",
                "BackgroundThread", "SpamScore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // config.toml parsing, a library so the fuzz checks can link it (an executable's
        // module cannot be a dependency of anything but a test target).
        .target(
            name: "ParleyConfiguration",
            dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The mock's fault options on the command line, one definition for both commands
        // that run a mock (parley and parley-mock-server).
        .target(
            name: "MockFaultOptions",
            dependencies: ["MockREST", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "parley-mock-server",
            dependencies: [
                "MockREST", "MockFaultOptions",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "parley-bench",
            dependencies: ["Flux", "CommentsKit", "CommentsReplica", "MockREST", "TerminalUI", "BackgroundThread", "SpamScore"],
            path: "Benchmarks/ParleyBench"
        ),
        .testTarget(name: "FluxTests", dependencies: ["Flux", "FluxTesting", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "ParleyTests",
            dependencies: [
                "parley", "ParleyConfiguration", "MockREST", "MockFaultOptions", "CommentsKit", "CommentsReplica", "Flux", "FluxTesting", "TerminalUI",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "MockRESTTests",
            dependencies: ["MockREST", "BackgroundThread", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "BackgroundThreadTests", dependencies: ["BackgroundThread"]),
        .testTarget(
            name: "SpamScoreTests",
            dependencies: ["SpamScore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "CommentsReplicaTests",
            dependencies: [
                "CommentsReplica", "CommentsKit", "replica-crash-writer", "Flux", "FluxTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "CommentsKitTests",
            dependencies: ["CommentsKit", "MockREST", "Flux", "FluxTesting", "SpamScore", "BackgroundThread",
                           .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "CommentsKit", "MockREST", "Flux", "FluxTesting", "CNcurses",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Snapshots"]
        ),
        // ARCHITECTURE.md's module table held against this manifest and every import line.
        .testTarget(name: "ArchitectureTests"),

        // MARK: Fuzzing (issue 17; README "Fuzzing", `make fuzz`)
        // The checks, shared by the libFuzzer driver and the replay test.
        .target(
            name: "FuzzChecks",
            dependencies: ["TerminalUI", "CommentsKit", "ParleyConfiguration", "MockREST", "Flux"],
            path: "Fuzz/Checks"
        ),
        // libFuzzer's C entry point, declared for the driver (nothing to link).
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        // `parley-fuzz <target>`: libFuzzer when built by `make fuzz`, a replayer otherwise.
        .executableTarget(
            name: "parley-fuzz",
            dependencies: ["FuzzChecks", "CLibFuzzer"],
            path: "Fuzz/Driver"
        ),
        // Replays Fuzz/Corpus and Fuzz/Crashes through the checks in every `swift test`.
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzChecks"]),
    ],
    swiftLanguageModes: [.v6]
)
