"""The operation logic of a generated server, free of MCP types.

``ServerRuntime.call(name, arguments)`` validates, sends the upstream request, shapes the
response and pages it. It returns an ``Outcome`` (plain text parts + error flag); the MCP
adapter turns that into a protocol result. Every text that leaves is passed through the
secret redactor.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from typing import Any

import httpx2

from .arguments import Controls, split_controls, validate_arguments
from .auth import CredentialSet
from .continuation import ContinuationError, ContinuationStore, MemoryContinuationStore
from .errors import ToolCallError, UnknownTool, UpstreamError
from .http_call import UpstreamResponse, build_request, send
from .model import ServerModel, Tool
from .settings import Settings
from .shaping.pipeline import FieldSelectionError, ShapeConfig, shape, shape_text

EXCERPT_CHARS = 500


@dataclass(frozen=True)
class Outcome:
    parts: list[str] = field(default_factory=list)
    is_error: bool = False


def _error(message: str) -> Outcome:
    return Outcome([message], is_error=True)


class ServerRuntime:
    def __init__(
        self,
        model: ServerModel,
        settings: Settings,
        *,
        credentials: CredentialSet | None = None,
        store: ContinuationStore | None = None,
        http_client: httpx2.AsyncClient | None = None,
    ):
        self.model = model
        self.settings = settings
        self.credentials = credentials or CredentialSet(model.credentials)
        self.store = store or MemoryContinuationStore(
            ttl_seconds=model.limits.continuation_ttl,
            max_entries=settings.continuation_max_entries,
            max_bytes=settings.continuation_max_bytes,
        )
        self._client = http_client
        self._owns_client = http_client is None

    # -- lifecycle -------------------------------------------------------------------------
    def client(self) -> httpx2.AsyncClient:
        if self._client is None:
            self._client = httpx2.AsyncClient(
                timeout=httpx2.Timeout(
                    self.settings.read_timeout, connect=self.settings.connect_timeout
                ),
                follow_redirects=True,
                headers={"User-Agent": f"{self.model.name}-mcp/{self.model.version} (mcpforge)"},
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None and self._owns_client:
            await self._client.aclose()
            self._client = None

    # -- calls -----------------------------------------------------------------------------
    async def call(
        self, name: str, arguments: dict[str, Any] | None, *, scope: str = ""
    ) -> Outcome:
        try:
            if name == self.model.continue_tool_name:
                outcome = await self._continue(arguments or {}, scope)
            else:
                outcome = await self._call_tool(self._tool(name), arguments, scope)
        except ToolCallError as exc:
            outcome = _error(exc.message)
        redact = self.credentials.secrets.redact
        return Outcome([redact(p) for p in outcome.parts], outcome.is_error)

    def _tool(self, name: str) -> Tool:
        tool = self.model.tool(name)
        if tool is None:
            names = [t.name for t in self.model.tools] + [self.model.continue_tool_name]
            close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise UnknownTool(f"Unknown tool {name!r}.{hint}")
        return tool

    async def _call_tool(self, tool: Tool, arguments: dict[str, Any] | None, scope: str) -> Outcome:
        args = validate_arguments(tool, arguments)
        controls, api_args = split_controls(args)
        config = self._shape_config(tool)
        if controls.fields is not None:
            # Check the selection before anything is sent upstream.
            try:
                shape({}, config, fields=controls.fields)
            except FieldSelectionError as exc:
                return _error(str(exc))
        request = build_request(
            tool, self.settings.base_url, api_args, self.credentials.for_tool(tool)
        )
        response = await send(self.client(), request, max_bytes=self.settings.max_response_bytes)
        if response.status >= 400:
            raise UpstreamError(self._status_message(tool, response), status=response.status)
        return await self._shape_response(tool, config, controls, response, scope)

    def _shape_config(self, tool: Tool) -> ShapeConfig:
        limits = tool.limits
        return ShapeConfig(
            default_fields=tool.response.default_fields,
            exclude=tool.response.exclude,
            collection_path=tool.response.collection_path,
            field_tree=tool.response.field_tree,
            max_chars=limits.max_chars,
            max_chars_detailed=limits.max_chars_detailed,
            truncation_marker=limits.truncation_marker,
            chunk_threshold_tokens=limits.chunk_threshold_tokens,
            chunk_tokens=limits.chunk_tokens,
            encoding=limits.encoding,
        )

    def _status_message(self, tool: Tool, response: UpstreamResponse) -> str:
        excerpt = response.body[: EXCERPT_CHARS * 4].decode("utf-8", "replace")
        if len(excerpt) > EXCERPT_CHARS:
            excerpt = excerpt[:EXCERPT_CHARS] + "…"
        advice = {
            400: "check the arguments against the tool's schema and the message below",
            401: "the upstream rejected the credentials"
            + (
                f"; set {self.credentials.missing_hint(tool, self.model.credentials)}"
                if tool.security
                else ""
            ),
            403: "the credentials lack permission for this call",
            404: "the resource does not exist (check identifiers) or is not visible to these credentials",
            409: "the request conflicts with the resource's current state",
            422: "the upstream could not process these arguments",
            429: "rate limited: wait before retrying",
        }.get(
            response.status,
            "the upstream API failed" if response.status >= 500 else "request refused",
        )
        return (
            f"Upstream returned HTTP {response.status} for {tool.binding.method} {tool.binding.path}:"
            f" {advice}.\n{excerpt}".rstrip()
        )

    async def _shape_response(
        self,
        tool: Tool,
        config: ShapeConfig,
        controls: Controls,
        response: UpstreamResponse,
        scope: str,
    ) -> Outcome:
        body = response.body
        if not body.strip():
            return Outcome([f"Done: HTTP {response.status}, no content."])
        text = body.decode("utf-8", "replace")
        value: Any = None
        parsed = False
        if response.is_json() or text.lstrip()[:1] in ("{", "["):
            try:
                value = json.loads(text)
                parsed = True
            except (ValueError, RecursionError):
                if response.is_json():
                    snippet = text[:200].replace("\n", " ")
                    return _error(
                        f"The upstream said the body is JSON but it is not valid JSON "
                        f"(HTTP {response.status}, {len(body)} bytes). It starts with: {snippet}"
                    )
        if parsed:
            shaped = shape(
                value,
                config,
                fields=controls.fields,
                detail_level=controls.detail_level,
                response_format=controls.response_format,
            )
        else:
            shaped = shape_text(text, config)
        return await self._paged(shaped.chunks, shaped.notes, scope)

    async def _paged(self, chunks: list[str], notes: list[str], scope: str) -> Outcome:
        redact = self.credentials.secrets.redact
        chunks = [redact(c) for c in chunks] or [""]
        parts = [chunks[0]] + list(notes)
        if len(chunks) > 1:
            cont_id = await self.store.create(scope, chunks[1:])
            parts.append(self._footer(1, len(chunks), cont_id))
        return Outcome(parts)

    def _footer(self, index: int, total: int, cont_id: str | None) -> str:
        if cont_id is None:
            return f"[page {index}/{total}, last page]"
        return (
            f"[page {index}/{total}, call {self.model.continue_tool_name} with "
            f'continuation_id="{cont_id}" for the next page]'
        )

    async def _continue(self, arguments: dict[str, Any], scope: str) -> Outcome:
        cont_id = arguments.get("continuation_id")
        extra = sorted(set(arguments) - {"continuation_id"})
        if not isinstance(cont_id, str) or not cont_id or extra:
            return _error(
                f"{self.model.continue_tool_name} takes exactly one argument, continuation_id "
                "(a string from the footer of a previous result)."
            )
        try:
            page = await self.store.next_page(cont_id, scope)
        except ContinuationError as exc:
            return _error(str(exc))
        more = page.remaining > 0
        return Outcome([page.text, self._footer(page.index, page.total, cont_id if more else None)])
