"""Text that went stale: the README's example counts, the manifest's command, what the overlay's
``auth`` does (the README and FORMAT.md say what the code does)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from generator.pipeline import load_with_overlay
from tests.support.paths import GENERATED, REPO, SPECS

FOLDERS = {"Gotify": "gotify", "SWAPI": "swapi", "Linear": "linear", "GitHub REST": "github"}


def _tools(name: str) -> int:
    spec = next((GENERATED / f"{name}-mcp").glob("src/*/spec.json"))
    return len(json.loads(spec.read_text(encoding="utf-8"))["tools"])


def _examples_paragraph() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Examples")
    return " ".join(readme[start : readme.index("\n## ", start + 1)].split())


def test_the_readme_counts_the_examples_as_they_are_generated() -> None:
    text = _examples_paragraph()
    counted = dict(re.findall(r"(Gotify|SWAPI) \((?:[^()]*, )?(\d+) tools\)", text))
    assert set(counted) == {"Gotify", "SWAPI"}, text
    for label, count in counted.items():
        assert int(count) == _tools(FOLDERS[label]), label
    kept = re.search(r"Linear \(\d+ root fields; the example overlay keeps (\d+)\)", text)
    assert kept and int(kept.group(1)) == _tools("linear")
    operations = re.search(r"GitHub REST \(3\.0\.3, (\d+) operations", text)
    document = json.loads((SPECS / "github/openapi.json").read_text(encoding="utf-8"))
    methods = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
    total = sum(1 for item in document["paths"].values() for m in item if m in methods)
    assert operations and int(operations.group(1)) == total


def test_the_manifest_names_the_command_that_rebuilds_the_examples() -> None:
    manifest = (SPECS / "manifest.yaml").read_text(encoding="utf-8")
    assert "generator regen" not in manifest
    assert "`python -m generator.examples`" in manifest


def test_the_overlay_auth_replaces_the_description_credentials_as_both_pages_say(
    tmp_path: Path,
) -> None:
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Keys", "version": "1"},
        "servers": [{"url": "https://api.example.org"}],
        "components": {
            "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}}
        },
        "security": [{"key": []}],
        "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok"}}}}},
    }
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(document))
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("auth: [{type: bearer, env: KEYS_TOKEN}]\n")
    loaded, _ = load_with_overlay(spec, overlay_path=overlay, name="keys")
    assert [s.env_vars for s in loaded.security] == [("KEYS_TOKEN",)]  # the description's: gone

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    (line,) = [line for line in readme.splitlines() if line.startswith("auth: ")]
    assert "replaces the description's credentials" in line
    reference = (REPO / "generator/overlays/FORMAT.md").read_text(encoding="utf-8")
    assert "**auth** replaces the credentials of the description" in reference
