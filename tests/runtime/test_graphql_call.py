"""The runtime GraphQL caller: selection sets from dot paths, documents, response mapping."""

import json
from dataclasses import replace

import pytest
from graphql import build_schema

from generator.runtime.arguments import Controls
from generator.runtime.errors import InvalidArguments, UpstreamError
from generator.runtime.graphql.graphql_call import GraphQLRequest, build_request, interpret
from generator.runtime.graphql.graphql_selection import SelectionError, compile_selection
from generator.runtime.model import Binding, Limits, Param, ResponseConfig, Tool

SCHEMA = build_schema("""
interface Node { id: ID! }
type User implements Node { id: ID!, login: String!, bio: String }
type Bot implements Node { id: ID!, login: String!, model: String }
type Org implements Node { id: ID!, name: String! }
union Actor = User | Bot | Org
type PageInfo { hasNextPage: Boolean!, endCursor: String }
type Issue implements Node {
  id: ID!
  title: String!
  author: Actor
  assignees(first: Int, after: String): UserConnection!
}
type UserConnection { nodes: [User!]!, pageInfo: PageInfo!, totalCount: Int! }
type IssueEdge { node: Issue! }
type IssueConnection { edges: [IssueEdge!]!, pageInfo: PageInfo! }
type Query {
  issues(first: Int, after: String, last: Int): IssueConnection!
  node(id: ID!): Node
  count: Int!
}
""")
ISSUE = SCHEMA.type_map["Issue"]
TREE = {"id": "string", "title": "string", "author": {"__typename": "string", "login": "string"}}


def render(paths, tree=TREE, exclude=()):
    return compile_selection(SCHEMA, ISSUE, paths, tree, exclude).render()


def test_paths_compile_to_nested_selections_with_fragments_for_union_members() -> None:
    assert render(["title", "author.login"]) == (
        "{ title author { __typename ... on Bot { login } ... on User { login } } }"
    )
    # a nested connection gets a bounded first
    # (with aliased markers saying whether it had more: graphql_nested.py)
    assert render(["assignees.nodes.login"]) == (
        "{ assignees(first: 10) { nodes { login } _mcpforge_more: pageInfo { hasNextPage } "
        "_mcpforge_total: totalCount } }"
    )


def test_everything_follows_the_tree_and_scalars_below_it() -> None:
    assert render(None) == (
        "{ id title author { __typename ... on Bot { login } ... on User { login } } }"
    )
    assert render(None, exclude=("author",)) == "{ id title }"
    assert render(["assignees.nodes"]) == (
        "{ assignees(first: 10) { nodes { id login bio } "
        "_mcpforge_more: pageInfo { hasNextPage } _mcpforge_total: totalCount } }"
    )
    assert render(["*"], tree=None) == "{ id title }"


def test_unknown_and_impossible_paths_name_what_exists() -> None:
    with pytest.raises(SelectionError) as err:
        render(["titel"])
    assert "Did you mean title" in str(err.value)
    with pytest.raises(SelectionError, match="no fields to select"):
        render(["title.length"])


def _tool(field: str, params: tuple[Param, ...], tree=None, defaults=(), collection=None) -> Tool:
    props: dict[str, dict] = {
        p.arg: {"type": "integer" if p.wire in ("first", "last") else "string"} for p in params
    }
    if field == "issues":
        props["first"]["default"] = 5
    return Tool(
        name=field,
        title=field,
        description="",
        input_schema={"type": "object", "properties": props},
        annotations={},
        binding=Binding(kind="graphql", operation_type="query", field_name=field),
        params=params,
        response=ResponseConfig(
            collection_path=collection, field_tree=tree, default_fields=tuple(defaults)
        ),
        limits=Limits(),
    )


ISSUES = _tool(
    "issues",
    (Param("first", "graphql", "first"), Param("after", "graphql", "after"), Param("last", "graphql", "last")),
    tree=TREE,
    defaults=("title",),
    collection="nodes",
)  # fmt: skip


def test_a_root_connection_gets_paging_fields_and_a_default_first() -> None:
    request = build_request(SCHEMA, ISSUES, {}, Controls())
    assert request.variables == {"first": 5}
    assert request.document == (
        "query issues($first: Int) {\n  issues(first: $first) {\n"
        "    pageInfo {\n      hasNextPage\n      endCursor\n    }\n"
        "    edges {\n      node {\n        title\n      }\n    }\n  }\n}"
    )
    assert request.connection_path == ("edges", "node") and request.cursor_arg == "after"
    last = build_request(SCHEMA, ISSUES, {"last": 3}, Controls(fields=["id"]))
    assert last.variables == {"last": 3}  # no first forced next to last


def test_variables_are_checked_by_graphql_before_sending() -> None:
    with pytest.raises(InvalidArguments, match="Int cannot represent"):
        build_request(SCHEMA, ISSUES, {"first": "many"}, Controls())
    scalar = _tool("count", ())
    assert build_request(SCHEMA, scalar, {}, Controls()).document == "query count {\n  count\n}"


def _request() -> GraphQLRequest:
    return build_request(SCHEMA, ISSUES, {}, Controls())


def test_responses_are_flattened_and_give_the_next_cursor() -> None:
    body = {
        "data": {
            "issues": {
                "pageInfo": {"hasNextPage": True, "endCursor": "c2"},
                "edges": [{"node": {"title": "a"}}, {"node": {"title": "b"}}],
            }
        }
    }
    result = interpret(_request(), 200, json.dumps(body).encode())
    assert result.value == {
        "pageInfo": {"hasNextPage": True, "endCursor": "c2"},
        "nodes": [{"title": "a"}, {"title": "b"}],
    }
    assert result.end_cursor == "c2" and result.notes == []


def test_errors_without_data_raise_and_with_data_become_a_note() -> None:
    errors = [{"message": "Not allowed", "path": ["issues"], "extensions": {"code": "FORBIDDEN"}}]
    with pytest.raises(UpstreamError) as err:
        interpret(_request(), 200, json.dumps({"data": None, "errors": errors}).encode())
    assert "- Not allowed (at issues) [FORBIDDEN]" in err.value.message
    partial = {"data": {"issues": {"pageInfo": {"hasNextPage": False}, "edges": []}}}
    result = interpret(_request(), 200, json.dumps({**partial, "errors": errors}).encode())
    assert result.value["nodes"] == [] and "partial data" in result.notes[0]
    with pytest.raises(UpstreamError, match="not a GraphQL response"):
        interpret(_request(), 200, b'{"message": "hi"}')
    with pytest.raises(UpstreamError, match="without JSON"):
        interpret(_request(), 502, b"<html>bad gateway</html>")


def test_a_nested_connection_cut_at_its_first_page_is_said_and_its_markers_removed() -> None:
    """The compiled document runs for real (graphql-core) on issues with 12 and 2 assignees."""
    from graphql import graphql_sync

    from generator.runtime.graphql.graphql_nested import MORE, TOTAL

    def users(n: int, first: int | None = None, after: str | None = None, **_: object) -> dict:
        people = [{"id": str(i), "login": f"u{i}"} for i in range(n)]
        shown = people[: first or n]
        return {"nodes": shown, "pageInfo": {"hasNextPage": len(shown) < n}, "totalCount": n}

    def issue(title: str, n: int) -> dict:
        return {"title": title, "assignees": lambda info, **a: users(n, **a)}

    root = {"issues": lambda info, **a: {
        "edges": [{"node": issue("big", 12)}, {"node": issue("small", 2)}],
        "pageInfo": {"hasNextPage": False},
    }}  # fmt: skip
    controls = Controls(fields=["title", "assignees.nodes.login"])
    request = build_request(SCHEMA, ISSUES, {}, controls)
    executed = graphql_sync(
        SCHEMA, request.document, root_value=root, variable_values=request.variables
    )
    assert executed.errors is None, executed.errors
    body = json.dumps({"data": executed.data}).encode()
    result = interpret(request, 200, body)
    big, small = result.value["nodes"]
    assert len(big["assignees"]["nodes"]) == 10 and len(small["assignees"]["nodes"]) == 2
    assert MORE not in json.dumps(result.value) and TOTAL not in json.dumps(result.value)
    assert big["assignees"] == {"nodes": [{"login": f"u{i}"} for i in range(10)]}
    assert result.notes == [
        "[assignees: only the first 10 entries were fetched in 1 item(s) (up to 12 in all); "
        "nested lists are not paged: query that item for the rest]"
    ]


def test_a_union_where_the_tree_stops_selects_its_members_identity_and_label() -> None:
    # "any" below the author: before, a union expanded to `{ __typename }` and carried no data
    doc = render(["author"], tree={"author": "any"})
    members = "... on Bot { id login } ... on Org { id name } ... on User { id login }"
    assert doc == "{ author { __typename " + members + " } }"
    actor = SCHEMA.type_map["Actor"]
    assert compile_selection(SCHEMA, actor, None, "any").render() == (
        "{ __typename " + members + " }"
    )


def test_union_defaults_name_the_members_identity_and_label_fields() -> None:
    from generator.loaders.graphql_tree import GraphQLTrees
    from generator.runtime.shaping.decision import decide

    schema = build_schema("""
        type User { id: ID!, login: String!, bio: String }
        type Team { id: ID!, slug: String!, name: String!, size: Int }
        type Repo { id: ID!, nameWithOwner: String!, stars: Int }
        union Hit = User | Team | Repo
        type Query { search(q: String!): [Hit!]! }
        """)
    assert schema.query_type is not None
    shape = GraphQLTrees(schema).shape(schema.query_type.fields["search"])
    decided = decide(shape.decision_tree, shape.context, kind="read", item=True)
    shape = replace(shape, default_fields=decided.default_fields)
    assert shape.default_fields[0] == "__typename"
    assert {"login", "slug", "nameWithOwner"} <= set(shape.default_fields)
    tool = Tool(
        "search",
        "search",
        "",
        {"type": "object", "properties": {"q": {"type": "string"}}},
        {},
        Binding("graphql", operation_type="query", field_name="search"),
        (Param("q", "graphql", "q", True),),
        ResponseConfig(
            collection_path="", field_tree=shape.field_tree, default_fields=shape.default_fields
        ),
        Limits(),
    )
    request = build_request(schema, tool, {"q": "x"}, Controls())
    document = " ".join(request.document.split())
    user = document.split("... on User {")[1].split("}")[0].split()
    assert user[0] == "id" and "login" in user  # (and a text preview: the bio)
    assert "... on Repo { id nameWithOwner" in document
