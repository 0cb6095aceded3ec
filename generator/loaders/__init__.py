"""Front ends that turn API descriptions into the IR (``generator.ir``)."""

from .document import Document, load_document, load_openapi_document
from .openapi import load_openapi

__all__ = ["Document", "load_document", "load_openapi", "load_openapi_document"]
