"""GraphQL binding: one tool call -> one validated query document, POSTed as JSON.

The package ships its schema as ``schema.graphql`` next to ``spec.json`` (only the types its
tools reach, without descriptions); it is parsed on the first GraphQL call and kept.

Per call: the selection (default fields, the agent's ``fields``, or everything the field tree
describes for ``["*"]``/``detailed``) is compiled into a selection set (graphql_selection.py),
wrapped in ``<op> <field>($vars) { <field>(args) { ... } }`` (a namespace's field nested in
it: ``query search_transactions($input: ...) { search { transactions(input: $input) { ... } } }``), validated with graphql-core
(document and variable values) and only then sent as ``{"query", "variables"}``.

Relay connections at the root: ``first`` defaults to the tool's declared default when neither
``first`` nor ``last`` is given; ``pageInfo { hasNextPage endCursor }`` and the connection's
scalar metadata are selected; the result is flattened to ``{<meta>, pageInfo, nodes: [...]}``.
When there is a next upstream page, the result carries a ``next_call`` (the same tool with
``after: endCursor``) that ``<api>_continue`` runs once the current chunks are exhausted.

Response: ``errors`` without data are an ``is_error`` result listing each message with its
path and code; data with errors is returned with a note naming the errors.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from graphql import (
    GraphQLField,
    GraphQLSchema,
    OperationDefinitionNode,
    build_schema,
    get_named_type,
    get_variable_values,
    is_leaf_type,
    is_object_type,
    parse,
    print_ast,
    validate,
)

from ..arguments import Controls
from ..config.auth import RequestAuth
from ..errors import ConfigurationError, InvalidArguments, UpstreamError
from ..filters import Branch
from ..model import Tool
from ..outcome import Outcome, ToolRunner
from ..output import plan_for, shape_output
from ..shaping.fields import selects_everything
from ..shaping.graphemes import cut
from ..shaping.pipeline import ShapeConfig, ShapedResponse
from ..shaping.truncate import loads as parse_json
from ..telemetry.recording import note_operation
from ..upstream.answer_limits import check_json
from ..upstream.hooks import apply_hooks
from ..upstream.http_call import OutgoingRequest, UpstreamResponse
from ..upstream.redirects import send_following
from ..upstream.retry import RetryPolicy, call_with_retries
from .graphql_guards import add_guards, guard_paths, merge_selection
from .graphql_nested import nested_notes
from .graphql_selection import SelectionError, SelectionSet, compile_selection, leaf_paths
from .graphql_types import NESTED_FIRST, connection

SCHEMA_FILE = "schema.graphql"
DEFAULT_FIRST = 20
MAX_ERRORS_SHOWN = 10


def default_schema_path() -> Path:
    """``<package>/schema.graphql``: this module lives in ``<package>/runtime/graphql/``."""
    return Path(__file__).resolve().parents[2] / SCHEMA_FILE


@lru_cache(maxsize=4)
def load_schema(path: str) -> GraphQLSchema:
    """Parse the shipped SDL once. It was checked when the package was generated."""
    try:
        sdl = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigurationError(f"The GraphQL schema file is missing: {path} ({exc}).") from exc
    return build_schema(sdl, assume_valid=True, assume_valid_sdl=True)


@dataclass(frozen=True)
class GraphQLRequest:
    document: str
    variables: dict[str, Any]
    field_name: str
    connection_path: tuple[str, ...] | None  # ("nodes",) / ("edges", "node") at the root
    cursor_arg: str | None  # tool argument that takes ``after``
    # Under a filter set: the item paths of the tool's default selection, fetched along so
    # that a filter that does not apply shows exactly the default (output.shape_output).
    default_paths: tuple[str, ...] | None = None
    namespace: str | None = None  # the root field the answer is nested in


@dataclass
class GraphQLResult:
    value: Any
    notes: list[str] = field(default_factory=list)
    end_cursor: str | None = None


def _selection_paths(tool: Tool, controls: Controls) -> list[str] | None:
    """None = everything the field tree describes."""
    if controls.fields is not None:
        fields = [f.strip() for f in controls.fields if str(f).strip()]
        return None if not fields or selects_everything(fields) else fields
    if controls.detail_level == "detailed":
        return None
    return list(tool.response.default_fields) or None


def _item_tree(tool: Tool) -> Any:
    tree = tool.response.field_tree
    path = tool.response.collection_path
    if isinstance(tree, dict) and path and path in tree:
        tree = tree[path]
    while isinstance(tree, list):
        tree = tree[0] if tree else None
    return tree


def build_request(
    schema: GraphQLSchema,
    tool: Tool,
    api_args: dict[str, Any],
    controls: Controls,
    branches: tuple[Branch, ...] = (),
) -> GraphQLRequest:
    """The validated document and variables for one call; raises InvalidArguments.

    ``branches``: the output filter in use; what it reads is selected too (graphql_guards.py).
    """
    binding = tool.binding
    fdef = _field(schema, binding)
    variables: dict[str, Any] = {}
    cursor_arg = None
    for param in tool.params:
        if param.location != "graphql":
            continue
        if param.wire == "after":
            cursor_arg = param.arg
        if param.arg in api_args:
            variables[param.wire] = api_args[param.arg]
    conn = connection(fdef.type)
    if conn is not None and "first" in fdef.args and not ({"first", "last"} & set(variables)):
        prop = tool.input_schema.get("properties", {}).get(_arg_for(tool, "first") or "", {})
        variables["first"] = prop.get("default", DEFAULT_FIRST)
    named = get_named_type(fdef.type)
    selection = ""
    default_paths: tuple[str, ...] | None = None
    if not is_leaf_type(named):
        item_type = conn.node_type if conn is not None else named
        try:
            item = compile_selection(
                schema,
                item_type,
                _selection_paths(tool, controls),
                _item_tree(tool),
                tool.response.exclude,
            )
        except SelectionError as exc:
            raise InvalidArguments(str(exc)) from None
        guards = guard_paths(branches, connection=conn is not None)
        add_guards(schema, item_type, item, guards, _item_tree(tool))
        if branches:  # the default selection too: a filter that does not apply shows it
            default = compile_selection(
                schema,
                item_type,
                _selection_paths(tool, Controls()),
                _item_tree(tool),
                tool.response.exclude,
            )
            merge_selection(item, default)
            default_paths = tuple(leaf_paths(default))
        selection = (_wrap_connection(conn, item) if conn is not None else item).render()
    var_defs = ", ".join(f"${name}: {fdef.args[name].type}" for name in variables)
    call_args = ", ".join(f"{name}: ${name}" for name in variables)
    op = binding.operation_type or "query"
    call = f"{binding.field_name}{f'({call_args})' if call_args else ''} {selection}"
    if binding.namespace:  # the call nested in its namespace: ``search { transactions(...) }``
        call = f"{binding.namespace} {{ {call} }}"
    name = binding.field_path.replace(".", "_")
    text = f"{op} {name}{f'({var_defs})' if var_defs else ''} {{ {call} }}"
    document = parse(text, no_location=True)
    problems = validate(schema, document)
    if problems:
        raise InvalidArguments(
            "The query built for this call is not valid against the schema: "
            + "; ".join(p.message for p in problems[:5])
        )
    operation = next(d for d in document.definitions if isinstance(d, OperationDefinitionNode))
    coerced = get_variable_values(schema, operation.variable_definitions or (), variables)
    if isinstance(coerced, list):
        raise InvalidArguments(
            f"Invalid arguments for {tool.name}: " + "; ".join(e.message for e in coerced[:8])
        )
    return GraphQLRequest(
        print_ast(document),
        variables,
        binding.field_name or "",
        conn.node_path if conn is not None else None,
        cursor_arg if conn is not None and conn.page_info else None,
        default_paths,
        binding.namespace,
    )


def _field(schema: GraphQLSchema, binding: Any) -> GraphQLField:
    """The field the tool calls: a root field, or a field of its namespace's object."""
    root = schema.query_type if binding.operation_type == "query" else schema.mutation_type
    fdef: GraphQLField | None = None
    if root is not None:
        fdef = root.fields.get(binding.namespace or binding.field_name or "")
    if fdef is not None and binding.namespace:
        holder = get_named_type(fdef.type)
        fdef = holder.fields.get(binding.field_name or "") if is_object_type(holder) else None
    if fdef is None:
        raise ConfigurationError(
            f"The shipped schema has no {binding.operation_type} field {binding.field_path!r}."
        )
    return fdef


def _arg_for(tool: Tool, wire: str) -> str | None:
    for param in tool.params:
        if param.location == "graphql" and param.wire == wire:
            return param.arg
    return None


def _wrap_connection(conn: Any, item: SelectionSet) -> SelectionSet:
    top = SelectionSet()
    for name in conn.meta:
        top.fields[name] = None
    if conn.page_info:
        top.fields["pageInfo"] = SelectionSet(fields={"hasNextPage": None, "endCursor": None})
    if conn.node_path == ("nodes",):
        top.fields["nodes"] = item
    else:
        top.fields["edges"] = SelectionSet(fields={"node": item})
    return top


def _error_line(error: Any) -> str:
    if not isinstance(error, dict):
        return f"- {error}"
    text = f"- {error.get('message', 'unknown error')}"
    path = error.get("path")
    if isinstance(path, list) and path:
        text += f" (at {'.'.join(str(p) for p in path)})"
    ext = error.get("extensions")
    if isinstance(ext, dict) and isinstance(ext.get("code"), str):
        text += f" [{ext['code']}]"
    return text


def interpret(request: GraphQLRequest, status: int, body: bytes | str) -> GraphQLResult:
    """The tool's value from a GraphQL HTTP response (``body``: the raw bytes, or the text
    already decoded and redacted); raises UpstreamError for failures."""
    text = body if isinstance(body, str) else body.decode("utf-8", "replace")
    try:
        payload = parse_json(text)
    except ValueError:
        snippet = cut(text, 200).replace("\n", " ")
        raise UpstreamError(
            f"The GraphQL endpoint answered HTTP {status} without JSON: {snippet}", status=status
        ) from None
    if not isinstance(payload, dict) or not ({"data", "errors"} & set(payload)):
        raise UpstreamError(
            f"The endpoint answered HTTP {status} with JSON that is not a GraphQL response "
            "(no data, no errors): check the GraphQL URL.",
            status=status,
        )
    errors = payload.get("errors") or []
    data = payload.get("data")
    if isinstance(data, dict) and request.namespace is not None:
        data = data.get(request.namespace)  # ``{search: {transactions: ...}}``
    value = data.get(request.field_name) if isinstance(data, dict) else None
    lines = [_error_line(e) for e in errors[:MAX_ERRORS_SHOWN]]
    if len(errors) > MAX_ERRORS_SHOWN:
        lines.append(f"- … and {len(errors) - MAX_ERRORS_SHOWN} more")
    if errors and value is None:
        raise UpstreamError(
            f"The GraphQL API returned {len(errors)} error(s) and no data (HTTP {status}):\n"
            + "\n".join(lines),
            status=status,
        )
    if status >= 400 and not errors:
        raise UpstreamError(f"The GraphQL endpoint answered HTTP {status}.", status=status)
    result = GraphQLResult(value)
    result.notes.extend(nested_notes(value, NESTED_FIRST))
    if errors:
        result.notes.append(
            f"[partial data: the GraphQL API also returned {len(errors)} error(s); the fields "
            "they name are null or missing]\n" + "\n".join(lines)
        )
    if request.connection_path is not None and isinstance(value, dict):
        result.value, result.end_cursor = _flatten(value, request)
    return result


def _flatten(value: dict[str, Any], request: GraphQLRequest) -> tuple[dict[str, Any], str | None]:
    """``{meta, pageInfo, edges: [{node}]}`` -> ``{meta, pageInfo, nodes: [...]}``."""
    path = request.connection_path or ("nodes",)
    items = value.get(path[0])
    if len(path) == 2 and isinstance(items, list):
        items = [e.get(path[1]) if isinstance(e, dict) else e for e in items]
    out = {k: v for k, v in value.items() if k not in ("nodes", "edges")}
    out["nodes"] = items if isinstance(items, list) else []
    info = value.get("pageInfo")
    cursor = None
    if (
        isinstance(info, dict)
        and info.get("hasNextPage")
        and isinstance(info.get("endCursor"), str)
    ):
        cursor = info["endCursor"]
    return out, cursor


def runtime_schema(runtime: ToolRunner) -> GraphQLSchema:
    """The schema the package ships (or the one a test points the runtime at)."""
    path = runtime.graphql_schema_path or default_schema_path()
    return load_schema(str(path))


async def send_graphql(
    runtime: ToolRunner, tool: Tool, request: GraphQLRequest, upstream_page: int = 1
) -> UpstreamResponse:
    """POST one built request: hooks, credentials, retries (a query like a GET, a mutation
    never), redirects, the deadline. Code mode's functions (codemode/calls.py) send here too."""
    note_operation(tool, runtime.settings.base_url, upstream_page)  # telemetry, when on
    body = json.dumps(
        {"query": request.document, "variables": request.variables},
        separators=(",", ":"),
        ensure_ascii=False,
    ).encode()
    policy = RetryPolicy(
        retries=runtime.settings.retries, total_timeout=runtime.settings.total_timeout
    )

    async def send(auth: RequestAuth) -> UpstreamResponse:
        headers = {**auth.headers, "Content-Type": "application/json", "Accept": "application/json"}
        outgoing = OutgoingRequest(
            "POST", runtime.settings.base_url, list(auth.query.items()), headers, auth.cookies, body
        )
        outgoing = await apply_hooks(
            runtime.hooks, outgoing, tool.name, runtime.credentials.secrets
        )
        # Same transport as REST (redirects, deadline); a query is retried like a GET, a
        # mutation never (it is not idempotent).
        return await call_with_retries(
            lambda: send_following(
                runtime.client(),
                outgoing,
                auth,
                max_bytes=runtime.settings.max_response_bytes,
                policy=runtime.settings.redirects,
            ),
            "GET" if tool.binding.operation_type == "query" else "POST",
            policy,
        )

    return await runtime.send_authorized(tool, send)


async def call_graphql(
    runtime: ToolRunner,
    tool: Tool,
    args: dict[str, Any],
    controls: Controls,
    api_args: dict[str, Any],
    config: ShapeConfig,
    scope: str,
    upstream_page: int = 1,
) -> Outcome:
    """Run one GraphQL tool call end to end (used by ``ServerRuntime.call_tool``)."""
    schema = runtime_schema(runtime)
    plan = plan_for(tool, runtime.settings.filter_set)
    request = build_request(schema, tool, api_args, controls, plan.branches)
    response = await send_graphql(runtime, tool, request, upstream_page)

    def work() -> tuple[GraphQLResult, ShapedResponse | None, list[str]]:
        """Off the event loop (executor.off_loop): decode, bound, parse, shape, redact."""
        # Redacted before anything is excerpted or shaped (a cut inside a secret would leak it).
        text = runtime.body_text(response.body)
        if text.lstrip()[:1] in ("{", "["):  # anything else: interpret says what it is
            check_json(text, runtime.settings.answer_limits, runtime.model.env_prefix)
        result = interpret(request, response.status, text)
        if result.value is None:
            return result, None, []
        # The upstream sent the selection (plus what the filter reads): filters and adapters
        # apply, then shaping keeps what came back (projected to the agent's selection only
        # when a filter's guards were added). ``exclude`` was applied when the selection was
        # compiled (an explicit path wins over it); the filter's fallback uses the tool's own.
        # the connection's cursor, which the footer stands for when continue fetches the next
        # page (shaping/covered.py)
        follows = result.end_cursor is not None and request.cursor_arg is not None
        covered = (("pageInfo", "endCursor"),) if follows else ()
        shaped = shape_output(
            result.value,
            tool,
            replace(config, exclude=(), covered=covered),
            fields=controls.fields,
            detail_level=controls.detail_level,
            response_format=controls.response_format,
            filter_set=runtime.settings.filter_set,
            preselected=_selection_paths(tool, controls) or ["*"],
            default_paths=request.default_paths,
        )
        return result, shaped, [runtime.redact(c) for c in shaped.chunks]

    result, shaped, chunks = await runtime.off_loop(work)
    if shaped is None:
        return Outcome([f"{tool.binding.field_path} returned null (nothing for these arguments)."])
    notes = list(result.notes) + list(shaped.notes)
    next_call = None
    if result.end_cursor is not None and request.cursor_arg is not None:
        next_call = {
            "tool": tool.name,
            "arguments": {**args, request.cursor_arg: result.end_cursor},
            "upstream_page": upstream_page + 1,
        }
    if upstream_page > 1:
        last = "" if next_call is not None else ", the last one"
        notes.insert(0, f"[upstream page {upstream_page}{last}]")
    return await runtime.paged(
        chunks, notes, scope, next_call=next_call, redacted=True, labels=shaped.labels
    )
