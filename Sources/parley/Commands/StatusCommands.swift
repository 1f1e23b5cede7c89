import Foundation
import ArgumentParser
import CommentsKit

/// What the six status commands share: ids, write options, the site.
struct StatusCommandArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("Comment ids; - reads them from stdin (as list --format ids prints them).", valueName: "id"))
    var ids: [String] = []

    @OptionGroup var write: WriteOptions

    @OptionGroup var target: TargetOptions

    /// Reads the ids and runs `verb` on each.
    func execute(_ verb: WriteBatch.Verb, io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        let ids = try CommentIDs.read(self.ids, io: io)
        let target = self.target
        return try await WriteBatch(verb: verb, options: write).run(ids, site: try await CommandSite.open(target, environment: environment, io: io), io: io)
    }
}

extension WriteBatch.Verb {
    /// A status change in wp-cli's words. The log says the status the site answered with;
    /// for a failure, the one asked for (`to`: untrash and unspam restore what the comment
    /// had, pending when the site does not know).
    static func status(_ change: WordPressClient.StatusChange, to: CommentStatus, from: CommentStatus? = nil,
                       done: String, infinitive: String, summary: String, destructive: Bool) -> Self {
        WriteBatch.Verb(
            done: { done.replacingOccurrences(of: "#", with: String($0)) },
            infinitive: { infinitive.replacingOccurrences(of: "#", with: String($0)) },
            summary: summary, destructive: destructive,
            write: { client, id in await client.settledStatusChange(id: id, change).map(Optional.some) },
            logged: { .status(from: from, to: $1?.status ?? to) }
        )
    }

    static let approve = status(.moderation(.approve), to: .approved, done: "Approved comment #.", infinitive: "approve comment #", summary: "approved", destructive: false)
    static let unapprove = status(.moderation(.hold), to: .hold, done: "Unapproved comment #.", infinitive: "unapprove comment #", summary: "unapproved", destructive: false)
    static let spam = status(.moderation(.spam), to: .spam, done: "Marked comment # as spam.", infinitive: "mark comment # as spam", summary: "marked as spam", destructive: true)
    static let unspam = status(.unspam, to: .hold, from: .spam, done: "Unspammed comment #.", infinitive: "unspam comment #", summary: "unspammed", destructive: false)
    static let trash = status(.moderation(.trash), to: .trash, done: "Trashed comment #.", infinitive: "trash comment #", summary: "trashed", destructive: true)
    static let untrash = status(.moderation(.restore), to: .hold, from: .trash, done: "Untrashed comment #.", infinitive: "untrash comment #", summary: "untrashed", destructive: false)

    /// Deleting for good; a failure is a warning, as wp-cli's `delete` says it.
    static let delete = WriteBatch.Verb(
        done: { "Deleted comment \($0)." }, infinitive: { "delete comment \($0)" }, summary: "deleted", destructive: true,
        write: { client, id in await client.settledPermanentDeletion(id: id).map { _ in nil } },
        logged: { _, _ in .deletedPermanently(from: nil) }, failure: "Warning"
    )

    /// wp-cli's `delete` without `--force` (`wp_delete_comment`): to the trash, but for good
    /// what the site had in the trash or the spam when it was read (`found`).
    static func delete(found: [Int: CommentStatus]) -> Self {
        let forGood: @Sendable (Int) -> Bool = { found[$0] == .trash || found[$0] == .spam }
        return WriteBatch.Verb(
            done: { forGood($0) ? "Deleted comment \($0)." : "Trashed comment \($0)." },
            infinitive: { forGood($0) ? "delete comment \($0)" : "trash comment \($0)" },
            summary: "trashed or deleted", destructive: true,
            write: { client, id in
                forGood(id) ? await client.settledPermanentDeletion(id: id).map { _ in nil }
                    : await client.settledStatusChange(id: id, .moderation(.trash)).map(Optional.some)
            },
            logged: { id, comment in
                forGood(id) ? .deletedPermanently(from: found[id]) : .status(from: found[id], to: comment?.status ?? .trash)
            },
            failure: "Warning"
        )
    }
}

/// `parley comment approve ID…`.
struct ApproveCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "approve", abstract: "Approve comments.")
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await arguments.execute(.approve, io: io, environment: environment)
    }
}

/// `parley comment unapprove ID…`: back to moderation (held).
struct UnapproveCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "unapprove", abstract: "Hold comments for moderation.")
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await arguments.execute(.unapprove, io: io, environment: environment)
    }
}

/// `parley comment spam ID…`.
struct SpamCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "spam", abstract: "Mark comments as spam.")
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await arguments.execute(.spam, io: io, environment: environment)
    }
}

/// `parley comment unspam ID…`: WordPress puts back the status each had before.
struct UnspamCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "unspam", abstract: "Take comments out of the spam.")
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await arguments.execute(.unspam, io: io, environment: environment)
    }
}

/// `parley comment trash ID…`.
struct TrashCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "trash", abstract: "Move comments to the trash.")
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await arguments.execute(.trash, io: io, environment: environment)
    }
}

/// `parley comment untrash ID…`: WordPress puts back the status each had before.
struct UntrashCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(commandName: "untrash", abstract: "Take comments out of the trash.")
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        try await arguments.execute(.untrash, io: io, environment: environment)
    }
}

/// `parley comment delete ID… [--force]`, as wp-cli's: to the trash, but for good a comment
/// already in the trash or the spam (`wp_delete_comment`); `--force` deletes for good.
///
/// Check, then act: the comments are read on the site first (one list per 100). Without
/// `--force`, what each is then decides trash or delete. With `--force`, only those in the
/// trash or the spam are deleted; a live comment (approved or pending — restored by someone,
/// say, since its id was listed) is refused with its status, unless `--yes` says to delete
/// whatever the comments are.
struct DeleteCommand: CommentSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Trash comments (delete for good those already in the trash or the spam), or delete them for good with --force."
    )
    @Flag(help: "Delete for good instead of moving to the trash (cannot be undone); only comments in the trash or the spam, unless --yes.")
    var force = false
    @OptionGroup var arguments: StatusCommandArguments
    func execute(io: CommandIO, environment: [String: String]) async throws -> CommandStatus {
        if force, arguments.write.yes || arguments.write.dryRun {
            return try await arguments.execute(.delete, io: io, environment: environment)
        }
        let ids = try CommentIDs.read(arguments.ids, io: io)
        guard !ids.isEmpty else { return .success }
        let site = try await CommandSite.open(arguments.target, environment: environment, io: io)
        let found = try await Self.statuses(of: ids, site: site)
        guard force else {
            return try await WriteBatch(verb: .delete(found: found), options: arguments.write).run(ids, site: site, io: io)
        }
        let live = found.filter { $0.value == .approved || $0.value == .hold }
        for id in ids {
            guard let status = live[id] else { continue }
            io.error("Warning: Could not delete comment \(id): it is \(status.displayName) on the site, not in the trash or the spam (--yes deletes it anyway).")
        }
        let status = try await WriteBatch(verb: .delete, options: arguments.write).run(ids.filter { live[$0] == nil }, site: site, io: io)
        return live.isEmpty ? status : .someFailed
    }

    /// What the site has `ids` as now; an id it does not have is left out.
    static func statuses(of ids: [Int], site: CommandSite) async throws -> [Int: CommentStatus] {
        var found: [Int: CommentStatus] = [:]
        for start in stride(from: 0, to: ids.count, by: 100) {
            do {
                for snapshot in try await site.client.snapshots(ids: Array(ids[start..<min(ids.count, start + 100)])).values {
                    found[snapshot.id] = snapshot.status
                }
            } catch {
                throw CommandFailure.failed("Could not check the comments on the site before deleting them: \(WriteBatch.sentence(error))")
            }
        }
        return found
    }
}
