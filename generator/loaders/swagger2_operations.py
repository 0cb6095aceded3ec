"""Swagger 2.0 path items and operations -> OpenAPI 3.0 operations.

- Path-item and operation parameters are merged (the operation wins by name + ``in``) and
  local ``#/parameters/X`` refs are inlined, so that ``body`` and ``formData`` parameters can
  be recognised; a ref to a missing parameter drops that parameter with a warning.
- ``path``/``query``/``header`` parameters keep their place; their inline schema keywords
  become ``schema`` and ``collectionFormat`` becomes ``style``/``explode``.
- The ``body`` parameter becomes ``requestBody`` with the operation's (else the document's)
  ``consumes``: only the JSON media types when there are any.
- ``formData`` parameters become one urlencoded object body (``encoding`` keeps the array
  formats); a form with a ``type: file`` field, or only offered as ``multipart/form-data``,
  becomes a multipart body whose file fields are ``format: binary`` (file arguments:
  request.py).
- Responses: ``schema`` goes under ``content`` for the ``produces`` media types (JSON only
  when there are any), ``examples`` under each JSON media type as its ``example`` (a response
  with examples and no ``schema`` still has a body); ``#/responses/X`` refs are inlined;
  headers get a ``schema``.

Every converted node that moved is recorded in the :class:`PointerMap`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import pointer as make_pointer
from .refs import is_ref
from .response_shape import is_json_media_type
from .swagger2_document import Notes, PointerMap
from .swagger2_schemas import SchemaConverter, collection_style, local_target, param_schema

METHODS = ("get", "put", "post", "delete", "options", "head", "patch")
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
_LOCATIONS = ("path", "query", "header", "cookie", "body", "formData")
_COPIED = ("operationId", "summary", "description", "tags", "deprecated", "security")


def pointer_token(token: str) -> str:
    return make_pointer(token)[1:]


def _media_base(media_type: str) -> str:
    return media_type.split(";")[0].strip().lower()


@dataclass
class MediaTypes:
    """``consumes`` or ``produces`` in effect for one operation, and where it was declared."""

    offered: list[str]
    where: str

    def preferred(self) -> list[str]:
        json_types = [m for m in self.offered if is_json_media_type(m)]
        return json_types or self.offered or ["application/json"]

    def skipped(self) -> list[str]:
        chosen = self.preferred()
        return [m for m in self.offered if m not in chosen]


@dataclass
class OperationConverter:
    data: dict[str, Any]
    notes: Notes
    schemas: SchemaConverter
    pointers: PointerMap
    skipped_media: list[tuple[str, str]] = field(default_factory=list)  # (pointer, types)

    def media(self, owner: dict[str, Any], key: str, where: str) -> MediaTypes:
        for node, at in ((owner, f"{where}/{key}"), (self.data, f"/{key}")):
            value = node.get(key)
            if isinstance(value, list):
                return MediaTypes([m for m in value if isinstance(m, str)], at)
        return MediaTypes([], f"/{key}")

    def path_item(self, path: str, item: Any) -> dict[str, Any]:
        base = make_pointer("paths", path)
        if is_ref(item) or not isinstance(item, dict):
            self.notes.warn(
                "SWAGGER2_PATH_ITEM_UNSUPPORTED",
                "path item skipped: only an inline path item (an object of operations) is read",
                base,
                "Write the operations of this path inline.",
            )
            return {}
        shared = self._params(item.get("parameters"), f"{base}/parameters")
        out: dict[str, Any] = {}
        for method in METHODS:
            operation = item.get(method)
            if isinstance(operation, dict):
                converted = self.operation(path, method, operation, shared)
                if converted is not None:
                    out[method] = converted
        return out

    def _params(self, raw: Any, where: str) -> list[tuple[dict[str, Any], str]]:
        if raw is None:
            return []
        if not isinstance(raw, list):
            self.notes.warn(
                "SWAGGER2_PARAMETERS_INVALID", "`parameters` is not a list: ignored", where
            )
            return []
        found: list[tuple[dict[str, Any], str]] = []
        for index, param in enumerate(raw):
            site = f"{where}/{index}"
            if is_ref(param):
                ref = param["$ref"]
                ok, value = (
                    local_target(self.data, ref[1:])
                    if ref.startswith("#/parameters/")
                    else (False, None)
                )
                if not ok:
                    self.notes.warn(
                        "SWAGGER2_PARAMETER_REF_UNRESOLVED",
                        f"parameter $ref {ref!r} does not point to an entry of #/parameters "
                        "in this file: parameter dropped",
                        site,
                        "Define the parameter under the top-level `parameters` or inline it.",
                    )
                    continue
                param = value
            if (
                isinstance(param, dict)
                and isinstance(param.get("name"), str)
                and param.get("in") in _LOCATIONS
            ):
                found.append((param, site))
            else:
                self.notes.warn(
                    "SWAGGER2_PARAMETER_INVALID",
                    "parameter dropped: it needs a string `name` and `in` one of "
                    + ", ".join(_LOCATIONS),
                    site,
                    "Fix the parameter so that it is valid Swagger 2.0.",
                )
        return found

    def operation(
        self,
        path: str,
        method: str,
        operation: dict[str, Any],
        shared: list[tuple[dict[str, Any], str]],
    ) -> dict[str, Any] | None:
        """The 3.0 operation, or None when it cannot be offered (reported)."""
        op_ptr = make_pointer("paths", path, method)
        merged: dict[tuple[str, str], tuple[dict[str, Any], str]] = {}
        for param, site in shared + self._params(
            operation.get("parameters"), f"{op_ptr}/parameters"
        ):
            merged[(param["name"], param["in"])] = (param, site)
        out: dict[str, Any] = {k: operation[k] for k in _COPIED if k in operation}
        params: list[dict[str, Any]] = []
        body: tuple[dict[str, Any], str] | None = None
        form: list[tuple[dict[str, Any], str]] = []
        for param, site in merged.values():
            if param["in"] == "body":
                body = (param, site)
            elif param["in"] == "formData":
                form.append((param, site))
            else:
                converted = f"{op_ptr}/parameters/{len(params)}"
                params.append(self._simple(param, site))
                self.pointers.add(converted, site)
                self.pointers.add(f"{converted}/schema", site)
                self.pointers.add(f"{converted}/style", f"{site}/collectionFormat")
        if params:
            out["parameters"] = params
        consumes = self.media(operation, "consumes", op_ptr)
        if body is not None and form:
            self.notes.warn(
                "SWAGGER2_BODY_AND_FORM",
                "an operation cannot have both `body` and `formData` parameters: the form "
                "fields are ignored",
                form[0][1],
                "Keep either the body or the form fields.",
            )
        if body is not None:
            out["requestBody"] = self._body(*body, consumes, op_ptr)
        elif form:
            out["requestBody"] = self._form(form, consumes, op_ptr)
        out["responses"] = self._responses(operation, op_ptr)
        return out

    def _simple(self, param: dict[str, Any], site: str) -> dict[str, Any]:
        out: dict[str, Any] = {"name": param["name"], "in": param["in"]}
        out["required"] = param["in"] == "path" or param.get("required") is True
        for key in ("description", "deprecated"):
            if key in param:
                out[key] = param[key]
        style, explode = collection_style(param["in"], param, self.notes, site)
        if style is not None:
            out["style"], out["explode"] = style, explode
        out["schema"] = param_schema(param, self.schemas, site)
        return out

    def _body(
        self, param: dict[str, Any], site: str, consumes: MediaTypes, op_ptr: str
    ) -> dict[str, Any]:
        schema = self.schemas.schema(param.get("schema", {}), f"{site}/schema")
        media = consumes.preferred()
        if consumes.skipped():
            self.skipped_media.append((consumes.where, ", ".join(consumes.skipped())))
        out: dict[str, Any] = {"content": {m: {"schema": schema} for m in media}}
        if param.get("required") is True:
            out["required"] = True
        if isinstance(param.get("description"), str):
            out["description"] = param["description"]
        self.pointers.add(f"{op_ptr}/requestBody", site)
        self.pointers.add(f"{op_ptr}/requestBody/content", consumes.where)
        for m in media:
            self.pointers.add(
                f"{op_ptr}/requestBody/content/{pointer_token(m)}/schema", f"{site}/schema"
            )
        return out

    def _form(
        self, form: list[tuple[dict[str, Any], str]], consumes: MediaTypes, op_ptr: str
    ) -> dict[str, Any]:
        """The request body of the form fields. A form with a file field (``type: file``) is
        sent as multipart/form-data, whatever ``consumes`` says (a file cannot be urlencoded);
        its file fields become file arguments (request.py)."""
        fields = list(form)
        bases = [_media_base(m) for m in consumes.offered]
        has_file = any(param.get("type") == "file" for param, _ in fields)
        media = MULTIPART if has_file or (MULTIPART in bases and FORM not in bases) else FORM
        if FORM not in bases and MULTIPART not in bases:
            self.notes.info(
                "SWAGGER2_FORM_ASSUMED",
                f"formData parameters but `consumes` offers no form media type: sent as {media}",
                consumes.where,
                f"Add {media} to `consumes`.",
            )
        elif has_file and MULTIPART not in bases:
            self.notes.info(
                "SWAGGER2_MULTIPART_ASSUMED",
                f"a `type: file` form field cannot be urlencoded: the form is sent as {MULTIPART}",
                consumes.where,
                f"Add {MULTIPART} to `consumes`.",
            )
        prefix = f"{op_ptr}/requestBody/content/{pointer_token(media)}/schema/properties"
        properties: dict[str, Any] = {}
        required: list[str] = []
        encoding: dict[str, Any] = {}
        for param, site in fields:
            name = param["name"]
            schema = param_schema(param, self.schemas, site)
            if isinstance(param.get("description"), str):
                schema["description"] = param["description"]
            properties[name] = schema
            if param.get("required") is True:
                required.append(name)
            style, explode = collection_style("formData", param, self.notes, site)
            if style is not None:
                encoding[name] = {"style": style, "explode": explode}
            self.pointers.add(f"{prefix}/{pointer_token(name)}", site)
        schema = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        media_object: dict[str, Any] = {"schema": schema}
        if encoding:
            media_object["encoding"] = encoding
        out: dict[str, Any] = {"content": {media: media_object}}
        if required:
            out["required"] = True
        self.pointers.add(f"{op_ptr}/requestBody", fields[0][1])
        self.pointers.add(f"{op_ptr}/requestBody/content", consumes.where)
        return out

    def _responses(self, operation: dict[str, Any], op_ptr: str) -> dict[str, Any]:
        raw = operation.get("responses")
        if not isinstance(raw, dict) or not raw:
            self.notes.warn(
                "SWAGGER2_RESPONSES_MISSING",
                "the operation declares no responses: its result is returned as received",
                op_ptr,
                "Declare at least the successful response with its schema.",
            )
            return {"default": {"description": ""}}
        produces = self.media(operation, "produces", op_ptr)
        media = produces.preferred()
        out: dict[str, Any] = {}
        for code, response in raw.items():
            code = str(code)
            site = f"{op_ptr}/responses/{pointer_token(code)}"
            if code.startswith("x-"):
                continue
            source = site
            if is_ref(response):
                ref = response["$ref"]
                ok, value = (
                    local_target(self.data, ref[1:])
                    if ref.startswith("#/responses/")
                    else (False, None)
                )
                if not ok or not isinstance(value, dict):
                    self.notes.warn(
                        "SWAGGER2_RESPONSE_REF_UNRESOLVED",
                        f"response $ref {ref!r} does not point to an entry of #/responses "
                        "in this file: response ignored",
                        site,
                        "Define the response under the top-level `responses` or inline it.",
                    )
                    continue
                response, source = value, ref[1:]
            if not isinstance(response, dict):
                continue
            description = response.get("description")
            converted: dict[str, Any] = {
                "description": description if isinstance(description, str) else ""
            }
            headers = response.get("headers")
            if isinstance(headers, dict) and headers:
                converted["headers"] = {
                    name: self._header(header, f"{source}/headers/{pointer_token(name)}")
                    for name, header in headers.items()
                }
            if "schema" in response:
                schema = self.schemas.schema(response["schema"], f"{source}/schema")
                converted["content"] = {m: {"schema": schema} for m in media}
                for m in media:
                    self.pointers.add(
                        f"{site}/content/{pointer_token(m)}/schema", f"{source}/schema"
                    )
                if produces.skipped() and code.startswith("2"):
                    self.skipped_media.append((produces.where, ", ".join(produces.skipped())))
            self._examples(response, converted, site, source)
            self.pointers.add(site, source)
            out[code] = converted
        return out or {"default": {"description": ""}}

    def _examples(
        self, response: dict[str, Any], converted: dict[str, Any], site: str, source: str
    ) -> None:
        """2.0 ``examples`` (keyed by media type) become each JSON media type's ``example``; a
        response with examples and no ``schema`` still has a body: the examples' media types."""
        examples = response.get("examples")
        if not isinstance(examples, dict):
            return
        json_examples = {m: v for m, v in examples.items() if is_json_media_type(str(m))}
        if not json_examples:
            return
        content = converted.setdefault("content", {})
        targets = list(content) or list(json_examples)
        for media in (m for m in targets if is_json_media_type(m)):
            example_media = media if media in json_examples else next(iter(json_examples))
            content.setdefault(media, {})["example"] = json_examples[example_media]
            self.pointers.add(
                f"{site}/content/{pointer_token(media)}/example",
                f"{source}/examples/{pointer_token(example_media)}",
            )

    def _header(self, header: Any, where: str) -> dict[str, Any]:
        """A response header (2.0: inline schema keywords) in its 3.0 form."""
        if not isinstance(header, dict):
            return {"schema": {}}
        out: dict[str, Any] = {"schema": param_schema(header, self.schemas, where)}
        if isinstance(header.get("description"), str):
            out["description"] = header["description"]
        return out
