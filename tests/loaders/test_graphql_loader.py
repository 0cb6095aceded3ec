"""The GraphQL loader: SDL and introspection in, the same IR as OpenAPI out."""

import json
from pathlib import Path

import pytest
from graphql import build_schema, get_introspection_query, graphql_sync

from generator.diagnostics import GenerationError, Severity
from generator.ir.models import GraphQLBinding
from generator.loaders.graphql import load_graphql
from generator.runtime.shaping.decision import DefaultsContext
from tests.support.loading import load_decided
from generator.pipeline import build
from tests.support.paths import SPECS, SWAPI

SDL = '''
"""A custom date."""
scalar DateTime
scalar JSON
enum State { OPEN CLOSED }
input IssueFilter { and: [IssueFilter!], title: String, state: State, createdAfter: DateTime }
input NewIssue { title: String!, body: String, labels: [String!], meta: JSON }
interface Node { id: ID! }
type Label implements Node { id: ID!, name: String! }
type PageInfo { hasNextPage: Boolean!, endCursor: String }
type LabelConnection { nodes: [Label!]!, pageInfo: PageInfo!, totalCount: Int! }
type Issue implements Node {
  id: ID!
  number: Int!
  title: String!
  state: State!
  old: String @deprecated(reason: "gone")
  labels(first: Int, after: String): LabelConnection!
  comments(first: Int!): [String!]!
}
type IssueEdge { node: Issue!, cursor: String! }
type IssueConnection { edges: [IssueEdge!]!, pageInfo: PageInfo!, totalCount: Int! }
union SearchResult = Issue | Label
type Query {
  "One issue by number."
  issue(number: Int!): Issue
  issues(first: Int, after: String, filter: IssueFilter): IssueConnection!
  search(term: String!): [SearchResult!]!
  node(id: ID!): Node
  count: Int!
}
type IssuePayload { success: Boolean!, issue: Issue }
type Mutation { createIssue(input: NewIssue!): IssuePayload! }
'''


@pytest.fixture
def sdl_file(tmp_path: Path) -> Path:
    path = tmp_path / "tracker.graphql"
    path.write_text(SDL)
    return path


def _ops(spec):
    return {op.id: op for op in spec.operations}


def test_root_fields_become_operations_with_ids_tools_and_annotations(sdl_file: Path) -> None:
    spec, diagnostics = load_graphql(sdl_file)
    assert diagnostics == []
    assert spec.name == "tracker" and spec.source_kind == "graphql"
    ops = _ops(spec)
    assert list(ops) == [
        "query.issue",
        "query.issues",
        "query.search",
        "query.node",
        "query.count",
        "mutation.createIssue",
    ]
    assert ops["mutation.createIssue"].tool_name == "create_issue"
    assert ops["mutation.createIssue"].binding == GraphQLBinding("mutation", "createIssue")
    assert ops["mutation.createIssue"].annotations.destructive is True
    assert ops["mutation.createIssue"].annotations.read_only is False
    assert ops["query.issue"].annotations.read_only is True
    assert ops["query.issue"].annotations.destructive is False
    assert ops["query.issue"].description == "One issue by number."
    assert ops["query.issue"].tags == ("query",)


def test_arguments_become_a_json_schema(sdl_file: Path) -> None:
    ops = _ops(load_graphql(sdl_file)[0])
    issue = ops["query.issue"].input_schema
    assert issue["required"] == ["number"]
    assert issue["properties"]["number"] == {"type": "integer"}
    issues = ops["query.issues"].input_schema["properties"]
    assert issues["first"] == {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
    flt = issues["filter"]
    assert flt["additionalProperties"] is False
    assert flt["properties"]["state"] == {"type": "string", "enum": ["OPEN", "CLOSED"]}
    assert flt["properties"]["createdAfter"] == {
        "type": "string",
        "description": "DateTime scalar: A custom date.",
    }
    # recursive input objects stop instead of expanding forever
    assert flt["properties"]["and"]["items"] == {
        "type": "object",
        "description": "IssueFilter input object (recursive)",
    }
    new = ops["mutation.createIssue"].input_schema["properties"]["input"]
    assert new["required"] == ["title"]
    assert new["properties"]["labels"] == {"type": "array", "items": {"type": "string"}}
    assert new["properties"]["meta"] == {"description": "JSON scalar"}
    assert all(p.location == "graphql" for op in ops.values() for p in op.params)


def test_response_shapes_flatten_connections_and_skip_unselectable_fields(sdl_file: Path) -> None:
    ops = _ops(load_decided(sdl_file)[0])
    issues = ops["query.issues"].response
    assert issues.collection_path == "nodes" and issues.schema_name == "Issue"
    tree = issues.field_tree
    assert "old" not in tree and "comments" not in tree  # deprecated; required argument
    assert tree["labels"]["nodes"] == [{"id": "string", "name": "string"}]
    assert tree["state"] == "string"
    assert issues.default_fields[:4] == ("id", "number", "title", "state")
    assert "labels.nodes.name" in issues.default_fields
    search = ops["query.search"].response
    assert search.collection_path == "" and search.field_tree["__typename"] == "string"
    assert {"number", "name"} <= set(search.field_tree)  # union: merged member fields
    assert ops["query.count"].response.field_tree is None
    assert ops["mutation.createIssue"].response.default_fields[0] == "success"


def test_an_introspection_result_loads_the_same_operations(sdl_file: Path, tmp_path: Path) -> None:
    result = graphql_sync(build_schema(SDL), get_introspection_query())
    path = tmp_path / "tracker.json"
    path.write_text(json.dumps({"data": result.data}))
    spec, _ = load_graphql(path)
    assert [op.id for op in spec.operations] == [
        op.id for op in load_graphql(sdl_file)[0].operations
    ]


def test_a_messy_schema_is_tolerated_with_a_diagnostic(tmp_path: Path) -> None:
    path = tmp_path / "messy.graphql"
    path.write_text("type Query { a: String a: Int b: String }")
    spec, diagnostics = load_graphql(path)
    assert [d.code for d in diagnostics] == ["GRAPHQL_SCHEMA_TOLERATED"]
    assert diagnostics[0].severity is Severity.WARNING
    assert [op.id for op in spec.operations] == ["query.a", "query.b"]


def test_a_syntax_error_is_fatal_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.graphql"
    path.write_text("type Query {\n  a: String\n  b(: Int\n}")
    with pytest.raises(GenerationError) as err:
        load_graphql(path)
    (diag,) = err.value.diagnostics
    assert diag.code == "GRAPHQL_SDL_INVALID" and diag.line == 3


def test_overlays_select_rename_and_configure_graphql_operations(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        "name: swapi\nselect: {include: ['query.all*']}\n"
        "operations:\n  query.allFilms:\n    tool_name: films\n    include: [title]\n"
    )
    result = build(SPECS / "swapi/schema.graphql", overlay_path=overlay)
    names = [op.tool_name for op in result.spec.operations]
    assert names[0] == "films" and all(n.startswith(("films", "all_")) for n in names)
    assert result.spec.operations[0].response.default_fields == ("title",)
    schema = result.files["src/swapi_mcp/schema.graphql"].decode()
    assert "allFilms" in schema and " film(" not in schema and '"""' not in schema
    assert "graphql-core" in result.files["pyproject.toml"].decode()


def test_swapi_from_the_corpus_has_thirteen_read_only_tools() -> None:
    spec, diagnostics = load_graphql(SWAPI)
    assert len(spec.operations) == 13 and diagnostics == []
    assert all(op.annotations.read_only for op in spec.operations)


def test_the_overlay_can_say_a_mutation_is_not_destructive(sdl_file: Path, tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        "operations:\n  mutation.createIssue:\n    annotations: {destructive: false}\n"
        "  count:\n    annotations: {open_world: false}\n"
    )
    ops = _ops(build(sdl_file, overlay_path=overlay).spec)
    create = ops["mutation.createIssue"].annotations
    assert (create.destructive, create.read_only, create.idempotent) == (False, False, False)
    assert ops["query.count"].annotations.open_world is False
    assert ops["query.issue"].annotations.open_world is True


def test_a_bad_annotation_value_is_an_overlay_error(sdl_file: Path, tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("operations:\n  count:\n    annotations: {destructive: nope, safe: true}\n")
    with pytest.raises(GenerationError) as err:
        build(sdl_file, overlay_path=overlay)
    codes = sorted(d.code for d in err.value.diagnostics)
    assert codes == ["OVERLAY_TYPE", "OVERLAY_UNKNOWN_KEY"]


ERRORS_SDL = """
type Order { id: ID!, number: String!, status: String!, userEmail: String, total: Float }
enum OrderErrorCode { INVALID, REQUIRED, NOT_FOUND }
type OrderError { field: String, message: String, code: OrderErrorCode!, variants: [ID!] }
type UserError { field: [String!], message: String! }
type OrderCreate { errors: [OrderError!]!, order: Order }
type OrderCancel { userErrors: [UserError!]!, order: Order }
type Query { order(id: ID!): Order }
type Mutation { orderCreate(email: String!): OrderCreate!, orderCancel(id: ID!): OrderCancel! }
"""


def test_a_mutations_error_report_is_selected_by_default(tmp_path: Path) -> None:
    """A mutation answers a failure with a success status: the resource null and a list of
    errors beside it (``errors: [{field, message, code}]``, ``userErrors``). Its default
    selection set left the list out, so the server never asked for it and a failed write
    answered ``{"order": null}``, saying nothing of why. The report's reason, the input it
    is about and its code are now selected; nothing else of it (``variants``)."""
    path = tmp_path / "shop.graphql"
    path.write_text(ERRORS_SDL)
    ops = _ops(load_decided(path)[0])
    created = ops["mutation.orderCreate"].response.default_fields
    assert created[-3:] == ("errors.field", "errors.message", "errors.code")
    assert "order.id" in created and "errors.variants" not in created
    cancelled = ops["mutation.orderCancel"].response.default_fields
    assert cancelled[-2:] == ("userErrors.field", "userErrors.message")
    assert not any("rror" in f for f in ops["query.order"].response.default_fields)


NAMESPACE_SDL = """
type PageInfo { hasNextPage: Boolean!, endCursor: String }
type Charge { id: ID!, status: String!, amount: Float }
type ChargeConnection { edges: [ChargeEdge!]!, pageInfo: PageInfo! }
type ChargeEdge { node: Charge! }
input ChargeSearchInput { status: String }
input RefundInput { chargeId: ID!, amount: Float }
type Refund { id: ID!, amount: Float }
type Search {
  "Charges that match the input."
  charges(input: ChargeSearchInput!, first: Int, after: String): ChargeConnection
  refunds(input: ChargeSearchInput!): [Refund!]
}
type Settings { currency: String, timezone(format: String): String }
type RefundPayload { refund: Refund }
type Refunds { create(input: RefundInput!): RefundPayload }
type Query { ping: String!, search: Search, settings: Settings!, charge(id: ID!): Charge }
type Mutation { refunds: Refunds! }
"""


def test_a_namespace_root_field_is_one_tool_per_field_of_it(tmp_path: Path) -> None:
    """A root field whose object only groups operations (every field of it takes a required
    argument: nothing of it can be selected without one) answered ``{}``: its default
    selection could select no field. Each of its fields is now a tool of its own, named and
    keyed as a root field is (``search_charges``, ``query.search.charges``), with that
    field's arguments; the call is nested in the namespace (graphql_call.py)."""
    path = tmp_path / "pay.graphql"
    path.write_text(NAMESPACE_SDL)
    ops = _ops(load_decided(path)[0])
    assert list(ops) == [
        "query.ping", "query.search.charges", "query.search.refunds", "query.settings",
        "query.charge", "mutation.refunds.create",
    ]  # fmt: skip
    charges = ops["query.search.charges"]
    assert charges.tool_name == "search_charges" and charges.kind == "search"
    assert charges.binding == GraphQLBinding("query", "charges", namespace="search")
    assert charges.binding.field_path == "search.charges"
    assert charges.input_schema["required"] == ["input"]
    assert charges.input_schema["properties"]["first"]["default"] == 20  # a connection's
    assert charges.description.startswith("Charges that match the input.")
    assert "id" in charges.response.default_fields
    create = ops["mutation.refunds.create"]
    assert (create.tool_name, create.kind) == ("refunds_create", "create")
    assert "refund.id" in create.response.default_fields
    # an object with a field selectable without arguments is no namespace
    assert ops["query.settings"].binding == GraphQLBinding("query", "settings")
    schema = build(path).files["src/pay_mcp/schema.graphql"].decode()
    assert "search: Search" in schema and "refunds: Refunds" in schema


ECHO_SDL = """
input TokenInput { clientMutationId: String, merchant: ID }
type TokenPayload { clientMutationId: String, clientToken: String }
input DeleteInput { clientMutationId: String, id: ID! }
type DeletePayload { clientMutationId: String }
type Card { id: ID!, last4: String }
input VaultInput { clientMutationId: String, card: ID! }
type VaultPayload { clientMutationId: String, card: Card }
input ResetInput { token: String!, password: String! }
type ResetPayload { token: String, refreshToken: String }
type Query { card(id: ID!): Card }
type Mutation {
  createClientToken(input: TokenInput): TokenPayload
  deleteCard(input: DeleteInput!): DeletePayload
  vaultCard(input: VaultInput!): VaultPayload
  resetPassword(input: ResetInput!): ResetPayload
}
"""


def test_the_callers_echo_in_a_mutations_payload_is_left_out(tmp_path: Path) -> None:
    """Relay's ``clientMutationId`` is the caller's own value, answered back: it was kept as
    the answer's identity when the payload held no resource (``{clientMutationId,
    clientToken}``). A payload member answering back an input field of its name and type,
    as most of the schema's mutations do, is now neither a default nor the identity; one
    mutation's ``token`` sent and another answered is no such convention."""
    path = tmp_path / "vault.graphql"
    path.write_text(ECHO_SDL)
    ops = _ops(load_decided(path)[0])
    token = ops["mutation.createClientToken"].response
    assert token.context.sent == ("clientMutationId",)
    assert token.default_fields == ("clientToken",)
    assert "clientMutationId" not in token.identity_fields
    assert ops["mutation.vaultCard"].response.default_fields[0] == "card.id"
    # the echo alone: all there is to say that it worked
    assert ops["mutation.deleteCard"].response.default_fields == ("clientMutationId",)
    assert ops["mutation.resetPassword"].response.context.sent == ()
    # and spec.json carries it, for the server's own reading of the defaults
    context = DefaultsContext.from_json(token.context.to_json())
    assert context.sent == ("clientMutationId",)


METADATA_SDL = """
interface ObjectWithMetadata { metadata: [MetadataItem!]! }
type MetadataItem { key: String!, value: String! }
type App implements ObjectWithMetadata { id: ID!, name: String, metadata: [MetadataItem!]! }
type Product implements ObjectWithMetadata {
  id: ID!, slug: String!, metadata: [MetadataItem!]!
}
type UpdateMetadata { item: ObjectWithMetadata }
type Query { app(id: ID!): App }
type Mutation { updateMetadata(id: ID!, key: String!, value: String!): UpdateMetadata }
"""


def test_a_nested_interface_without_an_identity_keeps_its_members_identity(
    tmp_path: Path,
) -> None:
    """A mutation answered ``item: ObjectWithMetadata`` (an interface of ``metadata`` only, that
    dozens of types implement) with ``{"__typename": "App", "metadata": [...]}``: which object
    was changed was lost. The interface's tree now holds its members' identity and label
    fields (selected through inline fragments), and the shipped schema holds the members, so
    the document the server builds validates."""
    from graphql import GraphQLInterfaceType, build_schema

    from generator.render.graphql_sdl import shipped_sdl
    from generator.runtime.graphql.graphql_selection import compile_selection

    path = tmp_path / "meta.graphql"
    path.write_text(METADATA_SDL)
    spec = load_decided(path)[0]
    op = _ops(spec)["mutation.updateMetadata"]
    assert "item.id" in op.response.default_fields
    assert any(f.startswith("item.metadata") for f in op.response.default_fields)
    shipped = build_schema(shipped_sdl(spec))
    interface = shipped.type_map["ObjectWithMetadata"]
    assert isinstance(interface, GraphQLInterfaceType)
    names = {t.name for t in shipped.get_possible_types(interface)}
    assert names == {"App", "Product"}  # Product is reached through the interface only
    payload = shipped.type_map["UpdateMetadata"]
    paths = list(op.response.default_fields)
    rendered = compile_selection(shipped, payload, paths, op.response.field_tree).render()
    assert "... on App { id" in rendered and "... on Product { id" in rendered


OUTCOME_SDL = """
type Artwork { id: ID!, title: String, medium: String, year: Int }
type MutationError { message: String, statusCode: Int, detail: String }
type DeleteArtworkSuccess { artwork: Artwork }
type DeleteArtworkFailure { mutationError: MutationError }
union DeleteArtworkResult = DeleteArtworkSuccess | DeleteArtworkFailure
input DeleteArtworkInput { id: ID! }
type DeleteArtworkPayload { artworkOrError: DeleteArtworkResult }
type Query { artwork(id: ID!): Artwork }
type Mutation { deleteArtwork(input: DeleteArtworkInput!): DeleteArtworkPayload }
"""


def test_a_union_of_outcomes_selects_the_failures_reason(tmp_path: Path) -> None:
    """A mutation that answers a union of outcomes (``artworkOrError``: success or failure)
    selected the success's record only, so a failed delete answered ``{"__typename":
    "DeleteArtworkFailure"}`` and never said why. The failure's single report, one level
    down, is read as an error list beside the resource is: its reason and code."""
    path = tmp_path / "outcomes.graphql"
    path.write_text(OUTCOME_SDL)
    fields = _ops(load_decided(path)[0])["mutation.deleteArtwork"].response.default_fields
    assert "artworkOrError.artwork.id" in fields
    assert "artworkOrError.mutationError.message" in fields
    assert "artworkOrError.mutationError.statusCode" in fields
    assert "artworkOrError.mutationError.detail" not in fields


ACTION_SDL = """
type Order { id: ID!, state: String, total: String }
type OrderError { code: String, message: String }
type ActionData { clientSecret: String }
type OrderSuccess { order: Order }
type OrderFailure { error: OrderError }
type OrderRequiresAction { actionData: ActionData }
union OrderOrError = OrderSuccess | OrderFailure | OrderRequiresAction
input ApproveOrderInput { id: ID! }
type ApproveOrderPayload { orderOrError: OrderOrError }
type Query { order(id: ID!): Order }
type Mutation { approveOrder(input: ApproveOrderInput!): ApproveOrderPayload }
"""


def test_an_outcome_that_hands_over_a_credential_keeps_it(tmp_path: Path) -> None:
    """A write's outcome that needs the payer's action holds only the credential to go on
    with (Artsy's ``actionData { clientSecret }``): the secrets rule left it out, and the
    answer said nothing but its type name. A part of a write's answer holding credentials
    and nothing else is what the call handed over: kept."""
    path = tmp_path / "action.graphql"
    path.write_text(ACTION_SDL)
    fields = _ops(load_decided(path)[0])["mutation.approveOrder"].response.default_fields
    assert "orderOrError.actionData.clientSecret" in fields
    assert "orderOrError.order.id" in fields and "orderOrError.error.code" in fields
    read = _ops(load_decided(path)[0])["query.order"].response.default_fields
    assert not any("secret" in f.lower() for f in read)


FLAGS_SDL = """
type FeatureFlag { id: ID!, name: String, description: String, stale: Boolean, createdAt: String }
type Order { id: ID!, number: String, status: String }
type Fulfillment { id: ID!, status: String }
type FlagError { field: String, message: String }
type ToggleFlagsPayload { featureFlags: [FeatureFlag!], errors: [FlagError!] }
type FulfillPayload { order: Order, fulfillments: [Fulfillment!] }
type Query { flags: [FeatureFlag!] }
type Mutation {
  toggleFlags(ids: [ID!]!): ToggleFlagsPayload
  fulfill(order: ID!): FulfillPayload
}
"""


def test_a_mutation_answering_a_list_of_records_keeps_them_as_write_records(
    tmp_path: Path,
) -> None:
    """A mutation whose payload is a list of records (``featureFlags: [...]``, beside its error
    report only) kept each record's id alone, as for a list of links: which flags, by name, a
    write changed was lost. They are kept as a write's records are (identity and label); a
    list beside the resource the write changed (``{order, fulfillments}``) is still about it."""
    path = tmp_path / "flags.graphql"
    path.write_text(FLAGS_SDL)
    ops = _ops(load_decided(path)[0])
    toggled = ops["mutation.toggleFlags"].response.default_fields
    assert {"featureFlags.id", "featureFlags.name", "errors.message"} <= set(toggled)
    fulfilled = ops["mutation.fulfill"].response.default_fields
    assert fulfilled[:2] == ("order.id", "order.status")  # the order it changed first


VARIANTS_SDL = """
type Card { last4: String, cardholderName: String, expirationYear: Int }
type Wallet { username: String, walletUserId: String }
type Action { actionName: String, fields: [String] }
type Reason { code: String, message: String }
type Declined { reason: Reason }
union PaymentSnapshot = Card | Wallet | Action | Declined
type Verification { id: ID!, status: String, createdAt: String, snapshot: PaymentSnapshot }
input VerifyInput { paymentMethodId: ID! }
type VerifyPayload { verification: Verification }
type Query { verification(id: ID!): Verification }
type Mutation { verify(input: VerifyInput!): VerifyPayload }
"""


def test_a_nested_union_keeps_what_names_each_of_its_variants(tmp_path: Path) -> None:
    """A verification's ``snapshot`` (a union of a card, a wallet and an action) kept only
    the label ranked best across all members (the wallet's ``username``), so a card or an
    action answered ``{"__typename": "Action"}`` and lost what it was. Each variant's name
    is kept (``DefaultsContext.variants``, as for REST's ``oneOf``), selected through an
    inline fragment each; a member that holds an object only is not named by it."""
    from graphql import build_schema

    from generator.render.graphql_sdl import shipped_sdl
    from generator.runtime.graphql.graphql_selection import compile_selection

    path = tmp_path / "variants.graphql"
    path.write_text(VARIANTS_SDL)
    spec = load_decided(path)[0]
    ops = _ops(spec)
    read = ops["query.verification"].response
    assert set(dict(read.context.variants)["snapshot"]) == {
        "cardholderName",
        "username",
        "actionName",
    }
    for name in ("cardholderName", "username", "actionName"):
        assert f"snapshot.{name}" in read.default_fields
    write = ops["mutation.verify"].response
    assert "verification.snapshot.actionName" in write.default_fields
    shipped = build_schema(shipped_sdl(spec))
    paths = list(write.default_fields)
    payload = shipped.type_map["VerifyPayload"]
    rendered = compile_selection(shipped, payload, paths, write.field_tree).render()
    assert "... on Action { actionName" in rendered and "... on Card { cardholderName" in rendered


OUTCOMES_SDL = """
type Partner { id: ID!, name: String, slug: String }
type Room {
  id: ID!, slug: String, title: String, status: String, body: String, introStatement: String,
  pullQuote: String, startAt: String, endAt: String, published: Boolean, heroImageURL: String,
  timeZone: String, partner: Partner, artworkIDs: [String], viewCount: Int
}
type Error { code: String, message: String, path: [String] }
type Errors { errors: [Error!]! }
type Done { success: Boolean }
type RoomUpdated { room: Room }
union RoomOrErrors = Room | Errors
union RoomOrDone = RoomUpdated | Done
type Order { id: ID!, number: String, errors: [Error!]! }
type CreateRoomPayload { roomOrErrors: RoomOrErrors }
type UpdateRoomPayload { roomOrDone: RoomOrDone }
type CancelOrderPayload { order: Order, errors: [Error!]! }
input CreateRoomInput { title: String }
type Query { room(id: ID!): Room }
type Mutation {
  createRoom(input: CreateRoomInput!): CreateRoomPayload
  updateRoom(id: ID!, input: CreateRoomInput!): UpdateRoomPayload
  cancelOrder(id: ID!): CancelOrderPayload
}
"""


def test_each_outcome_of_a_union_says_what_happened(tmp_path: Path) -> None:
    """A write answering a union of outcomes selected the record's member only: a failure
    answered ``{"__typename": "Errors"}`` and a done ``{"__typename": "Done"}``. The list of
    reports one level down is read as the answer's own would be (reason, code), the
    member's ``success`` flag is kept beside the record, and a resource's own ``errors``
    beside the answer's is not read twice."""
    path = tmp_path / "outcomes.graphql"
    path.write_text(OUTCOMES_SDL)
    ops = _ops(load_decided(path)[0])
    fields = ops["mutation.createRoom"].response.default_fields
    assert "roomOrErrors.id" in fields and "roomOrErrors.errors.message" in fields
    assert "roomOrErrors.errors.code" in fields
    updated = ops["mutation.updateRoom"].response.default_fields
    assert "roomOrDone.room.id" in updated and "roomOrDone.success" in updated
    assert "errors.message" in ops["mutation.cancelOrder"].response.default_fields
    from generator.runtime.shaping.failures import write_reports

    report = [{"message": "string", "code": "string"}]
    assert write_reports({"order": {"id": "string", "errors": report}, "errors": report}) == (
        "errors.message",
        "errors.code",
    )


PEOPLE_SDL = """
type PageInfo { hasNextPage: Boolean!, endCursor: String }
type User {
  id: ID!, name: String!, displayName: String!, email: String!, active: Boolean!,
  admin: Boolean!, url: String!, createdAt: String!, createdIssueCount: Int!
}
type UserEdge { node: User!, cursor: String! }
type UserConnection { nodes: [User!]!, edges: [UserEdge!]!, pageInfo: PageInfo! }
type Customer {
  id: ID!, name: String!, url: String!, createdAt: String!, owner: User
}
type CustomerConnection { nodes: [Customer!]!, pageInfo: PageInfo! }
type Query {
  users(first: Int, after: String): UserConnection!
  customers(first: Int, after: String): CustomerConnection!
}
"""


def test_a_graphql_answer_is_decided_with_its_type_as_the_entity(tmp_path: Path) -> None:
    """A REST answer's defaults read its schema's name (``entity``: a ``User`` is a person);
    a GraphQL answer's did not, so a list of users kept each by one name where the same list
    from a REST API keeps each by its handle and the name people know it by (issue 33,
    practitioners' yardstick: a tracker's hand-written servers list users by ``name`` and
    ``displayName``). Its type is its entity; a customer with a name of its own is not said
    by its owner's handle."""
    path = tmp_path / "people.graphql"
    path.write_text(PEOPLE_SDL)
    ops = _ops(load_decided(path)[0])
    users = ops["query.users"].response
    assert users.context.entity == ("user",)
    assert {"name", "displayName"} <= set(users.default_fields)
    customers = ops["query.customers"].response
    assert "name" in customers.default_fields
    assert "owner.email" not in customers.default_fields or "owner.name" in customers.default_fields
