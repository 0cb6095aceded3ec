"""``--name`` is checked once, by one rule, with one code (NAME_INVALID) and one message,
whichever command takes it and whatever kind of description it names; the overlay's ``name``
follows the same rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.naming import SLUG_RULE, is_package_slug, slugify
from generator.overlays.load import load_overlay
from tests.support.paths import SPECS

PETSTORE = str(SPECS / "petstore/openapi.yaml")
SWAPI = str(SPECS / "swapi/schema.graphql")
BAD = ["Bad Name", "1password", "a--b", "pets_api", "-pets", "a" * 41]


@pytest.mark.parametrize("name", ["pets", "a1", "swagger-petstore", "a" * 40])
def test_a_slug_is_what_slugify_gives_back_unchanged(name: str) -> None:
    assert is_package_slug(name) and slugify(name) == name


@pytest.mark.parametrize("name", BAD)
def test_a_bad_name_is_not_a_slug(name: str) -> None:
    assert not is_package_slug(name) and slugify(name) != name


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize(
    "command",
    [
        ("generate", PETSTORE),
        ("generate", SWAPI),
        ("init", PETSTORE),
        ("init", SWAPI),
    ],
)
def test_every_command_refuses_a_bad_name_the_same_way(
    command: tuple[str, str],
    name: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [*command, f"--name={name}"]
    if command[0] == "generate":
        args += ["--out", str(tmp_path)]
    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    first, hint = captured.err.splitlines()[:2]
    assert first == (
        f"mcpforge: error: NAME_INVALID: --name {name!r} is not a package slug ({SLUG_RULE})"
    )
    assert hint.strip() == f"hint: use --name {slugify(name)}"
    assert list(tmp_path.iterdir()) == []


def test_the_overlay_name_follows_the_same_rule(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(f"name: {'a' * 41}\n", encoding="utf-8")
    _, diagnostics = load_overlay(overlay)
    (error,) = [d for d in diagnostics if d.pointer == "/name"]
    assert error.code == "OVERLAY_VALUE"
    assert error.message == f"name {'a' * 41!r} is not a package slug ({SLUG_RULE})"
