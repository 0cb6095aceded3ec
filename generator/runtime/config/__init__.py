"""Settings, credentials and the caller, read at start, and keeping secrets out."""
