"""Checking a ruleset file: unknown keys, wrong types, missing fields, each reported
with the file and, where it can be found, the line (`house.toml line 7: ...`); and
building the `Ruleset` from the checked data."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine.ruleset_model import (
    CITATION_KEYS,
    HEAD_KEYS,
    KINDS,
    PATTERN_KEYS,
    PAYOFFS,
    SCHEMES,
    TOP_KEYS,
    UNITS,
    Pattern,
    PatternKind,
    Ruleset,
    RulesetError,
    Scheme,
    Unit,
    family_of,
)
from mj_trainer.engine.shape import Shape

_TYPE_WORDS: Final = {int: "int (a whole number)", str: "str (text in quotes)",
                      bool: "bool (true or false)"}


def _lines(path: Path) -> list[str]:
    return _index(path).lines


@dataclass(frozen=True, slots=True)
class _FileIndex:
    """A ruleset file's lines and where each table header is, read once per version."""

    lines: list[str]
    headers: dict[tuple[str, str | None], int]  # (table, pattern id) -> line index


_HEADER: Final = re.compile(
    r"^\s*\[\s*([A-Za-z_][\w-]*)\s*(?:\.\s*[\"']?([^\"'\]]*?)[\"']?\s*)?\]")


def _index(path: Path) -> _FileIndex:
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    return _index_cached(path, stamp)


@lru_cache(maxsize=32)
def _index_cached(path: Path, _stamp: int) -> _FileIndex:
    """Built once, so finding the line of every problem stays linear in the file's size
    (scanning the file again for each of 10,000 patterns made loading quadratic)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    headers: dict[tuple[str, str | None], int] = {}
    for i, line in enumerate(lines):
        if "[" in line and (m := _HEADER.match(line)):
            headers.setdefault((m.group(1), m.group(2)), i)
    return _FileIndex(lines, headers)


def _find_line(path: Path, table: str, pid: str | None, key: str | None) -> int | None:
    """The line of `key` in the table (or of the table itself), else of any mention."""
    index = _index(path)
    lines = index.lines
    start = index.headers.get((table, pid))
    if start is not None:
        if key is None:
            return start + 1
        key_re = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for j in range(start + 1, len(lines)):
            if lines[j].lstrip().startswith("["):
                break
            if key_re.search(lines[j]):
                return j + 1
        return start + 1
    # Dotted keys or inline tables: the first line naming the pattern (and the key).
    needles = [n for n in (pid, key) if n]
    for i, line in enumerate(lines):
        if needles and all(n in line for n in needles):
            return i + 1
    if pid is not None:
        for i, line in enumerate(lines):
            if pid in line:
                return i + 1
    return None


def top_line(path: Path, key: str) -> int | None:
    """The line of a top-level table or key: `[key]`, `[key."x"]` or `key = ...`."""
    found = re.compile(rf"^\s*(\[+\s*[\"']?{re.escape(key)}[\"']?\s*[\].]|[\"']?"
                       rf"{re.escape(key)}[\"']?\s*=)")
    for i, line in enumerate(_lines(path), start=1):
        if found.search(line):
            return i
    return None


def place(path: Path, table: str, pid: str | None = None, key: str | None = None) -> str:
    """'house.toml line 7' (or just 'house.toml' when the line cannot be found)."""
    line = _find_line(path, table, pid, key)
    return f"{path.name} line {line}" if line else path.name


def owner(data: dict[str, Any], table: str, pid: str | None, key: str | None) -> Path:
    """The file of the `extends` chain that set this value last (the most derived)."""
    files: list[Path] = list(data.get("_files", {}))
    for path in reversed(files):
        section: Any = data["_files"][path].get(table)
        if pid is not None and isinstance(section, dict):
            if pid in section and (key is None or not isinstance(section[pid], dict)):
                return path
            section = section.get(pid)
        if isinstance(section, dict) and (key is None or key in section):
            return path
    return files[-1] if files else Path("ruleset.toml")


def suggest(word: str, known: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def check_keys(path: Path, data: dict[str, Any], problems: list[str]) -> None:
    """Unknown tables and keys: almost always a typo, so say which and suggest."""
    for key in data:
        if key not in TOP_KEYS:
            line = top_line(path, key)
            spot = f"{path.name} line {line}" if line else path.name
            problems.append(f"{spot}: unknown table [{key}]{suggest(key, TOP_KEYS)}; a ruleset "
                            "file has [ruleset], [categories] and [patterns.\"ID\"] tables")
    head = data.get("ruleset")
    if isinstance(head, dict):
        for key in head:
            if key not in HEAD_KEYS:
                problems.append(f"{place(path, 'ruleset', None, key)}: unknown key '{key}' in "
                                f"[ruleset]{suggest(key, HEAD_KEYS)}")
    elif "ruleset" in data:
        problems.append(f"{path.name}: [ruleset] must be a table")
    patterns = data.get("patterns")
    if isinstance(patterns, dict):
        for pid, fields in patterns.items():
            if not isinstance(fields, dict):
                continue
            for key in fields:
                if key not in PATTERN_KEYS:
                    problems.append(f"{place(path, 'patterns', pid, key)}: unknown key '{key}' "
                                    f"in pattern {pid}{suggest(key, PATTERN_KEYS)}")
    elif "patterns" in data:
        problems.append(f"{path.name}: [patterns] must hold tables like [patterns.\"1.2\"]")


# Bounds on the numbers a ruleset file may hold: far beyond any real rule, and small
# enough that scoring stays exact and fast (2 ** 20000 doublings hung the scorer).
MAX_POINTS: Final = 1_000_000
MAX_DOUBLES: Final = 10


def _short_number(value: int) -> str:
    text = str(value)
    return text if len(text) <= 12 else f"{text[:8]}... ({len(text)} digits)"


def _kind_text(value: object) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


class _Place:
    """Where a value sits ('house.toml line 7'), found when a problem is worded: finding
    the line of every pattern of a good ruleset cost half of loading it."""

    __slots__ = ("_find",)

    def __init__(self, find: Callable[[], str]) -> None:
        self._find = find

    def __str__(self) -> str:
        return self._find()

    def __format__(self, spec: str) -> str:
        return format(self._find(), spec)


def _detector_names() -> frozenset[str]:
    """Every detector a ruleset file may name (importing them registers them)."""
    from mj_trainer.engine.patterns import detector_names

    return detector_names()


def build(data: dict[str, Any], path: Path, problems: list[str], *,
          trusted: bool = False) -> Ruleset:
    """The ruleset of the merged data; raises with `problems` and every new one.

    `trusted`: the data is a built-in ruleset, shipped with the detectors it names and
    checked against them by the tests (tests/engine/test_rulesets.py), so its detector
    names are not looked up here: that would import every detector, and the settings
    and the first screen load a ruleset long before any hand is scored.
    """
    head = data.get("ruleset")
    if not isinstance(head, dict):
        raise RulesetError([*problems, f"{path.name}: a [ruleset] table is required"])

    def at(table: str, pid: str | None = None, key: str | None = None) -> _Place:
        return _Place(lambda: place(owner(data, table, pid, key), table, pid, key))

    def need(table: dict[str, Any], key: str, kind: type, where: tuple[str, str | None],
             default: Any = None) -> Any:
        value = table.get(key, default)
        if value is None or not isinstance(value, kind) or (kind is int and isinstance(value,
                                                                                     bool)):
            got = " and is missing" if value is None else f", not {_kind_text(value)}"
            label = "[ruleset]" if where[1] is None else f"pattern {where[1]}"
            problems.append(f"{at(where[0], where[1], key)}: {label}: '{key}' must be a "
                            f"{_TYPE_WORDS.get(kind, kind.__name__)}{got}")
            return kind()
        return value

    head_at = ("ruleset", None)
    rid = need(head, "id", str, head_at, path.stem)
    scheme = need(head, "scheme", str, head_at, "additive")
    if scheme not in SCHEMES:
        problems.append(f"{at('ruleset', None, 'scheme')}: scheme {scheme!r} is not one of "
                        f"{', '.join(SCHEMES)}")
    cap = need(head, "cap", int, head_at, 320)
    if isinstance(head.get("cap"), int) and not isinstance(head.get("cap"), bool):
        if cap <= 0:
            problems.append(f"{at('ruleset', None, 'cap')}: cap must be above 0, not {cap}")
            cap = 320
        elif cap > MAX_POINTS:
            problems.append(f"{at('ruleset', None, 'cap')}: cap must be at most "
                            f"{MAX_POINTS:,}, not {_short_number(cap)}")
            cap = 320
    payoff = head.get("payoff")
    if payoff is not None and payoff not in PAYOFFS:
        problems.append(f"{at('ruleset', None, 'payoff')}: payoff {payoff!r} is not one of "
                        f"{', '.join(PAYOFFS)}")
        payoff = None
    limit = need(head, "limit", int, head_at, cap)
    if not 0 < limit <= MAX_POINTS:
        problems.append(f"{at('ruleset', None, 'limit')}: limit must be from 1 to "
                        f"{MAX_POINTS:,}, not {_short_number(limit)}")
        limit = cap
    for key in ("name", "description"):
        if key in head:
            need(head, key, str, head_at)
    ignores = _string_list(head, "chicken_ignores", at("ruleset", None, "chicken_ignores"),
                           problems)
    losers = _string_list(head, "loser_categories", at("ruleset", None, "loser_categories"),
                          problems)
    ready_half = _string_list(head, "ready_half_categories",
                              at("ruleset", None, "ready_half_categories"), problems)
    citations = _citations(head, at("ruleset", None, "citations"), problems)
    family_word = need(head, "family_word", str, head_at, "family")
    raw_categories = data.get("categories", {})
    if not isinstance(raw_categories, dict):
        problems.append(f"{path.name}: [categories] must be a table of number = name")
        raw_categories = {}
    categories = {str(k): str(v) for k, v in raw_categories.items()}
    known = None if trusted else _detector_names()
    patterns: list[Pattern] = []
    disabled: set[str] = set()
    doubling_ids: list[str] = []
    raw = data.get("patterns", {})
    if not isinstance(raw, dict) or not raw:
        problems.append(f"{path.name}: no [patterns.\"ID\"] tables")
        raw = {}
    for pid, fields in raw.items():
        where = ("patterns", pid)
        if not re.fullmatch(r"\d{1,4}(\.\d{1,4}){0,2}", pid):
            shown = pid if len(pid) <= 24 else pid[:20] + "..."
            problems.append(f"{at('patterns', pid)}: pattern id {shown!r}: an id is up to "
                            "three numbers of at most four digits joined by dots, like 5.1.2")
            continue
        if not isinstance(fields, dict):
            problems.append(f"{at('patterns', pid)}: pattern {pid} must be a table")
            continue
        enabled = fields.get("enabled", True)
        if not isinstance(enabled, bool):
            problems.append(f"{at('patterns', pid, 'enabled')}: pattern {pid}: 'enabled' must "
                            f"be true or false, not {_kind_text(enabled)}")
        elif not enabled:
            disabled.add(pid)
            continue
        detector = need(fields, "detector", str, where)
        if detector and known is not None and detector not in known:
            problems.append(f"{at('patterns', pid, 'detector')}: pattern {pid}: unknown "
                            f"detector {detector!r}{suggest(detector, tuple(sorted(known)))}")
        unit = fields.get("unit", "hand")
        if unit not in UNITS:
            problems.append(f"{at('patterns', pid, 'unit')}: pattern {pid}: unit must be one of "
                            f"{', '.join(UNITS)}, not {_kind_text(unit)}")
            unit = Unit.HAND
        kind = fields.get("kind", "points")
        if kind not in KINDS:
            problems.append(f"{at('patterns', pid, 'kind')}: pattern {pid}: kind must be "
                            f"points or doubles, not {_kind_text(kind)}")
            kind = "points"
        elif kind == "doubles" and scheme != "doubling":
            doubling_ids.append(pid)
        for key in ("stacks", "limit"):
            if key in fields and not isinstance(fields[key], bool):
                problems.append(f"{at('patterns', pid, key)}: pattern {pid}: '{key}' must be "
                                f"true or false, not {_kind_text(fields[key])}")
        for key in ("chinese", "description", "family"):
            if key in fields and not isinstance(fields[key], str):
                problems.append(f"{at('patterns', pid, key)}: pattern {pid}: '{key}' must be "
                                f"text in quotes, not {_kind_text(fields[key])}")
        not_for: set[Shape] = set()
        for shape_name in _string_list(fields, "not_for", at("patterns", pid, "not_for"),
                                       problems):
            try:
                not_for.add(Shape(shape_name))
            except ValueError:
                shapes = ", ".join(s.value for s in Shape)
                problems.append(f"{at('patterns', pid, 'not_for')}: pattern {pid}: unknown hand "
                                f"shape {shape_name!r} in not_for (known: {shapes})")
        explicit_limit = fields.get("limit")
        value = need(fields, "value", int, where)
        low, high = (0, MAX_DOUBLES) if kind == "doubles" else (-MAX_POINTS, MAX_POINTS)
        if "value" in fields and not low <= value <= high:
            what = "doublings" if kind == "doubles" else "points"
            problems.append(f"{at('patterns', pid, 'value')}: pattern {pid}: value "
                            f"{_short_number(value)} is out of range: {what} go from {low:,} to "
                            f"{high:,}")
            value = low
        patterns.append(
            Pattern(
                id=pid,
                name=need(fields, "name", str, where),
                chinese=str(fields.get("chinese", "")),
                value=value,
                unit=Unit(unit),
                family=str(fields.get("family", family_of(pid))),
                category=pid.split(".")[0],
                detector=detector,
                stacks=fields.get("stacks", False) is True,
                replaces=tuple(_string_list(fields, "replaces", at("patterns", pid, "replaces"),
                                            problems)),
                not_for=frozenset(not_for),
                description=str(fields.get("description", "")),
                # Explicit `limit = true/false` wins; otherwise a points pattern worth the
                # ruleset's limit or more is a limit hand (R12).
                is_limit=(explicit_limit if isinstance(explicit_limit, bool)
                          else kind == "points" and isinstance(value, int)
                          and not isinstance(value, bool) and value >= limit),
                rank=tuple(int(x) for x in pid.split(".")),
                kind=PatternKind(kind),
            )
        )
    if doubling_ids:
        # One message: the scheme set in this file, or the first doubling pattern.
        files = list(data.get("_files", {}))
        mine = files[-1] if files else path
        located = (at("ruleset", None, "scheme")
                   if owner(data, "ruleset", None, "scheme") == mine and "scheme" in head
                   else at("patterns", doubling_ids[0], "kind"))
        shown = ", ".join(doubling_ids[:5]) + (" ..." if len(doubling_ids) > 5 else "")
        problems.append(f"{located}: kind = \"doubles\" (pattern {shown}) needs "
                        "scheme = \"doubling\" in [ruleset]")
    ids = {p.id for p in patterns}
    for p in patterns:
        for other in p.replaces:
            # Replacing a pattern that a house rule switched off is harmless.
            if other not in ids and other not in disabled:
                problems.append(f"{at('patterns', p.id, 'replaces')}: pattern {p.id} replaces "
                                f"unknown pattern {other}")
    if problems:
        raise RulesetError(problems)
    patterns.sort(key=lambda p: p.rank)
    return Ruleset(
        id=rid,
        name=str(head.get("name", rid)),
        description=str(head.get("description", "")),
        scheme=Scheme(scheme),
        cap=cap,
        limit=limit,
        chicken_ignores=frozenset(str(x) for x in ignores),
        categories=categories,
        patterns=tuple(patterns),
        source=str(path),
        payoff=payoff,
        loser_categories=frozenset(losers),
        ready_half_categories=frozenset(ready_half),
        lineage=_lineage(data, rid),
        citations=citations,
        family_word=family_word,
    )


_RULING: Final = re.compile(r"R\d{1,2}")


def _citations(head: dict[str, Any], where: _Place, problems: list[str]) -> dict[str, str]:
    """`[ruleset.citations]`: known keys, each naming a ruling such as "R10"."""
    raw = head.get("citations", {})
    if not isinstance(raw, dict):
        problems.append(f"{where}: [ruleset.citations] must be a table like family = \"R10\"")
        return {}
    out: dict[str, str] = {}
    for key, value in raw.items():
        if key not in CITATION_KEYS:
            problems.append(f"{where}: unknown citation {key!r}{suggest(key, CITATION_KEYS)}")
        elif not isinstance(value, str) or not _RULING.fullmatch(value):
            problems.append(f"{where}: citation {key} must be a ruling like \"R10\", "
                            f"not {value!r}")
        else:
            out[key] = value
    return out


def _lineage(data: dict[str, Any], rid: str) -> tuple[str, ...]:
    """The ids along the `extends` chain, nearest first.

    A file that names no id of its own carries its parent's, as the merge does.
    """
    ids: list[str] = []
    current = rid
    for file_data in data.get("_files", {}).values():  # the root first
        head = file_data.get("ruleset")
        own = head.get("id") if isinstance(head, dict) else None
        current = own if isinstance(own, str) else current
        ids.append(current)
    out: list[str] = [rid]
    for rule_id in reversed(ids):
        if rule_id not in out:
            out.append(rule_id)
    return tuple(out)


def _string_list(table: dict[str, Any], key: str, where: _Place,
                 problems: list[str]) -> list[str]:
    """A list of strings from a table, or a problem noted and an empty list."""
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        problems.append(f"{where}: '{key}' must be a list of strings, like [\"a\", \"b\"], "
                        f"not {_kind_text(value)}")
        return []
    return value
