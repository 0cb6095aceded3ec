"""The operation logic of a generated server, free of MCP types.

``ServerRuntime.call(name, arguments)`` validates, sends the upstream request, shapes the
response and pages it. It returns an ``Outcome`` (plain text parts + error flag); the MCP
adapter turns that into a protocol result. Every text that leaves is passed through the
secret redactor.

Upstream pages (one mechanism for chunks and upstream pagination): a binding that knows the
upstream has more (GraphQL: ``pageInfo.hasNextPage``; REST: the tool's ``pagination`` read by
``pagination.next_arguments`` from the Link header, a body cursor, the last item's id, or the
page/offset arithmetic) passes ``next_call`` to ``paged``: ``{"tool": name, "arguments": <the full validated arguments of
the call, controls included, with the cursor argument set to the next cursor>,
"upstream_page": n + 1}`` (plain JSON, so any continuation store can keep it). ``paged``
then stores the remaining chunks plus one empty placeholder page, with ``context =
{"next_call": ...}``. ``<api>_continue`` serves the chunks; their footers count the real
chunks only, and the last one says more results are upstream. Serving the placeholder runs
``next_call`` as a fresh tool call (validated, shaped and paged like the first one), which
returns a new continuation_id when there is still more. Footers say ``has_more: true|false``;
a paged REST list whose last upstream page fits in one chunk gets a ``[has_more: false]`` note,
unless the body says there is more (``pagination.more_note``: then that note, naming the argument).
REST page sizes are clamped to the tool's ``max_size`` (``pagination.bound_page_size``).

Big answers: a call has one deadline, ``<PREFIX>_TOTAL_TIMEOUT`` from its start. Sending and
reading happen on the event loop (I/O); everything done with the answer that grows with its
size (decoding, redacting, the bounds of upstream/answer_limits.py, parsing, filters, shaping,
chunking and redacting the chunks) runs in a worker thread (``off_loop``) within what is left
of that deadline, so other calls keep being served meanwhile. Past the deadline the call
ends with an error that says so, and the worker, which checks the deadline as it goes
(shaping/deadline.py), stops.
"""

from __future__ import annotations

import difflib
import json
import logging
import time
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Awaitable, Callable, TypeVar

import anyio
import anyio.to_thread
import httpx2

from .arguments import Controls, split_controls, validate_arguments
from .config.auth import CredentialSet, RequestAuth
from .config.redaction import MAX_FORM_CHARS, redact_json
from .config.servers import base_url_for
from .config.scopes import check_call
from .config.settings import Settings
from .continuations.continuation import (
    ContinuationError,
    ContinuationStore,
    MemoryContinuationStore,
)
from .errors import ToolCallError, UnknownTool, UpstreamError
from .input_limits import check_arguments
from .model import ServerModel, Tool
from .outcome import Outcome
from .upstream.progress import report, while_waiting
from .output import named_scope, sent_names, sent_values, shape_config_for, shape_output
from .shaping.deadline import PastDeadline, working_until
from .shaping.covered import shown_by
from .shaping.graphemes import cut
from .shaping.pipeline import (
    FieldSelectionError,
    ShapeConfig,
    ShapedResponse,
    shape_text,
    validate_fields,
)
from .shaping.truncate import loads as parse_json, scrub
from .telemetry import recording
from .telemetry.recording import Backend
from .upstream.hooks import NO_HOOKS, Hooks, apply_hooks
from .upstream.answer_limits import check_json, check_xml
from .upstream.http_call import UpstreamResponse, build_request
from .upstream.media import XML, media_kind
from .upstream.pagination import bound_page_size, more_note, next_arguments, way_members
from .upstream.retry import retry_after_seconds, send_reliably
from .upstream.xml_body import XmlBodyError, parse_xml

log = logging.getLogger(__name__)
EXCERPT_CHARS = 500
T = TypeVar("T")
# When the call being served must end (time.monotonic()); set by ``ServerRuntime.call``.
_CALL_DEADLINE: ContextVar[float | None] = ContextVar("mcpforge_call_deadline", default=None)


@dataclass(frozen=True)
class Shaped:
    """A shaped answer ready to page: its chunks (redacted), notes and what follows it."""

    chunks: list[str]
    notes: list[str]
    next_call: dict[str, Any] | None = None
    more: str | None = None
    labels: list[str] = field(default_factory=list)  # ShapedResponse.labels


def _page_name(index: int, total: int, label: str | None = None) -> str:
    """``page 7/12``, with what the page carries when it says (``page 7/12 (orphanedNodes
    1-34 of 150)``: ``ShapedResponse.labels``)."""
    return f"page {index}/{total}" + (f" ({label})" if label else "")


def _error(message: str) -> Outcome:
    return Outcome([message], is_error=True)


# Statuses that carry no body by definition, and methods whose empty 2xx means "done".
NO_CONTENT_STATUSES = frozenset({204, 205, 304})
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _log_mismatch(tool: str, shaped: ShapedResponse) -> None:
    """Tell the operator (stderr) when the default fields broke a run-time invariant: the
    response is not what the description says (the defaults were read from the response
    itself) or no default could keep it (the generic projection was sent). Worth fixing in the
    description or with an overlay ``include``."""
    if shaped.repaired:
        log.warning(
            "%s: the response did not match its description (%s); the agent got default "
            "fields read from the response",
            tool,
            "; ".join(shaped.repaired[:3]),
        )
    elif shaped.violations:
        log.warning(
            "%s: the default fields would have lost data (%s); the agent got the generic "
            "projection",
            tool,
            "; ".join(shaped.violations[:3]),
        )


def _member(value: Any, path: tuple[str, ...]) -> Any:
    """The member of ``value`` at the key path ``path`` (None where it is absent)."""
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _empty_body(tool: Tool, response: UpstreamResponse) -> Outcome:
    """An empty (or blank) body: success for 202 (accepted, not ready), 204/205/304, a HEAD, a
    write's 2xx or a body that promised nothing, saying what happened (with ``Location`` and
    ``Retry-After`` when the upstream sends them); an error when a read promised JSON and sent
    nothing (a proxy or upstream fault the agent would otherwise take for "no data")."""
    method = tool.binding.method.upper()
    if (
        response.status in NO_CONTENT_STATUSES
        or response.status == 202
        or method in WRITE_METHODS
        or method == "HEAD"
        or not response.is_json()
    ):
        return Outcome([_done(response)])
    return _error(
        f"The upstream answered HTTP {response.status} for {method} {tool.binding.path} with"
        f" Content-Type {response.content_type.split(';')[0].strip()} but an empty body: a read"
        " that promised JSON sent nothing. Retry later; if it persists the upstream (or a proxy"
        " in front of it) is failing."
    )


def _done(response: UpstreamResponse) -> str:
    """What an empty success says: accepted (not ready yet) or done, and where to look next."""
    status = response.status
    if status == 202:
        text = "Accepted: HTTP 202, the upstream accepted the request; the result is not ready yet"
    elif status == 201:
        text = "Created: HTTP 201, no content"
    else:
        text = f"Done: HTTP {status}, no content"
    location = response.headers.get("location", "").strip()
    if location:
        text += f"; Location: {location}" + (" (where the result will be)" if status == 202 else "")
    wait = retry_after_seconds(response.headers.get("retry-after"))
    if wait is not None and status == 202:
        text += f"; the upstream asks to check again after {wait:g} s"
    return text + "."


class ServerRuntime:
    """One server's tool calls. Public surface for the GraphQL binding, meta and code mode
    (``outcome.ToolRunner``): ``model``, ``settings``, ``hooks``, ``credentials``,
    ``client()``, ``body_text()``, ``redact()``, ``off_loop()``, ``paged()``,
    ``send_authorized()``, ``send_call()``, ``call_tool()``."""

    def __init__(
        self,
        model: ServerModel,
        settings: Settings,
        *,
        credentials: CredentialSet | None = None,
        store: ContinuationStore | None = None,
        http_client: httpx2.AsyncClient | None = None,
        hooks: Hooks | None = None,
        telemetry: Backend | None = None,
    ):
        self.model = model
        self.telemetry = telemetry  # None: off (telemetry/switch.py)
        self.hooks = hooks or NO_HOOKS
        self.settings = settings
        self.credentials = credentials or CredentialSet(model.credentials)
        # ``is None``, not ``or``: an empty store is falsy (it has a length).
        self.store = (
            store
            if store is not None
            else MemoryContinuationStore(
                ttl_seconds=model.limits.continuation_ttl,
                max_entries=settings.continuation_max_entries,
                max_bytes=settings.continuation_max_bytes,
            )
        )
        self._client = http_client
        self._owns_client = http_client is None
        # The GraphQL schema: None, the package's own schema.graphql; tests and the benchmarks
        # point a runtime built outside a package at one (graphql_call.runtime_schema).
        self.graphql_schema_path: Path | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def client(self) -> httpx2.AsyncClient:
        if self._client is None:
            self._client = httpx2.AsyncClient(
                timeout=httpx2.Timeout(
                    self.settings.read_timeout, connect=self.settings.connect_timeout
                ),
                follow_redirects=False,  # redirects.py follows them, minding credentials
                headers={"User-Agent": f"{self.model.name}-mcp/{self.model.version} (mcpforge)"},
            )
        return self._client

    async def aclose(self) -> None:
        store_close = getattr(self.store, "aclose", None)  # e.g. the Redis store's connections
        if store_close is not None:
            await store_close()
        if self._client is not None and self._owns_client:
            await self._client.aclose()
            self._client = None

    # -- calls -----------------------------------------------------------------------------
    async def call(
        self,
        name: str,
        arguments: dict[str, Any] | None,
        *,
        scope: str = "",
    ) -> Outcome:
        """``scope``: whose call this is (the authenticated principal over HTTP with
        authorization, "" otherwise); continuations created for one scope read as unknown in
        another."""
        with recording.recorded(self.telemetry, name):  # a span and metrics, when on
            return recording.finished(await self._call(name, arguments, scope))

    async def _call(self, name: str, arguments: dict[str, Any] | None, scope: str) -> Outcome:
        deadline = _CALL_DEADLINE.set(time.monotonic() + self.settings.total_timeout)
        try:
            check_arguments(name, arguments, self.settings.max_argument_bytes)
            if name == self.model.continue_tool_name:
                outcome = await self._continue(arguments or {}, scope)
            elif self.model.mode == "meta":  # find / describe / call operations (meta.py)
                from .meta import call_meta

                outcome = await call_meta(self, name, arguments or {}, scope)
            elif self.model.mode == "code":  # search / execute (codemode/)
                from .codemode.tools import call_code

                outcome = await call_code(self, name, arguments or {}, scope)
            else:
                outcome = await self.call_tool(self._tool(name), arguments, scope)
        except ToolCallError as exc:
            recording.note_error(exc)
            outcome = _error(exc.message)
        finally:
            _CALL_DEADLINE.reset(deadline)
        # scrub: no lone surrogate (from an upstream or an argument) reaches the transport
        return Outcome([scrub(self.redact(p)) for p in outcome.parts], outcome.is_error)

    def redact(self, text: str) -> str:
        """The credentials, in every form they can take (redaction.py), wherever they appear."""
        return self.credentials.secrets.redact(text)

    def body_text(self, body: bytes, max_chars: int | None = None) -> str:
        """The upstream body decoded and redacted, before anything excerpts or shapes it (a
        cut inside a secret would otherwise leak its start). ``max_chars``: only the head is
        needed; enough bytes past it are redacted that a secret crossing the cut is whole."""
        if max_chars is not None:
            longest = max(map(len, self.credentials.secrets.values), default=0)
            body = body[: max_chars * 4 + longest * MAX_FORM_CHARS]
        return self.redact(body.decode("utf-8", "replace"))

    def _tool(self, name: str) -> Tool:
        tool = self.model.tool(name)
        if tool is None:
            names = [t.name for t in self.model.tools] + [self.model.continue_tool_name]
            close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise UnknownTool(f"Unknown tool {name!r}.{hint}")
        return tool

    async def call_tool(
        self,
        tool: Tool,
        arguments: dict[str, Any] | None,
        scope: str,
        upstream_page: int = 1,
    ) -> Outcome:
        check_call(tool)  # the caller's token may call it (resource-server mode, scopes.py)
        args = validate_arguments(tool, arguments)
        controls, api_args = split_controls(args)
        config = replace(
            shape_config_for(tool),
            known_values=named_scope(tool, api_args),
            sent=sent_names(tool, api_args),
            sent_values=sent_values(tool, api_args),
        )
        if controls.fields is not None:
            # Check the selection before anything is sent upstream.
            try:
                validate_fields(config, controls.fields)
            except FieldSelectionError as exc:
                return _error(str(exc))
        if tool.binding.kind == "graphql":  # graphql_call.py: document, send, flatten, page
            from .graphql.graphql_call import call_graphql

            return await call_graphql(
                self, tool, args, controls, api_args, config, scope, upstream_page
            )
        response = await self.send_call(tool, api_args, upstream_page)
        return await self._shape_response(
            tool, config, controls, response, scope, args=args, upstream_page=upstream_page
        )

    async def send_call(
        self, tool: Tool, api_args: dict[str, Any], upstream_page: int = 1
    ) -> UpstreamResponse:
        """One REST request of ``tool`` with its validated API arguments (no controls): hooks,
        credentials, retries, timeouts; an HTTP error status raises ``UpstreamError``. Code
        mode's functions (codemode/calls.py) send through here too. ``upstream_page``: which
        page of the upstream's list this is (traces)."""
        base_url = base_url_for(tool, self.settings.base_url, self.settings.servers)
        recording.note_operation(tool, base_url, upstream_page)

        async def send(auth: RequestAuth) -> UpstreamResponse:
            request = build_request(
                tool, base_url, bound_page_size(tool, api_args), auth, self.settings.uploads
            )
            request = await apply_hooks(self.hooks, request, tool.name, self.credentials.secrets)
            return await send_reliably(self.client(), request, auth, self.settings)

        response = await self.send_authorized(tool, send)
        if response.status >= 400:
            raise UpstreamError(self._status_message(tool, response), status=response.status)
        return response

    async def send_authorized(
        self, tool: Tool, send: Callable[[RequestAuth], Awaitable[UpstreamResponse]]
    ) -> UpstreamResponse:
        """``send`` with the tool's credentials, OAuth tokens fresh; a 401 answered to an OAuth
        token the server can renew is retried once with a new one (config/oauth.py)."""
        client, base_url = self.client(), self.settings.base_url
        async with while_waiting("Waiting for the upstream API"):  # upstream/progress.py
            auth = await self.credentials.authorize(tool, client, base_url)
            response = await send(auth)
            if response.status == 401 and self.credentials.renew(tool, auth):
                log.info("%s: the upstream refused the access token; renewing it once", tool.name)
                response = await send(await self.credentials.authorize(tool, client, base_url))
        return response

    def _status_message(self, tool: Tool, response: UpstreamResponse) -> str:
        excerpt = self.body_text(response.body, EXCERPT_CHARS)
        if len(excerpt) > EXCERPT_CHARS:
            excerpt = cut(excerpt, EXCERPT_CHARS) + "…"
        advice = {
            400: "check the arguments against the tool's schema and the message below",
            401: (
                self.credentials.rejected_advice(tool, self.model.credentials)
                if tool.security
                else "the upstream asks for credentials the description does not declare"
            ),
            403: "the credentials lack permission for this call",
            404: "the resource does not exist (check identifiers) or is not visible to these credentials",
            409: "the request conflicts with the resource's current state",
            422: "the upstream could not process these arguments",
            429: "rate limited: wait before retrying"
            + (
                f" (the upstream asks for {wait:g} s)"
                if (wait := retry_after_seconds(response.headers.get("retry-after"))) is not None
                else ""
            ),
        }.get(
            response.status,
            "the upstream API failed" if response.status >= 500 else "request refused",
        )
        return (
            f"Upstream returned HTTP {response.status} for {tool.binding.method} {tool.binding.path}:"
            f" {advice}.\n{excerpt}".rstrip()
        )

    async def off_loop(self, work: Callable[[], T]) -> T:
        """``work()`` in a worker thread, within what is left of the call's deadline (see the
        module docstring); past it, an UpstreamError that says so."""
        deadline = _CALL_DEADLINE.get()
        if deadline is None:  # called outside ``call`` (the GraphQL binding's own tests)
            deadline = time.monotonic() + self.settings.total_timeout

        def bounded() -> T:
            with working_until(deadline):
                return work()

        try:
            with anyio.fail_after(max(0.0, deadline - time.monotonic())):
                return await anyio.to_thread.run_sync(bounded, abandon_on_cancel=True)
        except (TimeoutError, PastDeadline):
            raise UpstreamError(
                "The upstream answered, but reading and shaping its answer did not finish within"
                f" the total deadline of {self.settings.total_timeout:g} s"
                f" ({self.model.env_prefix}_TOTAL_TIMEOUT); ask for less (fields, filters, a"
                " smaller page size)."
            ) from None

    async def _shape_response(
        self,
        tool: Tool,
        config: ShapeConfig,
        controls: Controls,
        response: UpstreamResponse,
        scope: str,
        *,
        args: dict[str, Any] | None = None,
        upstream_page: int = 1,
    ) -> Outcome:
        done = await self.off_loop(
            lambda: self._shaped(tool, config, controls, response, args, upstream_page)
        )
        if isinstance(done, Outcome):
            return done
        return await self.paged(
            done.chunks,
            done.notes,
            scope,
            done.next_call,
            done.more,
            redacted=True,
            labels=done.labels,
        )

    def _shaped(
        self,
        tool: Tool,
        config: ShapeConfig,
        controls: Controls,
        response: UpstreamResponse,
        args: dict[str, Any] | None,
        upstream_page: int,
    ) -> Outcome | Shaped:
        """The answer decoded, bounded, parsed, shaped and its chunks redacted (a worker
        thread's work: nothing here touches the event loop); an Outcome when it is done."""
        body = response.body
        if not body.strip():
            return _empty_body(tool, response)
        text = self.body_text(body)
        limits, prefix = self.settings.answer_limits, self.model.env_prefix
        value: Any = None
        parsed = False
        if response.is_json() or text.lstrip()[:1] in ("{", "["):
            check_json(text, limits, prefix)  # upstream/answer_limits.py
            try:
                value = parse_json(text)  # a too-long integer stays text
                parsed = True
            except (ValueError, RecursionError):
                value, parsed = self._parse_unredacted(body)
                if not parsed and response.is_json():
                    snippet = cut(text, 200).replace("\n", " ")
                    return _error(
                        f"The upstream said the body is JSON but it is not valid JSON "
                        f"(HTTP {response.status}, {len(body)} bytes). It starts with: {snippet}"
                    )
        if not parsed and self._reads_xml(tool, response, text):
            check_xml(text, limits, prefix)
            try:  # into the tree JSON would give (xml_body.py)
                value, parsed = parse_xml(text, tool.response.xml), True
            except XmlBodyError as exc:
                snippet = cut(text, 200).replace("\n", " ")
                return _error(
                    f"The upstream said the body is XML but {exc} (HTTP {response.status},"
                    f" {len(body)} bytes). It starts with: {snippet}"
                )
        next_call = None  # REST upstream pagination (pagination.py), see "Upstream pages" above
        following = note = None
        if parsed and args is not None and tool.pagination:
            following = next_arguments(tool, args, response.headers, value)
            if following is not None:
                next_call = {
                    "tool": tool.name,
                    "arguments": following,
                    "upstream_page": upstream_page + 1,
                }
        if parsed and following is None:
            # The body says more exists but no next request follows from it: say so, with the
            # argument to pass; never a "has_more: false" against the upstream's word.
            note = more_note(tool, args or {}, value)
        if parsed and (next_call is not None or note is not None):
            # the body's own way to its next page, which the footer (or the note) stands for
            ways = way_members(tool, value)
            if note is not None:
                ways = [w for w in ways if shown_by(note, _member(value, w))]
            config = replace(config, covered=tuple(ways))
        if parsed:  # filters -> adapters -> shaping (output.py)
            try:
                shaped = shape_output(
                    value,
                    tool,
                    config,
                    fields=controls.fields,
                    detail_level=controls.detail_level,
                    response_format=controls.response_format,
                    filter_set=self.settings.filter_set,
                )
            except FieldSelectionError as exc:  # no requested path exists in this response
                return _error(str(exc))
            _log_mismatch(tool.name, shaped)
        else:
            shaped = shape_text(text, config)
        # Redacted here, before they are stored (memory or Redis), not only when served.
        chunks = [self.redact(c) for c in shaped.chunks]
        if note is not None:
            note = self.redact(note)
            return Shaped(chunks, [*shaped.notes, note], more=note, labels=shaped.labels)
        if parsed and following is None and tool.pagination and len(chunks) <= 1:
            return Shaped(chunks, [*shaped.notes, "[has_more: false]"])  # the last page says so
        return Shaped(chunks, list(shaped.notes), next_call, labels=shaped.labels)

    @staticmethod
    def _reads_xml(tool: Tool, response: UpstreamResponse, text: str) -> bool:
        """An XML body: said so by its Content-Type, or markup where XML was described."""
        if response.is_xml():
            return True
        described = media_kind(tool.response.media_type) == XML
        return described and not response.is_json() and text.lstrip().startswith("<")

    def _parse_unredacted(self, body: bytes) -> tuple[Any, bool]:
        """A body that is JSON only before redaction (a secret that was a number, or spanned
        JSON syntax): parse the original, then redact every key and value of the result."""
        text = body.decode("utf-8", "replace")
        check_json(text, self.settings.answer_limits, self.model.env_prefix)
        try:
            value = parse_json(text)
            return redact_json(value, self.redact), True
        except (ValueError, RecursionError):
            return None, False

    async def paged(
        self,
        chunks: list[str],
        notes: list[str],
        scope: str,
        next_call: dict[str, Any] | None = None,
        more: str | None = None,
        *,
        redacted: bool = False,
        labels: list[str] | None = None,
    ) -> Outcome:
        """Page 1 now, the rest in the store; ``next_call``: see "Upstream pages" above;
        ``more``: the note that the upstream has more than can be fetched (the last chunk's
        footer repeats it instead of "has_more: false"); ``redacted``: the chunks are already
        (off the event loop); ``labels``: what each chunk carries (``ShapedResponse.labels``),
        said in its footer."""
        # Redacted before they are stored (memory or Redis), not only when served.
        chunks = (chunks if redacted else [self.redact(c) for c in chunks]) or [""]
        recording.note_pages(len(chunks), more=len(chunks) > 1 or next_call is not None)
        parts = [chunks[0]] + list(notes)
        if len(chunks) > 1 or next_call is not None:
            rest = chunks[1:] + ([""] if next_call is not None else [])
            context: dict[str, Any] | None = None
            if next_call is not None:
                context = {"next_call": next_call}
            elif more is not None:
                context = {"upstream_more": more}
            label = None
            if labels and len(labels) == len(chunks):  # each page says what it carries
                context, label = {**(context or {}), "labels": labels}, labels[0]
            cont_id = await self.store.create(scope, rest, context)
            upstream = next_call is not None
            parts.append(self._footer(1, len(chunks), cont_id, upstream_more=upstream, label=label))
        return Outcome(parts)

    def _footer(
        self,
        index: int,
        total: int,
        cont_id: str | None,
        *,
        upstream_more: bool = False,
        label: str | None = None,
    ) -> str:
        page = _page_name(index, total, label)
        if cont_id is None:
            return f"[{page}, last page, has_more: false]"
        where, then = f"{page}, ", ""
        if upstream_more and index >= total:  # the next call fetches the next upstream page
            # ("page 1/1" of one upstream page says nothing; "page 3/3" needs the reason)
            where, then = ("", "") if total <= 1 else (where, " for the next upstream page")
        return (
            f"[{where}has_more: true, call {self.model.continue_tool_name} with "
            f'continuation_id="{cont_id}"{then}]'
        )

    def _unconfirmed(self, tool: Tool, arguments: dict[str, Any]) -> str:
        """Why a continue does not fetch the next page of a tool the user confirms: their
        answer covered the request they were shown, not the one the upstream's answer names
        (its ``Link`` header may add any argument)."""
        shown = json.dumps(arguments, ensure_ascii=False, sort_keys=True)
        if len(shown) > 600:
            shown = cut(shown, 599) + "…"
        return (
            f"Not done: the next upstream page would call {tool.name} again, with {shown} (taken"
            " from the upstream's answer), and the user's confirmation covered only the call they"
            f" were shown. Nothing was sent to the upstream API. To go on, call {tool.name} with"
            " these arguments: the user is asked about them."
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
        next_call = (page.context or {}).get("next_call")
        labels = (page.context or {}).get("labels")
        label = None  # (the placeholder page of the next upstream page has none)
        if isinstance(labels, list) and 0 < page.index <= len(labels):
            label = labels[page.index - 1]
        recording.note_continuation(page.index, page.total)
        if next_call is not None:
            if page.remaining == 0:  # the placeholder page: fetch the next upstream page
                tool = self._tool(next_call["tool"])
                if tool.asks_first(self.settings.confirm_destructive):
                    return _error(self._unconfirmed(tool, next_call["arguments"]))
                await report(f"Fetching upstream page {next_call.get('upstream_page', 2)}")
                return await self.call_tool(
                    tool,
                    next_call["arguments"],
                    scope,
                    upstream_page=int(next_call.get("upstream_page", 2)),
                )
            total = page.total - 1
            await report(f"Page {page.index} of {total} of this upstream page")
            footer = self._footer(page.index, total, cont_id, upstream_more=True, label=label)
            return Outcome([page.text, footer])
        more = page.remaining > 0
        await report(f"Page {page.index} of {page.total}")
        footer = self._footer(page.index, page.total, cont_id if more else None, label=label)
        upstream_more = (page.context or {}).get("upstream_more")
        if not more and isinstance(upstream_more, str):  # not "has_more: false": see paged
            where = _page_name(page.index, page.total, label)
            footer = f"[{where}, last page of this response] {upstream_more}"
        return Outcome([page.text, footer])
