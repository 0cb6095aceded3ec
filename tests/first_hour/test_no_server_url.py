"""A description with no usable server: the package says to set the base URL, never ``/``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.pipeline import generate

NO_SERVERS = {
    "openapi": "3.0.3",
    "info": {"title": "Nosrv", "version": "1.0.0"},
    "paths": {
        "/things": {
            "get": {
                "operationId": "listThings",
                "responses": {"200": {"description": "ok"}},
            }
        }
    },
}


@pytest.mark.parametrize("servers", [None, [{"url": "/v1"}]], ids=["none", "relative"])
def test_the_package_asks_for_the_base_url_and_never_offers_a_slash(
    tmp_path: Path, servers: list[dict[str, str]] | None
) -> None:
    document = dict(NO_SERVERS, **({"servers": servers} if servers else {}))
    spec = tmp_path / "openapi.yaml"
    spec.write_text(yaml.safe_dump(document))
    package, _ = generate(spec, tmp_path / "out", name="nosrv")

    readme = (package / "README.md").read_text(encoding="utf-8")
    assert "NOSRV_BASE_URL=/ " not in readme and "NOSRV_BASE_URL=/v1" not in readme
    assert '"NOSRV_BASE_URL": "/' not in readme
    assert "Set `NOSRV_BASE_URL` first." in readme
    placeholder = "<https://HOST>" + ("/v1" if servers else "")
    assert f'"NOSRV_BASE_URL": "{placeholder}"' in readme
    assert f"NOSRV_BASE_URL='{placeholder}' nosrv-mcp" in readme

    server = json.loads((package / "server.json").read_text(encoding="utf-8"))
    (variable,) = [
        v for v in server["packages"][0]["environmentVariables"] if v["name"] == "NOSRV_BASE_URL"
    ]
    assert variable["isRequired"] is True and "default" not in variable
    assert "names no server" in variable["description"]

    env = {"PYTHONPATH": str(package / "src"), "NOSRV_BASE_URL": placeholder}
    run = subprocess.run(
        [sys.executable, "-m", "nosrv_mcp"], env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0 and "set NOSRV_BASE_URL to the API's URL" in run.stderr
    shown = subprocess.run(
        [sys.executable, "-m", "nosrv_mcp", "--help"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert "(default /)" not in shown and "(default /v1)" not in shown
    assert "(none: set it)" in " ".join(shown.split())


def test_a_usable_server_is_kept_as_the_default(tmp_path: Path) -> None:
    spec = tmp_path / "openapi.yaml"
    spec.write_text(yaml.safe_dump(dict(NO_SERVERS, servers=[{"url": "https://api.example.org/"}])))
    package, _ = generate(spec, tmp_path / "out", name="nosrv")
    readme = (package / "README.md").read_text(encoding="utf-8")
    assert "NOSRV_BASE_URL=https://api.example.org nosrv-mcp" in readme
    assert "first.**" not in readme
    server = json.loads((package / "server.json").read_text(encoding="utf-8"))
    variable = server["packages"][0]["environmentVariables"][0]
    assert variable["isRequired"] is False and variable["default"] == "https://api.example.org"
