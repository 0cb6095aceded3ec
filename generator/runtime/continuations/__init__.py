"""Continuations: the pages of a chunked response, in memory or in Redis."""
