"""Rulesets are data: TOML files naming each pattern's id, value, family and detector.

A file may `extends` another ruleset and override only what differs, the way
`mj-score-eval-early` sits on top of the default and a club's house rules sit on
top of anything.  Loading validates the whole file and reports every problem with
the file name and, where it can be found, the line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Final

from engine.arrangements import Shape
from engine.patterns import HAND_DETECTORS, READING_DETECTORS, detector_names

BUILTIN_DIR: Final = Path(__file__).parent / "rulesets"
DEFAULT: Final = "mj-score-eval"
UNITS: Final = ("hand", "set", "tile")
SCHEMES: Final = ("additive",)
PAYOFFS: Final = ("zung-jung",)


class RulesetError(ValueError):
    """A ruleset that cannot be loaded; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """One scoring pattern as a ruleset defines it."""

    id: str
    name: str
    chinese: str
    value: int
    unit: str
    family: str
    category: str
    detector: str
    stacks: bool
    replaces: tuple[str, ...]
    not_for: frozenset[Shape]
    description: str
    is_limit: bool = False  # R12: worth the ruleset's limit or more
    rank: tuple[int, ...] = ()  # the id as numbers, for ordering

    @property
    def is_hand_scoped(self) -> bool:
        return self.detector in HAND_DETECTORS

    def value_text(self) -> str:
        """'5', '10 per set', '2 per tile'."""
        return str(self.value) if self.unit == "hand" else f"{self.value} per {self.unit}"


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete, validated ruleset."""

    id: str
    name: str
    description: str
    scheme: str
    cap: int
    limit: int
    chicken_ignores: frozenset[str]
    categories: dict[str, str]
    patterns: tuple[Pattern, ...]
    source: str
    payoff: str | None = None  # how a win is paid, e.g. "zung-jung"

    def __hash__(self) -> int:
        return hash((self.id, self.source))

    def pattern(self, pattern_id: str) -> Pattern:
        for p in self.patterns:
            if p.id == pattern_id:
                return p
        raise KeyError(pattern_id)

    def by_id(self) -> dict[str, Pattern]:
        return {p.id: p for p in self.patterns}

    def is_limit(self, pattern: Pattern) -> bool:
        """R12: a pattern worth the limit or more stands alone."""
        return pattern.is_limit

    def with_detector(self, detector: str) -> Pattern | None:
        return next((p for p in self.patterns if p.detector == detector), None)

    def family_members(self, family: str) -> list[Pattern]:
        return [p for p in self.patterns if p.family == family]


def builtin_names() -> list[str]:
    """The rulesets that ship with the engine."""
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def family_of(pattern_id: str) -> str:
    """R10: X.Y.Z belongs to family X.Y; X.Y is a family of its own."""
    parts = pattern_id.split(".")
    return ".".join(parts[:2])


def load(name_or_path: str = DEFAULT) -> Ruleset:
    """A ruleset by built-in name or by the path of a TOML file.

    Results are cached; a file that changed on disk (a house-rules file being
    edited) is read again.
    """
    path = _resolve(name_or_path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    return _load(path, stamp)


@cache
def _load(path: Path, stamp: int) -> Ruleset:
    data = _merged(path, ())
    return _build(data, path)


def clear_cache() -> None:
    """Forget every loaded ruleset (tests that rewrite one file many times use it)."""
    _load.cache_clear()


def _resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    builtin = BUILTIN_DIR / f"{name_or_path}.toml"
    if "/" not in name_or_path and "\\" not in name_or_path and builtin.is_file():
        return builtin
    path = Path(name_or_path)
    if relative_to is not None and not path.is_absolute():
        path = relative_to.parent / path
    if path.suffix == ".toml" and path.is_file():
        return path
    known = ", ".join(builtin_names())
    raise RulesetError(f"unknown ruleset {name_or_path!r} (built in: {known}; or a .toml file)")


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RulesetError(f"{path}: cannot read: {err.strerror}") from None
    except UnicodeDecodeError:
        raise RulesetError(f"{path}: not a UTF-8 text file") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RulesetError(f"{path.name}: {err}") from None


def _merged(path: Path, chain: tuple[Path, ...]) -> dict[str, Any]:
    """The file's data on top of the data of the ruleset it extends."""
    if path in chain:
        raise RulesetError(f"{path.name}: 'extends' goes round in a circle")
    data = _read(path)
    data["_files"] = {path: data}
    head = data.get("ruleset", {})
    parent_name = head.get("extends") if isinstance(head, dict) else None
    if parent_name is None:
        return data
    if not isinstance(parent_name, str):
        raise RulesetError(f"{path.name}{_line(path, 'extends')}: 'extends' must be a string")
    try:
        parent = _merged(_resolve(parent_name, path), (*chain, path))
    except RulesetError as err:
        raise RulesetError(f"{path.name}{_line(path, 'extends')}: {err}") from None
    out: dict[str, Any] = dict(parent)
    for key, value in data.items():
        if key == "_files":
            continue
        if key == "patterns" and isinstance(value, dict):
            merged = dict(parent.get("patterns", {}))
            for pid, fields in value.items():
                if pid not in merged and isinstance(fields, dict) and "detector" not in fields:
                    where = _line(path, f'patterns."{pid}"')
                    raise RulesetError(f"{path.name}{where}: unknown pattern id {pid}")
                base = merged.get(pid, {})
                merged[pid] = {**base, **fields} if isinstance(fields, dict) else fields
            out["patterns"] = merged
        elif isinstance(value, dict) and isinstance(parent.get(key), dict):
            out[key] = {**parent[key], **value}
        else:
            out[key] = value
    out["_files"] = {**parent["_files"], path: data}
    head = dict(out.get("ruleset", {}))
    head.pop("extends", None)
    out["ruleset"] = head
    return out


def _line(path: Path, needle: str) -> str:
    """' line N' for the first line of `path` that mentions `needle`, else ''."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    pattern = re.compile(re.escape(needle))
    for i, line in enumerate(lines, start=1):
        if pattern.search(line):
            return f" line {i}"
    return ""


def _build(data: dict[str, Any], path: Path) -> Ruleset:
    problems: list[str] = []
    head = data.get("ruleset")
    if not isinstance(head, dict):
        raise RulesetError(f"{path.name}: a [ruleset] table is required")

    def need(table: dict[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
        value = table.get(key, default)
        if value is None or not isinstance(value, kind) or (kind is int and isinstance(value,
                                                                                     bool)):
            problems.append(f"{where}: '{key}' must be a {kind.__name__}")
            return kind()
        return value

    rid = need(head, "id", str, "[ruleset]", path.stem)
    scheme = need(head, "scheme", str, "[ruleset]", "additive")
    if scheme not in SCHEMES:
        problems.append(f"[ruleset]: scheme {scheme!r} is not one of {', '.join(SCHEMES)}")
    cap = need(head, "cap", int, "[ruleset]", 320)
    payoff = head.get("payoff")
    if payoff is not None and payoff not in PAYOFFS:
        problems.append(f"[ruleset]: payoff {payoff!r} is not one of {', '.join(PAYOFFS)}")
        payoff = None
    limit = need(head, "limit", int, "[ruleset]", cap)
    ignores = _string_list(head, "chicken_ignores", "[ruleset]", problems)
    raw_categories = data.get("categories", {})
    if not isinstance(raw_categories, dict):
        problems.append("[categories] must be a table of number = name")
        raw_categories = {}
    categories = {str(k): str(v) for k, v in raw_categories.items()}
    known = detector_names()
    patterns: list[Pattern] = []
    raw = data.get("patterns", {})
    if not isinstance(raw, dict) or not raw:
        problems.append("no [patterns.\"ID\"] tables")
        raw = {}
    for pid, fields in raw.items():
        where = f'[patterns."{pid}"]'
        if not re.fullmatch(r"\d+(\.\d+){0,2}", pid):
            problems.append(f"{where}: a pattern id is numbers joined by dots, like 5.1.2")
            continue
        if not isinstance(fields, dict):
            problems.append(f"{where}: must be a table")
            continue
        if fields.get("enabled", True) is False:
            continue
        detector = need(fields, "detector", str, where)
        if detector and detector not in known:
            problems.append(f"{where}: unknown detector {detector!r}")
        unit = fields.get("unit", "hand")
        if unit not in UNITS:
            problems.append(f"{where}: unit must be one of {', '.join(UNITS)}")
        not_for: set[Shape] = set()
        for shape_name in _string_list(fields, "not_for", where, problems):
            try:
                not_for.add(Shape(shape_name))
            except ValueError:
                problems.append(f"{where}: unknown hand shape {shape_name!r} in not_for")
        patterns.append(
            Pattern(
                id=pid,
                name=need(fields, "name", str, where),
                chinese=str(fields.get("chinese", "")),
                value=need(fields, "value", int, where),
                unit=str(unit),
                family=str(fields.get("family", family_of(pid))),
                category=pid.split(".")[0],
                detector=detector,
                stacks=bool(fields.get("stacks", False)),
                replaces=tuple(_string_list(fields, "replaces", where, problems)),
                not_for=frozenset(not_for),
                description=str(fields.get("description", "")),
                rank=tuple(int(x) for x in pid.split(".")),
            )
        )
    ids = {p.id for p in patterns}
    for p in patterns:
        for other in p.replaces:
            if other not in ids:
                problems.append(f'[patterns."{p.id}"]: replaces unknown pattern {other}')
    if problems:
        raise RulesetError(f"{path.name}: " + "; ".join(problems))
    patterns = [replace(p, is_limit=p.value >= limit) for p in patterns]
    patterns.sort(key=lambda p: p.rank)
    return Ruleset(
        id=rid,
        name=str(head.get("name", rid)),
        description=str(head.get("description", "")),
        scheme=scheme,
        cap=cap,
        limit=limit,
        chicken_ignores=frozenset(str(x) for x in ignores),
        categories=categories,
        patterns=tuple(patterns),
        source=str(path),
        payoff=payoff,
    )


def _string_list(table: dict[str, Any], key: str, where: str, problems: list[str]) -> list[str]:
    """A list of strings from a table, or a problem noted and an empty list."""
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        problems.append(f"{where}: '{key}' must be a list of strings, like [\"a\", \"b\"]")
        return []
    return value


def all_detectors_known() -> bool:
    """True when every detector named in the built-in rulesets exists (used in tests)."""
    return all(
        p.detector in detector_names() for name in builtin_names() for p in load(name).patterns
    )


__all__ = [
    "READING_DETECTORS",
    "Pattern",
    "Ruleset",
    "RulesetError",
    "builtin_names",
    "family_of",
    "load",
]
