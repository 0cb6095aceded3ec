"""Calling the upstream over HTTP: requests, redirects, retries, hooks, pagination."""
