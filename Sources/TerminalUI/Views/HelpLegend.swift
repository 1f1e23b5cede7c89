/// Lines of the `?` overlay that explain marks rather than keys, per context: the key map
/// cannot say what a mark on the screen means.
enum HelpLegend {
    /// Before a filter count that covers only the loaded comments.
    static let lowerBoundMark = "≥"

    /// The legend lines shown after the keys of `context`.
    static func lines(for context: KeyContext) -> [(keys: String, help: String)] {
        switch context {
        case .filters:
            [(lowerBoundMark + "12", "at least 12: the site has comments not loaded yet that may count; a count without it is exact"),
             ("Type", "Comments, or Pings: pingbacks and trackbacks, other sites' links to a post; the block editor's notes are never listed")]
        case .search:
            [("search: 12 on the site", "while the site loads, the search asks it too; its 12 matches are all loaded (“searching the site…” until then)"),
             ("fields", "the text, the author's name and URL, and for moderators the e-mail and IP, as WordPress's own search")]
        case .list, .detail:
            [("writes", "every write reads its comment on the site first; changed there since you loaded it, nothing is written and a question names the change: yes writes anyway, no leaves it as the site has it (text you wrote stays kept)"),
             ("!", "changed on the site by someone else (now spam, deleted, text edited…), until the cursor leaves it; parley re-reads the site each poll and the comment the cursor rests on"),
             ("checked", "in the header, “checked 4 min ago”: the site's statuses were last read that long ago (said only when the refresh falls behind)"),
             ("edit", "reads the comment on the site before the editor opens: you edit the site's text (said when someone else changed it); what you type meanwhile goes to the editor, Esc gives up"),
             ("ping", "“pingback from example.org”: another site linked to the post; its title where an author goes, moderated as a comment is"),
             ("!8 ?4  1", "spam score, learned from the site's history (never acts by itself, nothing leaves the machine): ! likely spam, ? unsure, blank likely fine, then the tens of 0–100; ~ instead: learning, the rules alone (under 20 approved or spam); the detail pane says why")]
        default:
            []
        }
    }
}
