"""Calling the upstream over HTTP: requests, redirects, retries, hooks, pagination, and the
progress a slow call reports."""
