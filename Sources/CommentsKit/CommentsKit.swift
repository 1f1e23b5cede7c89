// CommentsKit: filled in by its issue.
