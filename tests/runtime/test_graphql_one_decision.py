"""The GraphQL loader describes; the one decision chooses (issue 33, item 1, round 32): the
tree a GraphQL field's defaults are chosen on holds its nested connections, each node
described as a root connection's, and ``decision.decide`` is what leaves them out, keeps a
label-like one by its scalar members, and keeps them all when they are all a payload holds."""

from graphql import GraphQLObjectType, build_schema

from generator.loaders.graphql_tree import GraphQLTrees
from generator.runtime.shaping.decision import decide

SCHEMA = build_schema("""
type Query { issue(id: ID!): Issue  issues(first: Int, after: String): IssueConnection! }
type Mutation { archiveLabels(ids: [ID!]!): ArchivePayload! }
type PageInfo { hasNextPage: Boolean!  endCursor: String }
type User { id: ID!  name: String!  email: String }
type Label { id: ID!  name: String!  color: String  parent: Label  creator: User }
type LabelConnection { nodes: [Label!]!  pageInfo: PageInfo! }
type Comment { id: ID!  body: String!  createdAt: String!  user: User }
type CommentConnection { nodes: [Comment!]!  pageInfo: PageInfo! }
type Issue {
  id: ID!  title: String!  createdAt: String!  assignee: User
  labels(first: Int): LabelConnection!
  comments(first: Int): CommentConnection!
}
type IssueConnection { nodes: [Issue!]!  pageInfo: PageInfo! }
type ArchivePayload { labels(first: Int): LabelConnection! }
""")


def _root(name: str) -> GraphQLObjectType:
    root = SCHEMA.get_type(name)
    assert isinstance(root, GraphQLObjectType)
    return root


QUERY, MUTATION = _root("Query"), _root("Mutation")


def test_the_loader_keeps_nested_connections_in_the_tree_it_describes():
    shape = GraphQLTrees(SCHEMA).shape(QUERY.fields["issue"])
    tree = shape.decision_tree
    assert tree is not None
    assert "comments" in tree and "nodes" in tree["comments"], tree
    assert isinstance(tree["labels"]["nodes"][0]["creator"], dict), tree  # described whole


def test_the_decision_leaves_nested_connections_out_and_reads_labels_by_their_scalars():
    shape = GraphQLTrees(SCHEMA).shape(QUERY.fields["issue"])
    chosen = decide(shape.decision_tree, shape.context, kind="read", item=False).default_fields
    assert not any(p.startswith("comments") for p in chosen), chosen
    assert "labels.nodes.name" in chosen, chosen
    assert not any(p.startswith(("labels.nodes.parent", "labels.nodes.creator")) for p in chosen)


def test_a_payload_of_connections_only_keeps_them():
    field = MUTATION.fields["archiveLabels"]
    shape = GraphQLTrees(SCHEMA).shape(field, mutation=True)
    chosen = decide(shape.decision_tree, shape.context, kind="update", item=False).default_fields
    assert any(p.startswith("labels.nodes.") for p in chosen), chosen
