"""Response shaping: pure functions over JSON values (no MCP, no network).

``pipeline.shape`` is the entry point: select fields -> truncate strings -> render
(json|markdown) -> page by exact token count.
"""

from .pipeline import FieldSelectionError, ShapeConfig, ShapedResponse, shape, shape_text

__all__ = ["FieldSelectionError", "ShapeConfig", "ShapedResponse", "shape", "shape_text"]
