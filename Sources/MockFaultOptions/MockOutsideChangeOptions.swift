import Foundation
import ArgumentParser
import MockREST

/// `--outside-changes EVERY`: another moderator changes one comment of the mock at random
/// every interval (``MockServer/changeOutsideAtRandom(every:seed:clock:)``), for `parley`'s
/// embedded mock and `parley-mock-server` alike.
package struct MockOutsideChangeOptions: ParsableArguments, Sendable {
    /// Options parsed from the command line (ArgumentParser's initialiser).
    package init() {}

    @Option(name: .long, help: ArgumentHelp(
        "Every interval (5s, 500ms, 2m; a bare number is seconds), another moderator changes one comment at random — approves, holds, spams, trashes, restores, edits or, rarely, deletes it — the same changes for the same --seed.",
        valueName: "every"))
    package var outsideChanges: String?

    package func validate() throws {
        guard let outsideChanges else { return }
        guard let interval = Self.interval(outsideChanges), interval >= .milliseconds(10), interval <= .seconds(86_400) else {
            throw ValidationError("--outside-changes takes an interval from 10ms to 86400s, such as 5s, 500ms or 2m, not “\(outsideChanges)”.")
        }
    }

    /// The interval asked for, nil when none was (or it cannot be read: ``validate()`` says so).
    package var interval: Duration? {
        outsideChanges.flatMap(Self.interval)
    }

    /// `5s`, `500ms`, `2m` or `5` (seconds) as a duration.
    package static func interval(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000)]
        let unit = units.first { trimmed.hasSuffix($0.suffix) }
        let number = unit.map { String(trimmed.dropLast($0.suffix.count)) } ?? trimmed
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        return .milliseconds(Int64((value * (unit?.milliseconds ?? 1000)).rounded()))
    }

    /// Starts the changes on `server`, drawn from `seed`; nil when none were asked for. They
    /// go on until the task is cancelled.
    package func start(on server: MockServer, seed: UInt64) -> Task<Void, Never>? {
        interval.map { server.changeOutsideAtRandom(every: $0, seed: seed) }
    }
}
