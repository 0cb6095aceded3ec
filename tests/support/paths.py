"""Where things are: the repository, its examples and the test fixtures (all inside the repository).

Tests never read outside the repository. Real-world inputs live in ``tests/fixtures/`` (sources and
licenses in ``tests/fixtures/SOURCES.md``), except the big example inputs in ``specs/``, which are
the single copy of those files: use the names below for them.
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPECS = REPO / "specs"
GENERATED = REPO / "generated"
FIXTURES = REPO / "tests" / "fixtures"
CORPUS = FIXTURES  # laid out like the developer corpus: responses/, openapi/, graphql/
RESPONSES = FIXTURES / "responses"
OPENAPI = FIXTURES / "openapi"
GRAPHQL = FIXTURES / "graphql"

# Corpus files whose single copy is an example input in specs/
GITHUB_REST = SPECS / "github" / "openapi.json"  # corpus: openapi/github.api.github.com.json
NOTION = SPECS / "notion" / "openapi.json"  # corpus: openapi/notion.openapi.json
GOTIFY = SPECS / "gotify" / "swagger.json"  # corpus: openapi/swagger2.gotify.json
PETSTORE = SPECS / "petstore" / "openapi.yaml"  # corpus: openapi/oai.v3.0.petstore.yaml
SWAPI = SPECS / "swapi" / "schema.graphql"  # corpus: graphql/swapi.graphql
LINEAR = SPECS / "linear" / "schema.graphql"  # corpus: graphql/linear.graphql
