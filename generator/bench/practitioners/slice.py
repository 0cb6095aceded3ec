"""A slice of a big API description: only some operations and what they reference.

``python -m generator.bench.practitioners.slice SPEC OUT "GET /path" ["POST /other" ...]``
writes to ``OUT`` (JSON) the description ``SPEC`` (OpenAPI 3 or Swagger 2.0, JSON or YAML)
reduced to the named operations (with their path-level parameters) and every component,
definition, shared parameter or response they reference, followed transitively. Webhooks,
tags and top-level ``x-`` extensions are left out; everything else at the top (info,
servers/host/basePath, security schemes) is kept as it is. Used to
store in the repository the part of a vendor description the yardstick's rows need.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

import yaml

METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [r for v in node.values() for r in _refs(v)]
    if isinstance(node, list):
        return [r for v in node for r in _refs(v)]
    return []


def _at(doc: Any, pointer: str) -> Any:
    for token in pointer.lstrip("#/").split("/"):
        doc = doc[token.replace("~1", "/").replace("~0", "~")]
    return doc


def _put(out: dict[str, Any], pointer: str, value: Any) -> None:
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.lstrip("#/").split("/")]
    node = out
    for token in tokens[:-1]:
        node = node.setdefault(token, {})
    node[tokens[-1]] = value


def slice_spec(doc: dict[str, Any], operations: Sequence[str]) -> dict[str, Any]:
    dropped = ("paths", "webhooks", "components", "definitions", "parameters", "responses", "tags")
    out = {k: v for k, v in doc.items() if k not in dropped and not k.startswith("x-")}
    schemes = (doc.get("components") or {}).get("securitySchemes")
    if schemes:
        out["components"] = {"securitySchemes": schemes}
    out["paths"] = {}
    for operation in operations:
        method, path = operation.split(" ", 1)
        item = doc["paths"][path]
        kept = out["paths"].setdefault(path, {k: v for k, v in item.items() if k not in METHODS})
        kept[method.lower()] = item[method.lower()]
    seen: set[str] = set()
    todo = _refs(out["paths"])
    while todo:
        ref = todo.pop()
        if not ref.startswith("#/") or ref in seen:
            continue
        seen.add(ref)
        value = _at(doc, ref)
        _put(out, ref, value)
        todo += _refs(value)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.bench.practitioners.slice")
    parser.add_argument("spec", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("operations", nargs="+", metavar="'METHOD /path'")
    args = parser.parse_args(argv)
    text = args.spec.read_text(encoding="utf-8")
    doc = (
        json.loads(text)
        if args.spec.suffix == ".json"
        else yaml.load(text, Loader=yaml.CSafeLoader)
    )
    try:
        sliced = slice_spec(doc, args.operations)
    except KeyError as exc:
        print(f"error: {args.spec} has no {exc}", file=sys.stderr)
        return 2
    args.out.write_text(json.dumps(sliced, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(args.operations)} operations, {args.out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
