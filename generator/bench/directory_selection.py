"""Which descriptions of the public API directory the directory benchmark runs, and in which half.

The rule, written down before any shaping rule was changed against this corpus and applied
mechanically (``select``); its outcome is committed as ``data/directory-selection.tsv`` so a
run is reproducible without choosing again:

1. **Descriptions.** Under ``ROOT/APIs``, every ``openapi.yaml`` or ``swagger.yaml`` at
   ``provider/version/`` or ``provider/service/version/`` (the APIs.guru layout). A version
   folder holding both takes ``openapi.yaml``. The API is ``provider`` or
   ``provider/service``.
2. **The newest version of each API.** The newest stable version (the numbers in its name
   compared as a sequence: ``v2`` > ``v1``, ``2019-12-27`` > ``2018-06-01``, ``1.10`` >
   ``1.9``); an API with only pre-release versions (a name with ``alpha``, ``beta``,
   ``preview``, ``rc``, ``dev``, ``pre``, ``experimental``, ``snapshot``) takes the newest of
   those. Ties are broken by the version name.
3. **Size.** Kept when it has 1 to 800 operations (``MIN_OPERATIONS``, ``MAX_OPERATIONS``)
   whose success response has a body schema: a 2xx response (a local ``$ref`` followed) with
   a ``schema`` (Swagger 2.0) or a JSON (or ``*/*``) media type with a ``schema`` (OpenAPI
   3.x). The files are read by the generator's own reader (``loaders/document.py``); one it
   rejects, or whose ``paths`` is not a map, is not kept and is counted apart with why
   (``Selection.unreadable``). (The issue proposed 5 to 800 at 60 per provider; on this
   mirror that keeps 492 descriptions, under the 600 asked for. Of the two ways up, keeping
   APIs with 1 to 4 such operations (659 descriptions from 338 providers) was taken over
   raising the provider cap to 100 (612, half of them from three cloud vendors): the point
   of the corpus is APIs nobody tuned for, many of them.)
4. **At most 60 per provider** (``PER_PROVIDER``: two thirds of the directory is one cloud
   vendor): a provider's kept APIs ranked by the SHA-256 of their path, the first 60 taken.
5. **The split, by provider.** The providers ranked by the SHA-256 of their name; each, in
   that order, goes to the half that holds fewer descriptions so far (``tuning`` on a tie):
   all of one provider's descriptions are in one half, and the halves hold about as many
   descriptions each. The held-back half is reported as aggregates only.
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..diagnostics import GenerationError
from ..loaders.document import load_document
from ..runtime.coercion import local_ref_target

FILENAMES = ("openapi.yaml", "swagger.yaml")  # preferred first
MIN_OPERATIONS = 1
MAX_OPERATIONS = 800
PER_PROVIDER = 60
HALVES = ("tuning", "held-back")
METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
PRERELEASE = re.compile(r"alpha|beta|preview|rc|dev|pre|experimental|snapshot", re.IGNORECASE)
SELECTION_HEADER = ("path", "provider", "half")
SOURCE_NOTE = "SOURCE.txt"  # written by directory_extract.py: the commit, the files absent
_TAB = "\t"


@dataclass(frozen=True)
class Entry:
    """One selected description: its path under the directory root, provider and half."""

    path: str  # "APIs/provider/[service/]version/openapi.yaml"
    provider: str
    half: str


@dataclass
class Selection:
    """What the rule kept, and what it saw on the way (printed with the benchmark)."""

    entries: list[Entry] = field(default_factory=list)
    apis: int = 0  # APIs (provider or provider/service) found
    too_small: int = 0  # newest version below MIN_OPERATIONS
    too_big: int = 0  # newest version above MAX_OPERATIONS
    capped: int = 0  # kept by size but over a provider's PER_PROVIDER
    unreadable: dict[str, str] = field(default_factory=dict)  # path -> why
    source: list[str] = field(default_factory=list)  # ROOT/SOURCE_NOTE's lines, when written


# ------------------------------------------------------------------------------ the rule


def version_key(version: str) -> tuple[bool, tuple[int, ...], str]:
    """Orders a directory's version names: stable above pre-release, then by their numbers."""
    numbers = tuple(int(n) for n in re.findall(r"\d+", version))
    return (not PRERELEASE.search(version), numbers, version)


def descriptions(root: Path) -> Iterator[tuple[str, str, str, Path]]:
    """(provider, api, version, file) for every description under ``root/APIs``."""
    apis = root / "APIs"
    for provider in sorted(p for p in apis.iterdir() if p.is_dir()):
        for file in sorted(provider.rglob("*.yaml")):
            if file.name not in FILENAMES:
                continue
            parts = file.relative_to(provider).parts  # [service/]version/file
            if len(parts) not in (2, 3):
                continue
            sibling = file.with_name(FILENAMES[0])
            if file.name != FILENAMES[0] and sibling.is_file():
                continue  # the folder's openapi.yaml is the one taken
            api = "/".join([provider.name, *parts[:-2]])
            yield provider.name, api, parts[-2], file


def newest(found: Iterable[tuple[str, str, str, Path]]) -> dict[str, tuple[str, Path]]:
    """api -> (provider, file) of its newest version."""
    best: dict[str, tuple[tuple[bool, tuple[int, ...], str], str, Path]] = {}
    for provider, api, version, file in found:
        key = version_key(version)
        if api not in best or key > best[api][0]:
            best[api] = (key, provider, file)
    return {api: (provider, file) for api, (_, provider, file) in best.items()}


def _local(document: dict[str, Any], value: Any) -> Any:
    """``value`` with a local ``$ref`` followed; None where it leads nowhere."""
    return local_ref_target(value, document)


def _has_body_schema(document: dict[str, Any], response: Any) -> bool:
    response = _local(document, response)
    if not isinstance(response, dict):
        return False
    if response.get("schema") is not None:  # Swagger 2.0
        return True
    content = response.get("content")
    if not isinstance(content, dict):
        return False
    return any(
        ("json" in media.lower() or media == "*/*")
        and isinstance(body, dict)
        and body.get("schema") is not None
        for media, body in content.items()
    )


def operations_with_response_schema(document: Any) -> int:
    """Operations whose 2xx response has a body schema (rule 3); ValueError: no paths map."""
    paths = document.get("paths") if isinstance(document, dict) else None
    if not isinstance(paths, dict):
        raise ValueError("no `paths` map")
    count = 0
    for item in paths.values():
        item = _local(document, item)
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            op = item.get(method)
            responses = op.get("responses") if isinstance(op, dict) else None
            if not isinstance(responses, dict):
                continue
            if any(
                str(code).startswith("2") and _has_body_schema(document, r)
                for code, r in responses.items()
            ):
                count += 1
    return count


def _load(file: Path) -> Any:
    return load_document(file).data  # as the generator reads it


def _rank(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def split(sizes: dict[str, int]) -> dict[str, str]:
    """provider -> half (rule 5), from how many descriptions each provider has."""
    held: dict[str, int] = {half: 0 for half in HALVES}
    halves = {}
    for provider in sorted(sizes, key=_rank):
        half = min(HALVES, key=lambda h: (held[h], HALVES.index(h)))
        halves[provider] = half
        held[half] += sizes[provider]
    return halves


def select(root: Path) -> Selection:
    """Apply the rule to the directory extracted at ``root`` (``root/APIs`` must exist)."""
    if not (root / "APIs").is_dir():
        raise FileNotFoundError(f"{root / 'APIs'}: not a directory ({ABSENT_HINT})")
    result = Selection()
    note = root / SOURCE_NOTE
    if note.is_file():
        result.source = [line for line in note.read_text(encoding="utf-8").splitlines() if line]
    latest = newest(descriptions(root))
    result.apis = len(latest)
    kept: dict[str, list[str]] = {}
    for api, (provider, file) in sorted(latest.items()):
        path = file.relative_to(root).as_posix()
        try:
            count = operations_with_response_schema(_load(file))
        except (GenerationError, ValueError) as exc:
            text = str(exc).strip().replace(str(file), "").lstrip(": ")
            why = text.splitlines()[0] if text else type(exc).__name__
            result.unreadable[path] = why[:160]
            continue
        if count < MIN_OPERATIONS:
            result.too_small += 1
        elif count > MAX_OPERATIONS:
            result.too_big += 1
        else:
            kept.setdefault(provider, []).append(path)
    for provider, paths in kept.items():
        paths.sort(key=_rank)
        result.capped += max(0, len(paths) - PER_PROVIDER)
        del paths[PER_PROVIDER:]
    halves = split({provider: len(paths) for provider, paths in kept.items()})
    result.entries = sorted(
        (
            Entry(path, provider, halves[provider])
            for provider, paths in kept.items()
            for path in paths
        ),
        key=lambda e: e.path,
    )
    return result


# ------------------------------------------------------------------------------ the list

ABSENT_HINT = (
    "extract the public API directory first: git clone "
    "https://github.com/APIs-guru/openapi-directory (or the zijianhuang/openapi-directory "
    "mirror), or from a bare mirror `python -m generator.bench.directory --extract GIT_DIR "
    "DIRECTORY_ROOT`; then pass the folder that holds APIs/"
)


def selection_notes(selection: Selection) -> list[str]:
    """What the rule saw and kept, in a few lines (the list's comment lines, and the report's)."""
    entries = selection.entries
    lines = [f"source: {line}" for line in selection.source] + [
        f"rule: directory_selection.py (newest version of each API, {MIN_OPERATIONS}-"
        f"{MAX_OPERATIONS} operations with a response schema, at most {PER_PROVIDER} per "
        "provider, halves by provider)",
        f"APIs found: {selection.apis}; newest versions kept: {len(entries)}, from "
        f"{len({e.provider for e in entries})} providers; under {MIN_OPERATIONS} "
        f"operation(s) with a response schema: {selection.too_small}; more than "
        f"{MAX_OPERATIONS}: {selection.too_big}; over a provider's {PER_PROVIDER}: "
        f"{selection.capped}; unreadable: {len(selection.unreadable)}",
    ]
    for half in HALVES:
        part = [e for e in entries if e.half == half]
        providers = len({e.provider for e in part})
        lines.append(f"{half}: {len(part)} descriptions from {providers} providers")
    for path, why in sorted(selection.unreadable.items()):
        lines.append(f"unreadable (not selected): {path}: {why}")
    return lines


def write_selection(selection: Selection, target: Path) -> None:
    """The list, with ``selection_notes`` as ``#`` comment lines above its header."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8", newline="") as stream:
        for note in selection_notes(selection):
            stream.write(f"# {note}\n")
        writer = csv.writer(stream, delimiter="\t", lineterminator="\n")
        writer.writerow(SELECTION_HEADER)
        writer.writerows((e.path, e.provider, e.half) for e in selection.entries)


def read_selection(source: Path) -> tuple[list[Entry], list[str]]:
    """The list and its comment lines; ValueError naming the line when it is not laid out as
    ``write_selection`` writes it."""
    text = source.read_text(encoding="utf-8").splitlines()
    notes = [line[1:].strip() for line in text if line.startswith("#")]
    body = [(n, line) for n, line in enumerate(text, start=1) if not line.startswith("#")]
    rows = [(n, next(csv.reader([line], delimiter="\t"))) for n, line in body if line]
    if not rows or tuple(rows[0][1]) != SELECTION_HEADER:
        where = rows[0][0] if rows else len(text) + 1
        raise ValueError(f"{source}:{where}: expected the header {_TAB.join(SELECTION_HEADER)!r}")
    entries = []
    for number, row in rows[1:]:
        if len(row) != 3 or row[2] not in HALVES or not row[0].startswith("APIs/"):
            raise ValueError(f"{source}:{number}: expected path<TAB>provider<TAB>half, got {row}")
        entries.append(Entry(*row))
    return entries, notes
