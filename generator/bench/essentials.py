"""A hand-picked essential projection of every recorded response: the yardstick for defaults.

What a developer who knows the API would keep for an agent, written down per response
without looking at what the automatic defaults choose: identity, the human label, state and
the few fields a decision needs. Paths are relative to an item when the benchmark finds a
collection in the response (``guess_collection_path``), else to the body. The benchmark checks
that every path selects something, so the yardstick cannot quietly shrink.
"""

from __future__ import annotations

ESSENTIALS: dict[str, tuple[str, ...]] = {
    # GitHub REST (components/examples of the REST description; cli.* are CLI fixtures)
    "github/branch-with-protection.json": ("name", "commit.sha", "protected"),
    "github/check-run.json": ("id", "name", "status", "conclusion", "html_url"),
    "github/cli.events.json": ("type", "repo.name", "created_at"),
    "github/cli.notifications.json": ("reason", "subject.title", "subject.type", "repository.full_name"),
    "github/code-search-result-item-paginated.json": ("name", "path", "repository.full_name"),
    "github/commit-items.json": ("sha", "commit.message", "commit.author.name", "commit.author.date"),
    "github/commit.json": ("sha", "commit.message", "author.login", "stats", "files.filename"),
    "github/content-file.json": ("name", "path", "sha", "size", "type"),
    "github/full-repository.json": (
        "full_name", "description", "private", "default_branch", "language",
        "stargazers_count", "open_issues_count", "html_url",
    ),
    "github/issue-comment-items.json": ("id", "user.login", "body", "created_at"),
    "github/issue-items.json": ("number", "title", "state", "user.login", "labels.name", "comments", "updated_at"),
    "github/issue-search-result-item-paginated.json": ("number", "title", "state", "user.login", "html_url"),
    "github/issue.json": (
        "number", "title", "state", "body", "user.login", "labels.name", "assignees.login",
        "comments", "html_url", "updated_at",
    ),
    "github/minimal-repository-items.json": ("full_name", "description", "private", "language", "updated_at"),
    "github/organization-full.json": ("login", "name", "description", "public_repos", "html_url"),
    "github/private-user.json": ("login", "name", "email", "html_url"),
    "github/pull-request-simple-items.json": ("number", "title", "state", "user.login", "head.ref", "base.ref", "draft"),
    "github/pull-request.json": (
        "number", "title", "state", "body", "user.login", "head.ref", "base.ref", "merged",
        "mergeable", "draft", "html_url",
    ),
    "github/release.json": ("tag_name", "name", "draft", "prerelease", "published_at", "html_url"),
    "github/repo-search-result-item-paginated.json": ("full_name", "description", "language", "stargazers_count"),
    "github/repository.json": ("full_name", "description", "private", "default_branch", "html_url"),
    "github/workflow-run-paginated.json": ("id", "name", "status", "conclusion", "head_branch", "created_at"),
    # GitHub GraphQL (CLI fixtures, already trimmed to the queried fields)
    "github-graphql/issueList.json": ("number", "title", "labels.nodes.name"),
    "github-graphql/issueView_previewFullComments.json": ("author.login", "body", "createdAt"),
    "github-graphql/prList.json": ("number", "title", "state", "headRefName", "isDraft"),
    "github-graphql/prStatusChecksWithStatesByCount.json": (
        "data.viewerCreated.totalCount", "data.viewerCreated.edges.node.number",
        "data.viewerCreated.edges.node.title", "data.viewerCreated.edges.node.state",
        "data.viewerCreated.edges.node.reviewDecision",
    ),
    "github-graphql/prViewPreviewFullComments.json": ("author.login", "body", "createdAt"),
    "github-graphql/prViewPreviewReviews.json": ("author.login", "state", "body"),
    "github-graphql/repoList.json": ("nameWithOwner", "description", "isPrivate"),
    "github-graphql/rulesetList.json": ("name", "target", "enforcement"),
    "github-graphql/search.json": (
        "data.assignments.nodes.number", "data.assignments.nodes.title",
        "data.assignments.nodes.repository.nameWithOwner", "data.reviewRequested.nodes.number",
        "data.reviewRequested.nodes.title", "data.reviewRequested.nodes.repository.nameWithOwner",
    ),
    "github-graphql/withEvents.json": ("commit.oid",),
    # GitHub webhook payloads
    "github-webhooks/check_suite.completed.payload.json": (
        "action", "check_suite.status", "check_suite.conclusion", "check_suite.head_branch",
        "repository.full_name",
    ),
    "github-webhooks/issues.opened.with-organization.payload.json": (
        "action", "issue.number", "issue.title", "issue.user.login", "repository.full_name",
    ),
    "github-webhooks/pull_request.opened.payload.json": (
        "action", "number", "pull_request.title", "pull_request.user.login", "repository.full_name",
    ),
    "github-webhooks/push.payload.json": ("ref", "after", "commits.message", "pusher.name", "repository.full_name"),
    # Notion
    "notion/blocks.children.append.json": ("id", "type", "has_children"),
    "notion/blocks.children.list.all_block_types.json": ("id", "type", "has_children"),
    "notion/blocks.children.list.empty.json": ("results", "has_more"),
    "notion/blocks.children.list.page_size_2.json": ("id", "type", "has_children"),
    "notion/blocks.retrieve.mention.json": ("id", "type", "has_children"),
    "notion/comments.list.json": ("id", "rich_text.plain_text", "created_time"),
    "notion/comments.list.top_page.json": ("id", "rich_text.plain_text", "created_time"),
    "notion/data_sources.query.filter_multi_select.json": ("id", "properties.Title.title.plain_text", "last_edited_time"),
    "notion/data_sources.query.page2.json": ("id", "properties.Title.title.plain_text", "last_edited_time"),
    "notion/data_sources.retrieve.json": ("id", "title.plain_text", "url"),
    "notion/data_sources.retrieve.schema.json": ("id", "title.plain_text", "url"),
    "notion/databases.retrieve.json": ("id", "title.plain_text", "url"),
    "notion/file_uploads.list.json": ("id", "filename", "status"),
    "notion/pages.properties.retrieve.json": ("id", "type", "title.plain_text"),
    "notion/pages.retrieve.db_page.json": ("id", "url", "properties.Title.title.plain_text"),
    "notion/pages.retrieve.json": ("id", "url", "properties.title.title.plain_text"),
    "notion/pages.update.json": ("id", "url", "properties.title.title.plain_text"),
    "notion/search.json": ("id", "object", "properties.title.title.plain_text"),
    "notion/search.sample_table.json": ("id", "object", "title.plain_text"),
    "notion/users.list.json": ("id", "name", "type"),
    # Stripe
    "stripe/charge.json": ("id", "amount", "currency", "status", "customer", "description", "paid", "refunded"),
    "stripe/checkout.session.json": ("id", "status", "payment_status", "amount_total", "currency", "customer"),
    "stripe/credit_note.lines.list.json": ("id", "amount", "description"),
    "stripe/customer.json": ("id", "name", "email", "balance"),
    "stripe/file.links.list.json": ("id", "url", "expired"),
    "stripe/invoice.json": (
        "id", "number", "status", "amount_due", "currency", "customer", "due_date",
        "hosted_invoice_url",
    ),
    "stripe/payment_intent.json": ("id", "amount", "currency", "status", "customer"),
    "stripe/subscription.items.list.json": ("id", "price.id", "quantity"),
    "stripe/subscription.json": (
        "id", "status", "customer", "cancel_at_period_end", "items.data.price.id",
        "items.data.current_period_end",
    ),
}  # fmt: skip
