"""Publishing metadata: project URLs, the registry name and server.json."""

import json
import tomllib
from pathlib import Path

import jsonschema

from generator.overlays.load import parse_overlay
from generator.pipeline import build, generate
from generator.loaders.project_urls import project_urls
from tests.support.paths import FIXTURES, SPECS

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[1] / "publishing" / "server.schema.json").read_text()
)


def _validate(server: dict) -> list[str]:
    validator = jsonschema.Draft7Validator(SCHEMA, format_checker=jsonschema.FormatChecker())
    return [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(server)]


def test_project_urls_come_from_contact_and_external_docs_only_when_they_are_urls() -> None:
    doc = {
        "info": {
            "contact": {"url": "https://acme.example/support"},
            "termsOfService": "not a url",
        },
        "externalDocs": {"url": "https://docs.acme.example"},
    }
    assert project_urls(doc) == (
        ("Documentation", "https://docs.acme.example"),
        ("Homepage", "https://acme.example/support"),
    )
    assert project_urls({"info": {"contact": "x"}}) == ()


def test_the_overlay_sets_the_registry_name_and_rejects_bad_ones() -> None:
    overlay, diags = parse_overlay("registry_name: io.github.acme/petstore-mcp\n")
    assert overlay.registry_name == "io.github.acme/petstore-mcp" and diags == []
    overlay, diags = parse_overlay("registry_name: 'not a name'\n")
    assert overlay.registry_name is None
    assert [(d.code, d.pointer) for d in diags] == [("OVERLAY_VALUE", "/registry_name")]


def test_registry_name_urls_and_credentials_reach_the_package(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        (SPECS / "petstore/overlay.yaml").read_text()
        + "\nregistry_name: io.github.acme/petstore-mcp\n"
        + "auth: [{type: bearer, env: PETSTORE_TOKEN}]\n"
    )
    spec = tmp_path / "openapi.json"
    import yaml

    doc = yaml.safe_load((SPECS / "petstore/openapi.yaml").read_text())
    doc["externalDocs"] = {"url": "https://docs.petstore.example"}
    doc["info"]["license"] = {"name": "Apache 2.0"}
    spec.write_text(json.dumps(doc))
    target, result = generate(spec, tmp_path / "out", overlay_path=overlay, name="petstore")
    assert "REGISTRY_NAME_DEFAULT" not in [d.code for d in result.diagnostics]
    server = json.loads((target / "server.json").read_text())
    assert _validate(server) == []
    assert server["name"] == "io.github.acme/petstore-mcp"
    assert server["websiteUrl"] == "https://docs.petstore.example"
    env = {e["name"]: e for e in server["packages"][0]["environmentVariables"]}
    assert env["PETSTORE_TOKEN"]["isSecret"] is True
    assert env["PETSTORE_BASE_URL"].get("isSecret") is None
    readme = (target / "README.md").read_text()
    assert "<!-- mcp-name: io.github.acme/petstore-mcp -->" in readme
    project = tomllib.loads((target / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"  # the API's licence is not the package's
    assert project["urls"] == {"Documentation": "https://docs.petstore.example"}


def test_without_a_registry_name_a_placeholder_is_used_and_noted(tmp_path: Path) -> None:
    target, result = generate(SPECS / "petstore/openapi.yaml", tmp_path, name="petstore")
    assert "REGISTRY_NAME_DEFAULT" in [d.code for d in result.diagnostics]
    server = json.loads((target / "server.json").read_text())
    assert server["name"] == "io.github.OWNER/petstore-mcp"
    assert _validate(server) == []


def test_long_titles_and_descriptions_are_cut_to_the_registry_limits(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("title: " + "T" * 150 + "\ndescription: " + "word " * 80 + "\n")
    result = build(SPECS / "petstore/openapi.yaml", overlay_path=overlay, name="petstore")
    server = json.loads(result.files["server.json"])
    assert len(server["title"]) <= 100 and len(server["description"]) <= 100
    assert _validate(server) == []


def test_a_github_repository_names_the_package_in_the_registry(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("repository: https://github.com/acme/petstore-mcp.git\n")
    target, result = generate(
        SPECS / "petstore/openapi.yaml", tmp_path / "out", overlay_path=overlay, name="petstore"
    )
    assert "REGISTRY_NAME_DEFAULT" not in [d.code for d in result.diagnostics]
    server = json.loads((target / "server.json").read_text())
    assert _validate(server) == []
    assert server["name"] == "io.github.acme/petstore-mcp"
    assert server["repository"] == {
        "url": "https://github.com/acme/petstore-mcp",
        "source": "github",
    }
    project = tomllib.loads((target / "pyproject.toml").read_text())["project"]
    assert project["urls"]["Repository"] == "https://github.com/acme/petstore-mcp"
    assert "<!-- mcp-name: io.github.acme/petstore-mcp -->" in (target / "README.md").read_text()


def test_a_monorepo_subfolder_and_an_explicit_registry_name_win(tmp_path: Path) -> None:
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(
        "registry_name: com.acme/pets\n"
        "repository: {url: 'https://gitlab.com/acme/apis', subfolder: servers/petstore-mcp/}\n"
    )
    result = build(SPECS / "petstore/openapi.yaml", overlay_path=overlay, name="petstore")
    server = json.loads(result.files["server.json"])
    assert _validate(server) == []
    assert server["name"] == "com.acme/pets"
    assert server["repository"] == {
        "url": "https://gitlab.com/acme/apis",
        "source": "gitlab",
        "subfolder": "servers/petstore-mcp",
    }


def test_bad_repositories_are_located_errors() -> None:
    cases = {
        "repository: github.com/acme/x\n": "/repository",
        "repository: https://github.com/acme\n": "/repository",
        "repository: https://github.com/acme/apis/tree/main\n": "/repository",
        "repository: {url: 'https://gitlab.com/a/b', subfolder: ../up}\n": "/repository/subfolder",
        "repository: {subfolder: x}\n": "/repository",
        "repository: {url: 'https://gitlab.com/a/b', branch: main}\n": "/repository/branch",
        "repository: 42\n": "/repository",
    }
    for text, pointer in cases.items():
        overlay, diags = parse_overlay(text)
        assert overlay.repository is None or "branch" in text, text  # unknown keys are dropped
        assert [d.pointer for d in diags][:1] == [pointer], (text, diags)
        assert all(d.line == 1 for d in diags), text


def test_server_json_describes_each_variable_as_help_and_the_readme_do() -> None:
    """One table (runtime/config/environment.py) for all three: before, server.json wrote its
    own words for the base URL and the OAuth2 variables."""
    from generator.runtime.config.environment import listing
    from generator.runtime.model import model_from_json

    result = build(FIXTURES / "openapi/spotify.fixed.yaml", name="spotify")
    server = json.loads(result.files["server.json"])
    assert _validate(server) == []
    model = model_from_json(json.loads(result.files["src/spotify_mcp/spec.json"]))
    meanings = {name: meaning for name, meaning, _ in listing(model)}
    env = server["packages"][0]["environmentVariables"]
    assert any("CLIENT_SECRET" in e["name"] for e in env)  # the OAuth2 family is listed
    for entry in env:
        meaning = meanings[entry["name"]]
        assert entry["description"].startswith(meaning[0].upper() + meaning[1:99]), entry
