"""Example responses and what the agent would get from them (``mcpforge preview``)."""
