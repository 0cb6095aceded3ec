"""``mcpforge diff``: tool-level changes between two specs or two generated packages."""

from .compare import Change, compare_surfaces
from .semver import next_version, suggest_bump
from .surface import Surface, ToolInfo, surface_from_data

__all__ = [
    "Change",
    "Surface",
    "ToolInfo",
    "compare_surfaces",
    "next_version",
    "suggest_bump",
    "surface_from_data",
]
