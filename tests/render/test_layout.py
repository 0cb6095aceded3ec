"""The runtime reads top-down: its modules, and its parts (subpackages), import each other
without a cycle; so do the generator's modules. Every import counts, lazy ones included."""

from __future__ import annotations

import ast
from pathlib import Path

from generator.render.plan import RUNTIME_DIR

GENERATOR_DIR = RUNTIME_DIR.parent
TOP_LEVEL = {
    "__init__",
    "arguments",
    "choices",  # with arguments and coercion: what an enum violation tells the model
    "coercion",
    "errors",
    "executor",
    "filters",
    "input_limits",
    "meta",
    "model",
    "outcome",
    "output",
    "violations",  # with arguments: what a schema violation tells the model, in JSON's words
}


def _name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules under ``root`` it imports (relative imports; ``from . import x``
    counts as importing ``x`` when ``x`` is a module)."""
    paths = {_name(p, root): p for p in root.rglob("*.py") if "__pycache__" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.level:
                continue
            parts = package.split(".") if package else []
            base = parts[: len(parts) - (node.level - 1)]
            if node.level - 1 > len(parts):
                continue  # above root (the generator's own package, seen from the runtime)
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                if sub in paths:
                    found.add(sub)
                elif target in paths:
                    found.add(target)
        graph[name] = found - {name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def _part(module: str) -> str:
    """A subpackage, or a top-level module on its own."""
    return module.split(".")[0] if module else "__init__"


def test_runtime_modules_import_each_other_without_a_cycle() -> None:
    cycle = _cycle(_graph(RUNTIME_DIR))
    assert cycle is None, " -> ".join(cycle or [])


def test_runtime_parts_import_each_other_without_a_cycle() -> None:
    parts: dict[str, set[str]] = {}
    for module, targets in _graph(RUNTIME_DIR).items():
        here = _part(module)
        parts.setdefault(here, set()).update(_part(t) for t in targets if _part(t) != here)
    cycle = _cycle(parts)
    assert cycle is None, " -> ".join(cycle or [])


def test_generator_modules_import_each_other_without_a_cycle() -> None:
    """openapi.py -> swagger2.py (not back); pipeline.py -> regeneration.py -> diff/ (diff/load.py
    runs the pipeline for ``mcpforge diff``)."""
    graph = {
        name: {t for t in targets if not t.startswith("runtime")}
        for name, targets in _graph(GENERATOR_DIR).items()
        if not name.startswith("runtime")
    }
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_runtime_top_level_holds_only_the_core_and_each_part_says_what_it_is() -> None:
    top = {p.stem for p in RUNTIME_DIR.glob("*.py")}
    assert top <= TOP_LEVEL, f"put new runtime modules in a part: {sorted(top - TOP_LEVEL)}"
    for init in RUNTIME_DIR.glob("*/__init__.py"):
        assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), init


def _imports_between(
    package: str, other: str, root: Path = GENERATOR_DIR
) -> list[tuple[str, int, bool]]:
    """(file, line, inside a function) of each import in ``<root>/<package>/`` that reaches
    ``<root>/<other>/`` (relative, or absolute through ``generator.``)."""
    found: list[tuple[str, int, bool]] = []
    for path in sorted((root / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside.update(id(sub) for sub in ast.walk(node) if sub is not node)
        depth = len(path.relative_to(root).parts) - 1  # ".." reaches generator/
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    hit = node.level - 1 == depth and module.split(".")[0] == other
                    if node.level - 1 == depth and not module:
                        hit = any(alias.name == other for alias in node.names)
                else:
                    hit = module.startswith(f"generator.{other}")
            elif isinstance(node, ast.Import):
                hit = any(a.name.startswith(f"generator.{other}") for a in node.names)
            else:
                continue
            if hit:
                found.append((str(path.relative_to(root)), node.lineno, id(node) in inside))
    return found


def test_loaders_and_render_import_one_way_at_module_top_level() -> None:
    """The loaders build the IR and never reach into rendering; render may use a loader's
    helper (the SDL without descriptions), and only at the top of a module, where it shows."""
    assert _imports_between("loaders", "render") == []
    lazy = [(f, line) for f, line, inside in _imports_between("render", "loaders") if inside]
    assert lazy == [], f"move these imports to the top of the module: {lazy}"


def test_the_import_finder_sees_lazy_and_top_level_imports(tmp_path: Path) -> None:
    (tmp_path / "render" / "sub").mkdir(parents=True)
    (tmp_path / "render" / "top.py").write_text(
        "from ..loaders.pagination import x\nfrom .. import loaders\nfrom ..ir import y\n"
    )
    (tmp_path / "render" / "sub" / "lazy.py").write_text(
        "def f():\n    from ...loaders import z\n    import generator.loaders.graphql\n"
    )
    assert _imports_between("render", "loaders", tmp_path) == [
        ("render/sub/lazy.py", 2, True),
        ("render/sub/lazy.py", 3, True),
        ("render/top.py", 1, False),
        ("render/top.py", 2, False),
    ]
