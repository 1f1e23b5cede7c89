/// A WordPress role, with the capabilities Debian's WordPress 6.1 gives it. The mock answers
/// each request by these capabilities, as WordPress does: `moderate_comments` for the edit
/// context and status changes, `edit_others_posts` for editing other people's comments,
/// `edit_posts` for the protected list filters.
public enum MockRole: String, Sendable, Hashable, CaseIterable {
    case administrator, editor, author, contributor, subscriber

    /// The role's capabilities, in WordPress's order (what `users/me?context=edit` lists).
    public var capabilities: [String] {
        switch self {
        case .administrator:
            ["switch_themes", "edit_themes", "activate_plugins", "edit_plugins", "edit_users", "edit_files",
             "manage_options", "moderate_comments", "manage_categories", "manage_links", "upload_files", "import",
             "unfiltered_html", "edit_posts", "edit_others_posts", "edit_published_posts", "publish_posts",
             "edit_pages", "read"] + Self.levels(10)
                + ["edit_others_pages", "edit_published_pages", "publish_pages", "delete_pages",
                   "delete_others_pages", "delete_published_pages", "delete_posts", "delete_others_posts",
                   "delete_published_posts", "delete_private_posts", "edit_private_posts", "read_private_posts",
                   "delete_private_pages", "edit_private_pages", "read_private_pages", "delete_users",
                   "create_users", "unfiltered_upload", "edit_dashboard", "update_plugins", "delete_plugins",
                   "install_plugins", "update_themes", "install_themes", "update_core", "list_users",
                   "remove_users", "promote_users", "edit_theme_options", "delete_themes", "export"]
        case .editor:
            ["moderate_comments", "manage_categories", "manage_links", "upload_files", "unfiltered_html",
             "edit_posts", "edit_others_posts", "edit_published_posts", "publish_posts", "edit_pages", "read"]
                + Self.levels(7)
                + ["edit_others_pages", "edit_published_pages", "publish_pages", "delete_pages",
                   "delete_others_pages", "delete_published_pages", "delete_posts", "delete_others_posts",
                   "delete_published_posts", "delete_private_posts", "edit_private_posts", "read_private_posts",
                   "delete_private_pages", "edit_private_pages", "read_private_pages"]
        case .author:
            ["upload_files", "edit_posts", "edit_published_posts", "publish_posts", "read"] + Self.levels(2)
                + ["delete_posts", "delete_published_posts"]
        case .contributor:
            ["edit_posts", "read"] + Self.levels(1) + ["delete_posts"]
        case .subscriber:
            ["read", "level_0"]
        }
    }

    /// Whether the role has `capability`.
    public func can(_ capability: String) -> Bool {
        capabilities.contains(capability)
    }

    /// `level_N` … `level_0`, WordPress's old user levels, still part of every role.
    private static func levels(_ top: Int) -> [String] {
        stride(from: top, through: 0, by: -1).map { "level_\($0)" }
    }
}
