import Foundation
import CommentsKit

/// One kind of write over many comments, as `parley comment spam 12 13 …` runs it: at most
/// `concurrency` requests at once, each settled with the site when its answer is lost (see
/// ``WordPressClient/settledStatusChange(id:_:)``), one line per comment in the order given
/// — `Success: Marked comment 12 as spam.` on stdout, `Error: …` on stderr (`Warning: …` for
/// a deletion, as wp-cli says it) — and nothing more: a script reads exactly one line per
/// comment, as from wp-cli.
struct WriteBatch {
    /// What the batch does, in wp-cli's words.
    struct Verb: Sendable {
        /// "Marked comment 12 as spam." from the id.
        let done: @Sendable (Int) -> String
        /// "mark comment 12 as spam" from the id (for "Would …" and "Could not …").
        let infinitive: @Sendable (Int) -> String
        /// "marked as spam", for the question asked before many destructive changes.
        let summary: String
        /// Whether it loses something (spam, trash, delete): more than 20 need `--yes`.
        let destructive: Bool
        /// The write of one comment: the comment as the site has it afterwards (nil when deleted).
        let write: @Sendable (WordPressClient, Int) async -> Result<Comment?, CommentsError>
        /// What the write log says it changed, from the comment's id and the comment the site
        /// answered (nil when deleted, or when it failed).
        let logged: @Sendable (Int, Comment?) -> WriteRecord.Change
        /// How a failure's line starts: `Error` (wp-cli stops there), or `Warning` where wp-cli
        /// warns and goes on (`delete`).
        var failure = "Error"
    }

    /// How many destructive changes may go without `--yes`.
    static let confirmationThreshold = 20

    let verb: Verb
    let options: WriteOptions

    /// Runs the batch; 0 when every write succeeded, 1 otherwise. An id of a note is
    /// refused, and nothing is sent for it (``NoteGuard``). A dry run refuses notes too (it
    /// reads the site for that, as the run would) and prints the rest, sending no write.
    func run(_ ids: [Int], site: @autoclosure () async throws -> CommandSite, io: CommandIO) async throws -> CommandStatus {
        guard !ids.isEmpty else { return .success }
        if !options.dryRun { try confirm(ids.count, io: io) }
        let site = try await site()
        let notes = try await NoteGuard.notes(among: ids, site: site, io: io)
        let ids = ids.filter { !notes.contains($0) }
        guard !ids.isEmpty else { return .someFailed }
        if options.dryRun {
            io.out(ids.map { "Would \(verb.infinitive($0)).\n" }.joined())
            return notes.isEmpty ? .success : .someFailed
        }
        let results = await perform(ids, site: site, io: io)
        return !results.contains(false) && notes.isEmpty ? .success : .someFailed
    }

    /// More than 20 destructive changes need `--yes`, or a "y" typed at a terminal.
    private func confirm(_ count: Int, io: CommandIO) throws {
        guard verb.destructive, count > Self.confirmationThreshold, !options.yes else { return }
        guard io.inputIsTerminal else {
            throw CommandFailure.usage("Refusing \(count) destructive changes without --yes (stdin is not a terminal).")
        }
        io.error("\(count) comments will be \(verb.summary). Go ahead? [y/N]")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else { throw CommandFailure.failed("Nothing was done.") }
    }

    /// The writes, `options.concurrency` at a time; each line printed as soon as every line
    /// before it is, so the output keeps the order of the ids. Each is logged (`parley log`)
    /// as it ends.
    private func perform(_ ids: [Int], site: CommandSite, io: CommandIO) async -> [Bool] {
        var outcomes = [Result<Comment?, CommentsError>?](repeating: nil, count: ids.count)
        var printed = 0
        let (write, client) = (verb.write, site.client)
        await withTaskGroup(of: (Int, Result<Comment?, CommentsError>).self) { group in
            var next = 0
            func launch() {
                guard next < ids.count else { return }
                let (index, id) = (next, ids[next])
                group.addTask { (index, await write(client, id)) }
                next += 1
            }
            for _ in 0..<min(options.concurrency, ids.count) { launch() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                site.log(ids[index], verb.logged(ids[index], try? outcome.get()), outcome)
                while printed < ids.count, let ready = outcomes[printed] {
                    report(ids[printed], ready, io: io)
                    printed += 1
                }
                launch()
            }
        }
        return outcomes.map { if case .success = $0 { true } else { false } }
    }

    private func report(_ id: Int, _ outcome: Result<Comment?, CommentsError>, io: CommandIO) {
        switch outcome {
        case .success: io.out("Success: \(verb.done(id))\n")
        case .failure(let error): io.error("\(verb.failure): Could not \(verb.infinitive(id)): \(Self.sentence(error))")
        }
    }

    /// The site's reason as a sentence ending with one full stop.
    static func sentence(_ error: CommentsError) -> String {
        let text = TextCleaning.oneLine(error.description).trimmingCharacters(in: .whitespaces)
        return text.hasSuffix(".") || text.hasSuffix(")") ? text : text + "."
    }
}
