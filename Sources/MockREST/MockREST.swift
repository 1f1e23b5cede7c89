// MockREST: filled in by its issue.
