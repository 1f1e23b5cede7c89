// Flux: filled in by its issue.
