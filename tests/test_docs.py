"""The README and the reference pages: the example result is real, the links lead somewhere."""

import json
import re
from pathlib import Path

from tests.bench.test_readme_figures import pages
from tests.support.paths import REPO

SHAPED = re.compile(r"<!-- shaped: (\S+) (\S+) -->\n```json\n(.*?)```\n<!-- end shaped -->", re.S)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_the_readme_shows_what_the_committed_example_server_returns() -> None:
    """The README's raw-vs-shaped example is the runtime's output for the recorded response
    with the committed GitHub example's defaults: when the defaults change, so must it."""
    from generator.runtime.model import load_model
    from generator.runtime.output import shape_config_for
    from generator.runtime.shaping.pipeline import shape

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    examples = SHAPED.findall(readme)
    assert examples
    model = load_model(REPO / "generated/github-mcp/src/github_mcp/spec.json")
    for response, tool_name, shown in examples:
        tool = model.tool(tool_name)
        assert tool is not None, tool_name
        body = json.loads((REPO / response).read_text(encoding="utf-8"))
        result = shape(body, shape_config_for(tool))
        assert len(result.chunks) == 1 and not result.notes
        actual = json.loads(result.chunks[0])
        assert (
            json.loads(shown) == actual
        ), "README example differs from the server's result; paste:\n" + json.dumps(
            actual, indent=2
        )


def _anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    anchors = set()
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def test_every_link_between_the_pages_leads_to_a_file_and_heading() -> None:
    broken = []
    for page in pages():
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.exists():
                broken.append(f"{page.relative_to(REPO)}: {target}")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{page.relative_to(REPO)}: {target} (no such heading)")
    assert broken == []


def test_the_readme_starts_with_the_two_commands_and_ci_runs_the_second() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    assert readme.index("```sh") < readme.index("\n## ")  # before any section
    assert blocks[0].startswith("pip install -e . && mcpforge generate ")
    assert blocks[1] == "pip install -e '.[test]' && python -m pytest"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "\npython -m pip install --quiet -e '.[test]'\n" in ci
    assert "\npython -m pytest\n" in ci
    assert len(readme.splitlines()) <= 260
