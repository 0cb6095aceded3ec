"""The MCP boundary: server start, protocol types in and out, the tools/list surface."""
