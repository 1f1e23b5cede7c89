import ArgumentParser

/// `parley comment`: wp-cli's `wp comment`, over the REST API, for scripts and cron.
struct CommentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment",
        abstract: "List, count and moderate comments from scripts (modelled on wp-cli's wp comment).",
        discussion: """
            Works on --site (a [[sites]] name of the config file or an address), on the \
            config file's only site, or else on the embedded mock's first site. Data goes \
            to stdout, errors (one sentence each) to stderr. Exit status: 0 when everything \
            succeeded, 1 when anything failed, 2 for a usage mistake (nothing was done). \
            Fields, formats, messages and the options of wp-cli's wp comment read as wp-cli \
            has them, so its scripts run unchanged but for the site (--site for --url); \
            recount and meta cannot be done over the REST API and say why.
            """,
        subcommands: [
            ListCommand.self, GetCommand.self, CountCommand.self,
            ApproveCommand.self, UnapproveCommand.self, SpamCommand.self, UnspamCommand.self,
            TrashCommand.self, UntrashCommand.self, DeleteCommand.self,
            ReplyCommand.self, EditCommand.self,
            ExplainCommand.self,
            CreateCommand.self, UpdateCommand.self, ExistsCommand.self, CommentStatusCommand.self, GenerateCommand.self,
            RecountCommand.self, MetaCommand.self,
        ]
    )
}
