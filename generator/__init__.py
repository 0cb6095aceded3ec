"""mcpforge: generate MCP servers with response shaping from API descriptions."""

__version__ = "0.1.0"
