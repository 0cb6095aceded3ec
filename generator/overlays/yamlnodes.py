"""YAML text -> plain Python values plus a JSON-pointer -> line map (1-based).

Uses ``yaml.compose`` so every value keeps its position: a mapping entry is located at its
key's line, a sequence item at the item's line. Mapping keys are always the key's source text
(so ``yes:`` stays ``"yes"`` and ``200:`` stays ``"200"``); duplicate keys are reported instead
of silently keeping the last one. Scalars are built by PyYAML's safe constructor; ``raw``
keeps each scalar's source text for keys such as ``version`` where ``1.10`` must not become
the float ``1.1``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from ..diagnostics import Diagnostic, GenerationError, Severity, pointer


@dataclass
class YamlDocument:
    value: Any
    lines: dict[str, int] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def parse_yaml(text: str, file: str) -> YamlDocument:
    """Parse one YAML document; invalid YAML raises GenerationError with the line."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        doc = YamlDocument(value=None)
        if node is not None:
            doc.lines[""] = node.start_mark.line + 1
            doc.value = _convert(loader, node, "", doc, file)
        return doc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        message = " ".join(part for part in (exc.context, exc.problem) if part) or str(exc)
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "OVERLAY_YAML_INVALID",
                f"the overlay is not valid YAML: {message}",
                file=file,
                line=line,
                hint="fix the YAML syntax at this line (indentation, quoting, a missing ':')",
            )
        ) from exc
    except yaml.YAMLError as exc:
        raise GenerationError(
            Diagnostic(
                Severity.ERROR,
                "OVERLAY_YAML_INVALID",
                f"the overlay is not valid YAML: {exc}",
                file=file,
            )
        ) from exc
    finally:
        loader.dispose()


def _convert(
    loader: yaml.SafeLoader, node: yaml.Node, ptr: str, doc: YamlDocument, file: str
) -> Any:
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # resolves `<<:` merge keys
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                doc.diagnostics.append(
                    Diagnostic(
                        Severity.ERROR,
                        "OVERLAY_TYPE",
                        "a mapping key must be a plain name, not a list or mapping",
                        file=file,
                        pointer=ptr,
                        line=line,
                    )
                )
                continue
            key = str(key_node.value)
            child = ptr + pointer(key)
            if key in result:
                doc.diagnostics.append(
                    Diagnostic(
                        Severity.ERROR,
                        "OVERLAY_DUPLICATE_KEY",
                        f"key {key!r} appears twice in the same mapping "
                        f"(first at line {doc.lines.get(child)})",
                        file=file,
                        pointer=child,
                        line=line,
                        hint="merge the two entries into one",
                    )
                )
                continue
            doc.lines[child] = line
            result[key] = _convert(loader, value_node, child, doc, file)
        return result
    if isinstance(node, yaml.SequenceNode):
        items = []
        for index, item in enumerate(node.value):
            child = f"{ptr}/{index}"
            doc.lines[child] = item.start_mark.line + 1
            items.append(_convert(loader, item, child, doc, file))
        return items
    doc.raw[ptr] = str(node.value)
    return loader.construct_object(node, deep=True)
