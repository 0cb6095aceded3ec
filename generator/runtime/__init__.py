"""Runtime copied verbatim into every generated server package (relative imports only)."""
