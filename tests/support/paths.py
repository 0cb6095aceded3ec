"""Where things are: the repository, its examples, and the shared corpus beside it."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SPECS = REPO / "specs"
GENERATED = REPO / "generated"
CORPUS = (REPO.parent / "shared" / "corpus").resolve()
RESPONSES = CORPUS / "responses"
OPENAPI = CORPUS / "openapi"
