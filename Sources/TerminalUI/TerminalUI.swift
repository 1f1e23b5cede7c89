// TerminalUI: filled in by its issue.
