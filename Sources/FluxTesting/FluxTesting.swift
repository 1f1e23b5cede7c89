// FluxTesting: filled in by its issue.
