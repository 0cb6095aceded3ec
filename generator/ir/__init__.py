"""The intermediate representation shared by every loader, the overlay and the renderer."""

from .models import (
    Annotations,
    FieldConfig,
    GraphQLBinding,
    HttpBinding,
    OperationSpec,
    PaginationSpec,
    ParamSpec,
    Repository,
    ResponseShape,
    SecurityScheme,
    ServerSpec,
    ShapingLimits,
    UpstreamServer,
)

__all__ = [
    "Annotations",
    "FieldConfig",
    "GraphQLBinding",
    "HttpBinding",
    "OperationSpec",
    "PaginationSpec",
    "ParamSpec",
    "Repository",
    "ResponseShape",
    "SecurityScheme",
    "ServerSpec",
    "ShapingLimits",
    "UpstreamServer",
]
