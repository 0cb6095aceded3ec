"""Which operation of a corpus API description each recorded response answers.

The shaping benchmark measures the defaults twice: guessed from the data (any response) and
as a generated server picks them, from the response schema of the operation that returned
the response (this table; rows without an operation are measured from the data only).
GitHub's rows follow ``tests/fixtures/SOURCES.md`` ("used by ... e.g."), except that a
resource recorded as a write's example (an issue from ``issues/create``) is measured with the
GET of the same resource (``issues/get``): the hand-picked fields say what reading it needs,
and a write's echo is deliberately smaller (defaults.py ``WRITE``). The others follow the
endpoint each recording was made against. The Notion description has no file-upload
operation, so ``notion/file_uploads.list.json`` has no row.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..runtime.output import shape_config_for
from ..runtime.shaping.pipeline import ShapeConfig
from .inputs import GITHUB_REST, NOTION, STRIPE, shown

SPECS: dict[str, Path] = {"github": GITHUB_REST, "notion": NOTION, "stripe": STRIPE}

OPERATIONS = {
    "github/branch-with-protection.json": "repos/get-branch",
    "github/check-run.json": "checks/get",
    "github/cli.events.json": "activity/list-received-events-for-user",
    "github/cli.notifications.json": "activity/list-notifications-for-authenticated-user",
    "github/code-search-result-item-paginated.json": "search/code",
    "github/commit-items.json": "repos/list-commits",
    "github/commit.json": "repos/get-commit",
    "github/content-file.json": "repos/get-readme",
    "github/full-repository.json": "repos/get",
    "github/issue-comment-items.json": "issues/list-comments-for-repo",
    "github/issue-items.json": "issues/list-for-repo",
    "github/issue-search-result-item-paginated.json": "search/issues-and-pull-requests",
    "github/issue.json": "issues/get",
    "github/minimal-repository-items.json": "migrations/list-repos-for-org",
    "github/organization-full.json": "orgs/get",
    "github/private-user.json": "users/get-authenticated",
    "github/pull-request-simple-items.json": "repos/list-pull-requests-associated-with-commit",
    "github/pull-request.json": "pulls/get",
    "github/release.json": "repos/get-release",
    "github/repo-search-result-item-paginated.json": "search/repos",
    "github/repository.json": "repos/get",
    "github/workflow-run-paginated.json": "actions/list-workflow-runs-for-repo",
    "notion/blocks.children.append.json": "patch-block-children",
    "notion/blocks.children.list.all_block_types.json": "get-block-children",
    "notion/blocks.children.list.empty.json": "get-block-children",
    "notion/blocks.children.list.page_size_2.json": "get-block-children",
    "notion/blocks.retrieve.mention.json": "retrieve-a-block",
    "notion/comments.list.json": "retrieve-a-comment",
    "notion/comments.list.top_page.json": "retrieve-a-comment",
    "notion/data_sources.query.filter_multi_select.json": "query-data-source",
    "notion/data_sources.query.page2.json": "query-data-source",
    "notion/data_sources.retrieve.json": "retrieve-a-data-source",
    "notion/data_sources.retrieve.schema.json": "retrieve-a-data-source",
    "notion/databases.retrieve.json": "retrieve-a-database",
    "notion/pages.properties.retrieve.json": "retrieve-a-page-property",
    "notion/pages.retrieve.db_page.json": "retrieve-a-page",
    "notion/pages.retrieve.json": "retrieve-a-page",
    "notion/pages.update.json": "patch-page",
    "notion/search.json": "post-search",
    "notion/search.sample_table.json": "post-search",
    "notion/users.list.json": "get-users",
    "stripe/charge.json": "GetChargesCharge",
    "stripe/checkout.session.json": "GetCheckoutSessionsSession",
    "stripe/credit_note.lines.list.json": "GetCreditNotesCreditNoteLines",
    "stripe/customer.json": "GetCustomersCustomer",
    "stripe/file.links.list.json": "GetFileLinks",
    "stripe/invoice.json": "GetInvoicesInvoice",
    "stripe/payment_intent.json": "GetPaymentIntentsIntent",
    "stripe/subscription.items.list.json": "GetSubscriptionItems",
    "stripe/subscription.json": "GetSubscriptionsSubscriptionExposedId",
}


def spec_configs(names: list[str]) -> dict[str, ShapeConfig]:
    """``ShapeConfig`` of the answering operation for each name in the table, built the way a
    generated server builds it: the description (no overlay) -> ``spec.json`` data -> the
    runtime's tool model -> ``shape_config_for``. Pages are not cut (one exact count each)."""
    from ..pipeline import load_spec
    from ..render.tooldata import server_data
    from ..runtime.model import model_from_json

    wanted = [n for n in names if n in OPERATIONS]
    out: dict[str, ShapeConfig] = {}
    for source in sorted({n.split("/")[0] for n in wanted}):
        spec, _ = load_spec(SPECS[source], name=source)
        tool_names = {op.id: op.tool_name for op in spec.operations}
        model = model_from_json(server_data(spec))
        for name in wanted:
            if not name.startswith(source + "/"):
                continue
            tool = model.tool(tool_names.get(OPERATIONS[name], ""))
            if tool is None:
                raise KeyError(
                    f"{shown(SPECS[source])} has no operation {OPERATIONS[name]!r} ({name})"
                )
            out[name] = replace(shape_config_for(tool), chunk_threshold_tokens=10**9)
    return out
