"""A generated package's own tests hold when its operations declare servers of their own.

Found from outside (box.com's description in the public API directory): its first operation is
served by ``https://account.box.com``; the generated ``test_a_call_reaches_the_upstream`` only
pointed the API's own base URL at its local upstream, so the call went to the real host and the
package failed its own tests. The test's upstream now stands in for every server.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.support.own_tests import run_own_tests
from tests.support.paths import REPO

SPEC = """\
openapi: 3.0.3
info: {title: Own Hosts, version: "1.0"}
servers: [{url: "https://api.own-hosts.test/v1"}]
paths:
  /authorize:
    servers: [{url: "https://account.own-hosts.test"}]
    get:
      operationId: authorize
      parameters:
        - {name: client_id, in: query, required: true, schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}, name: {type: string}}}
  /reports/{id}:
    servers: [{url: /v2}]
    get:
      operationId: getReport
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}, name: {type: string}}}
"""


def test_a_package_whose_operations_have_their_own_servers_passes_its_own_tests(
    tmp_path: Path,
) -> None:
    _passes_own_tests(tmp_path, SPEC, "own-hosts")


HEAD_FIRST = """\
openapi: 3.0.3
info: {title: Head First, version: "1.0"}
servers: [{url: "https://api.head-first.test"}]
paths:
  /alive:
    head:
      operationId: alive
      responses: {"200": {description: ok}}
  /things:
    get:
      operationId: listThings
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: array
                items: {type: object, properties: {id: {type: string}, name: {type: string}}}
"""


def test_a_package_whose_first_operation_is_a_head_passes_its_own_tests(tmp_path: Path) -> None:
    # its smoke test called the first operation, a HEAD the recorder did not answer (501), and
    # read its answer as JSON; it now calls the first operation that answers a body
    _passes_own_tests(tmp_path, HEAD_FIRST, "head-first")


LIST_IN_PATH = """\
openapi: 3.0.3
info: {title: List In Path, version: "1.0"}
servers: [{url: "https://api.list-in-path.test"}]
paths:
  /records/{accessions}/report:
    get:
      operationId: getReports
      parameters:
        - name: accessions
          in: path
          required: true
          schema: {type: array, items: {type: string}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}, name: {type: string}}}
"""


def test_a_package_whose_first_path_takes_a_list_passes_its_own_tests(tmp_path: Path) -> None:
    """Found from outside (a genome database's description, issue 33): its first operation
    takes a list of accessions as a path segment; the test sent an empty list, which the
    server rightly refuses (an empty segment), and expected the list's repr in the path."""
    _passes_own_tests(tmp_path, LIST_IN_PATH, "list-in-path")


def _passes_own_tests(tmp_path: Path, text: str, name: str) -> None:
    """The package generated from the description ``text`` passes its own tests."""
    spec = tmp_path / "openapi.yaml"
    spec.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "generator", "generate", str(spec), "--name", name]
    subprocess.run([*cmd, "--out", str(out)], check=True, cwd=REPO, capture_output=True)
    proc = run_own_tests(out / f"{name}-mcp")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert " passed" in proc.stdout.strip().splitlines()[-1]


PATTERNED_ID = """\
openapi: 3.0.3
info: {title: Patterned Id, version: "1.0"}
servers: [{url: "https://api.patterned-id.test"}]
paths:
  /v1/contexts/{context_id}:
    get:
      operationId: getContext
      parameters:
        - name: context_id
          in: path
          required: true
          schema: {type: string, pattern: "^ctx_[0-7][0-9a-hjkmnpq-tv-z]{25}$"}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}, name: {type: string}}}
"""


def test_a_package_whose_first_path_id_has_a_pattern_passes_its_own_tests(tmp_path: Path) -> None:
    """Found from outside (a domain registrar's description, issue 33, session 26): its first
    operation's path id has a pattern (a typed, sortable id); the smoke test sent ``"x"``,
    which the server rightly refuses, so the package failed its own tests."""
    _passes_own_tests(tmp_path, PATTERNED_ID, "patterned-id")
