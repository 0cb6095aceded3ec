"""What an operation does, read from its structure (loaders/operation_kind.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.loaders.operation_kind import OperationSignals, classify, is_bare_status, path_about
from generator.pipeline import load_spec

KINDS = Path(__file__).resolve().parents[1] / "fixtures" / "specs" / "kinds.yaml"

COMPLETION = {
    "id": "string",
    "model": "string",
    "choices": [{"index": "integer", "message": {"role": "string", "content": "string"}}],
}
RESOURCE = {"id": "string", "name": "string", "status": "string", "description": "string"}


def kind(method: str, path: str = "/things", tree=RESOURCE, **signals) -> str:
    return classify(OperationSignals(method=method, path=path, response_tree=tree, **signals))


def test_the_fixture_has_one_operation_of_each_kind() -> None:
    spec, _ = load_spec(KINDS, name=None)
    kinds = {op.tool_name: op.kind for op in spec.operations}
    assert kinds == {
        "create_chat_completion": "generate",
        "create_completion": "generate",
        "create_transcription": "generate",
        "create_invoices": "create",
        "place_order": "create",
        "create_task": "create",
        "update_task": "update",
        "delete_task": "acknowledge",  # 204: no body at all
        "search_tasks": "search",
        "batch_get_tasks": "read",
        "archive_task": "acknowledge",  # {ok: true}
        "describe_queues": "read",  # an AWS query action read through POST
        "create_queue": "create",
    }


@pytest.mark.parametrize(
    "method, path, op_id, expected",
    [
        ("GET", "/things", None, "read"),
        ("GET", "/search/issues", "search/issues", "search"),
        ("POST", "/things", None, "create"),  # a POST to a collection creates
        ("POST", "/things/{id}", None, "update"),  # to one item, changes it
        ("PUT", "/things/{id}", None, "update"),
        ("PATCH", "/things/{id}", None, "update"),
        ("DELETE", "/things/{id}", None, "delete"),
        ("POST", "/things/query", None, "search"),
        ("POST", "/things:batchGet", None, "read"),
        ("POST", "/things/{id}:cancel", None, "update"),
        ("POST", "/repos/{o}/{r}/pulls/{n}/merge", "pulls/merge", "update"),
        ("POST", "/v1/radar/value_list_items", "PostRadarValueListItems", "create"),
        ("POST", "/apps/{id}/token", "oauth/get-or-create-token", "create"),  # both: a write
        ("PUT", "/Invoices", "updateOrCreateInvoices", "update"),
        ("POST", "/", "ListQueues", "read"),
        # a service's method (gRPC-gateway names, Argo Workflows in /work/outside17w, Apache-2.0):
        # the verb is the method's, also when the service's name starts with a verb
        ("POST", "/api/v1/workflows/{namespace}", "WorkflowService_CreateWorkflow", "create"),
        ("POST", "/api/v1/sync/{namespace}", "SyncService_CreateSyncLimit", "create"),
        ("PUT", "/api/v1/sync/{namespace}/{key}", "SyncService_UpdateSyncLimit", "update"),
        ("PUT", "/workspaces/{name}", "Workspaces_CreateOrUpdate", "update"),  # no service
        # the name's verb reads; a path's noun that is also a write verb (``linkMetadata``,
        # memos in /work/outside19w, MIT) does not make it a write
        ("POST", "/api/v1/memos/-/linkMetadata:batchGet", "MemoService_BatchGetLinkMetadata",
         "read"),  # fmt: skip
        ("POST", "/api/v1/links:batchGet", None, "read"),
        ("POST", "/issues/{id}/link", "get/issueLink", "update"),  # the name says the write too
    ],
)
def test_kinds_come_from_verbs_then_method_and_path(method, path, op_id, expected) -> None:
    assert kind(method, path, operation_id=op_id) == expected


def test_an_aws_action_names_what_the_call_does() -> None:
    assert kind("POST", "/", action="DescribeDeliveryStream") == "read"
    assert kind("POST", "/", action="ListTagsForStream") == "read"
    assert kind("POST", "/", action="DeleteQueue") == "delete"
    assert kind("POST", "/", action="PutRecord") == "create"


def test_a_generation_is_named_so_and_answers_with_content() -> None:
    assert kind("POST", "/v1/chat/completions", COMPLETION) == "generate"
    assert kind("POST", "/v1/things", COMPLETION, operation_id="createCompletion") == "generate"
    # named so, but answering with a stored resource (a repository made from a template)
    assert kind("POST", "/repos/{o}/{r}/generate", RESOURCE) == "create"
    # a text body is content
    assert kind("POST", "/markdown/render", None, media_type="text/html") == "generate"
    # a GET of an analysis is a read of it
    assert kind("GET", "/audio-analysis/{id}", COMPLETION) == "read"
    # the short names: a text generated, a question answered (vendors' AI endpoints)
    answer = {"answer": "string", "created_at": "string:time", "completion_reason": "string"}
    assert kind("POST", "/ai/text_gen", answer, operation_id="post_ai_text_gen") == "generate"
    assert kind("POST", "/ai/ask", answer, operation_id="post_ai_ask") == "generate"


def test_an_answer_billed_in_tokens_holding_a_text_generates_however_named() -> None:
    """``POST /v1/messages`` (Anthropic, summary ``Create a Message``) and ``POST /responses``
    (OpenAI) name no generation: they were writes, their text a 48-character preview. Their
    answers say the tokens they were billed for beside the text they hold. A stored session
    counting its tokens, whose texts are descriptions, stays a write."""
    usage = {"input_tokens": "integer", "output_tokens": "integer"}
    message = {"id": "string", "type": "string:const", "role": "string:const",
               "content": [{"type": "string", "text": "string", "id": "string",
                            "name": "string", "input": "any"}],
               "model": "string", "stop_reason": "string:enum", "usage": usage}  # fmt: skip
    assert kind("POST", "/v1/messages", message, operation_id="messages_post",
                summary="Create a Message") == "generate"  # fmt: skip
    session = {"id": "string", "title": "string", "status": "string:enum",
               "created_at": "string:time",
               "agent": {"id": "string", "name": "string", "description": "string"},
               "resources": [{"id": "string", "description": "string"}],
               "usage": usage}  # fmt: skip
    assert kind("POST", "/v1/sessions", session, operation_id="beta_create_session") == "create"
    unbilled = {k: v for k, v in message.items() if k != "usage"}
    assert kind("POST", "/v1/messages", unbilled, operation_id="messages_post") == "create"


def test_a_persons_token_credential_is_no_bill_in_tokens() -> None:
    """Overseerr's ``POST /issue`` (summary ``Create new issue``) answers the issue with its
    author, ``createdBy: {id, username, plexToken}``: ``createdBy`` reads as a note of how a
    generation was made and ``plexToken`` as tokens, so the issue, its comments' messages its
    text, was a generation. The tokens a generation is billed for are counted, not a string."""
    user = {"id": "number", "email": "string", "username": "string", "plexToken": "string"}
    issue = {"id": "number", "issueType": "number", "createdBy": user, "modifiedBy": user,
             "comments": [{"id": "number", "user": user, "message": "string"}]}  # fmt: skip
    assert kind("POST", "/issue", issue, summary="Create new issue") == "create"
    counted = {**issue, "createdBy": {"input_tokens": "integer", "output_tokens": "integer"}}
    assert kind("POST", "/issue", counted, summary="Create new issue") == "generate"


def test_a_computed_result_named_as_a_generation_is_one() -> None:
    classified = {"categories": [{"name": "string", "confidence": "number"}]}
    assert kind("POST", "/v1/documents:classifyText", classified) == "generate"
    plates = {"results": [{"plate": "string", "confidence": "number", "region": "string"}]}
    assert kind("POST", "/v2/recognize", plates, operation_id="recognizeUrl") == "generate"
    spoken = {"results": [{"alternatives": [{"transcript": "string"}]}]}
    assert kind("POST", "/v1/speech:recognize", spoken) == "generate"
    # measures in a stored resource (an analysis rule with an id): a write
    rule = {"id": "string", "name": "string", "threshold_score": "number"}
    assert kind("POST", "/analysis/rules", rule, operation_id="createAnalysisRule") == "create"
    # measures in an answer not named as a generation: a write
    assert kind("POST", "/v1/ratings", classified, operation_id="addRating") == "create"


def test_a_tool_run_answering_blocks_of_text_is_a_generation() -> None:
    """``POST /v1/connectors/{c}/tools/{tool_name}/call`` (a vendor's MCP connector) answers
    what the tool said, ``content: [{type: "text", text}]``: it was a create, and a create
    keeps no text, so the answer was three blocks of ``type`` alone. A run that answers a
    stored run's record, or blocks with no text, stays a write."""
    blocks = {"content": [{"type": "string:const", "text": "string", "data": "string",
                           "annotations": {"priority": "number"}}],
              "metadata": {"isError": "boolean"}}  # fmt: skip
    path = "/v1/connectors/{c}/tools/{tool_name}/call"
    assert kind("POST", path, blocks, operation_id="connector_call_tool_v1") == "generate"
    assert kind("POST", "/functions/{f}", blocks, operation_id="invokeFunction") == "generate"
    run = {"id": "string", "status": "string:enum", "content": blocks["content"]}
    assert kind("POST", "/workflows/{w}/run", run, operation_id="runWorkflow") == "create"
    untexted = {"content": [{"type": "string:const", "uri": "string"}]}
    assert kind("POST", path, untexted, operation_id="connector_call_tool_v1") == "create"
    # the same blocks answered by a call no verb says runs anything: a write as before
    assert kind("POST", "/notes", blocks, operation_id="createNote") == "create"


def test_text_of_a_resource_a_payload_holds_is_no_generation() -> None:
    # a mutation named as a generation (tokenize, translate) that answers a payload around
    # the resource it stored: the text is that resource's, the call a write
    card = {
        "id": "string",
        "details": {"brandCode": "string", "fundingSourceDescription": "string"},
    }
    payload = {"clientMutationId": "string", "paymentMethod": card}
    assert kind("MUTATION", "", payload, operation_id="tokenizeCreditCard") == "update"
    variant = {"id": "string", "name": "string", "product": {"id": "string", "description": "any"}}
    translated = {"errors": [{"field": "string", "message": "string"}], "productVariant": variant}
    assert kind("MUTATION", "", translated, operation_id="productVariantTranslate") == "update"
    # content beside the resource, or no resource at all: still a generation
    assert kind("MUTATION", "", {"text": "string", "job": {"id": "string"}},
                operation_id="translateText") == "generate"  # fmt: skip
    assert kind("MUTATION", "", {"translation": {"text": "string"}},
                operation_id="translateText") == "generate"  # fmt: skip
    # the resource one level further down, in a union's result beside its errors
    # (``cartPrepareForCompletion``: a checkout's completion, no text completion): the
    # cart's note is the cart's, the call a write
    cart = {"id": "string", "note": "string", "totalQuantity": "integer"}
    ready = {"result": {"__typename": "string", "cart": cart,
                        "errors": [{"code": "string", "message": "string"}]},
             "userErrors": [{"code": "string", "message": "string"}]}  # fmt: skip
    assert kind("MUTATION", "", ready, operation_id="cartPrepareForCompletion") == "update"
    # beside the errors, with no resource holding it, the text is still what was produced
    told = {"result": {"__typename": "string", "answer": {"text": "string"}}}
    assert kind("MUTATION", "", told, operation_id="generateAnswer") == "generate"


def test_no_body_or_a_bare_status_acknowledges() -> None:
    assert kind("POST", "/things/{id}/star", None, has_body=False) == "acknowledge"
    assert kind("DELETE", "/things/{id}", {"ok": "boolean"}) == "acknowledge"
    assert kind("GET", "/ping", None, has_body=False) == "read"  # a GET returns data
    assert is_bare_status({"status": "string", "message": "string"})
    assert not is_bare_status({"id": "string", "status": "string"})  # a resource
    assert not is_bare_status({"status": "string", "items": ["string"]})


def test_a_graphql_mutation_is_a_write_named_by_its_field() -> None:
    assert kind("MUTATION", "", RESOURCE, operation_id="issueCreate") == "create"
    assert kind("MUTATION", "", RESOURCE, operation_id="issueArchive") == "update"
    assert kind("MUTATION", "", RESOURCE, operation_id="deleteIssue") == "delete"
    assert kind("MUTATION", "", "boolean", operation_id="issueDelete") == "acknowledge"
    assert kind("QUERY", "", RESOURCE, operation_id="searchIssues") == "search"


def test_what_the_path_is_about() -> None:
    assert path_about("/repos/{owner}/{repo}/issues") == ("issue", "issues")
    assert path_about("/BankTransactions") == ("banktransaction", "banktransactions")
    assert path_about("/things/{id}") == ()
    assert path_about("/categories") == ("categories", "category")


EVALUATION = {
    "match": "boolean",
    "segmentKeys": ["string"],
    "reason": "string",
    "variantKey": "string",
    "flagKey": "string",
}


def test_an_evaluation_through_post_reads_what_it_computed() -> None:
    """A POST that evaluates (a feature flag for a context, a rule, an expression) stores
    nothing: it computes an answer, as ``check``, ``estimate`` and ``calculate`` do. As a
    create, its answer lost the result (``match``: a flag) and the list it computed
    (``segmentKeys``: values the caller did not send)."""
    assert kind("POST", "/evaluate/v1/variant", EVALUATION, operation_id="evaluateVariant") == (
        "read"
    )
    assert kind("POST", "/signal/evaluate", EVALUATION, operation_id="signalEvaluate") == "read"
    # the writes keep their kind
    assert kind("POST", "/evaluations", RESOURCE, operation_id="createEvaluation") == "create"


def test_a_summarys_verb_does_not_overrule_the_names() -> None:
    """The operationId says the call checks (``BatchCheck``: a read through POST); the
    summary's first word (``Send a list of check operations``) is weaker and only speaks when
    the names say nothing. It made the check a create. Without an operationId verb, the
    summary still decides (``Mark a task as read`` at ``/tasks/{id}/read``: an update)."""
    allowed = {"result": {"*": {"allowed": "boolean", "error": {"message": "string"}}}}
    summary = "Send a list of `check` operations in a single request"
    assert kind("POST", "/stores/{store_id}/batch-check", allowed, operation_id="BatchCheck",
                summary=summary) == "read"  # fmt: skip
    assert kind("POST", "/stores/{store_id}/batch-check", allowed, summary=summary) == "create"
    assert kind("POST", "/tasks/{id}/read", RESOURCE, summary="Mark a task as read") == "update"


ROTATED = {"success": "boolean", "clientSecret": "string"}  # Linear's rotate-secret payload
ROLLED = {"apiKey": {"id": "string", "name": "string", "key": "string", "secret": "string"}}


def test_a_credential_made_anew_is_what_the_call_minted() -> None:
    """A mutation rotating a secret (``oauthApplicationRotateSecret``: no verb the lists know,
    an update by its method) answers the new secret, shown once: a create's minted credential,
    kept in its answer; a REST roll of a key's secret, too. The words alone, or a secret the
    answer carries without the words, do not make one."""
    from generator.runtime.shaping.defaults import choose_default_fields

    rotated = kind(
        "MUTATION", "oauthApplicationRotateSecret", ROTATED,
        operation_id="oauthApplicationRotateSecret",
    )  # fmt: skip
    assert rotated == "create"
    assert "clientSecret" in choose_default_fields(ROTATED, kind=rotated)
    rolled = kind("PUT", "/api_keys/{id}/roll", ROLLED, operation_id="rollApiKey")
    assert rolled == "create"
    assert kind("PUT", "/keys/{id}", ROLLED, summary="Resets the key's secret") == "create"
    # a rotation answering no credential (an intake address) stays an update
    address = {"emailIntakeAddress": {"id": "string", "address": "string"}}
    assert kind("MUTATION", "emailIntakeAddressRotate", address) == "update"
    # a webhook updated, carrying its secret, named by no minting verb: an update
    hook = {"id": "string", "url": "string", "secret": "string"}
    assert kind("PUT", "/webhooks/{id}", hook, operation_id="updateWebhook") == "update"
    # a rotation of something that is no credential (a log), answering a record with a token
    assert kind("MUTATION", "logRotate", {"id": "string", "token": "string"}) == "update"
