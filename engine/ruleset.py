"""Rulesets are data: TOML files naming each pattern's id, value, family and detector.

A file may `extends` another ruleset and override only what differs, the way
`mj-score-eval-early` sits on top of the default and a club's house rules sit on
top of anything.  Loading validates the whole file and reports every problem at
once, each with the file name and, where it can be found, the line:
`house.toml line 7: unknown pattern id 5.9`.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine import toml_cache
from mj_trainer.engine.plain_text import plain
from mj_trainer.engine.ruleset_check import build, check_keys, place
from mj_trainer.engine.ruleset_model import (
    BUILTIN_DIR,
    DEFAULT,
    Pattern,
    Ruleset,
    RulesetError,
    family_of,
)


def builtin_names() -> list[str]:
    """The rulesets that ship with the engine."""
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.toml"))


def load(name_or_path: str = DEFAULT) -> Ruleset:
    """A ruleset by built-in name or by the path of a TOML file.

    Results are cached; a file that changed on disk (a house-rules file being
    edited) is read again.  A built-in ruleset, part of the installed package, is
    found once per process: scoring a million hands does not stat its file a million
    times.
    """
    known = _BUILTINS.get(name_or_path)
    if known is not None:
        return known
    path = _resolve(name_or_path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = 0
    rules = _load(path, stamp)
    if path.parent == BUILTIN_DIR and path.stem == name_or_path:
        _BUILTINS[name_or_path] = rules
    return rules


_BUILTINS: dict[str, Ruleset] = {}


@cache
def _load(path: Path, stamp: int) -> Ruleset:
    problems: list[str] = []
    data = _merged(path, (), problems)
    return build(data, path, problems, trusted=path.parent == BUILTIN_DIR)


MAX_EXTENDS: Final = 32  # files in one `extends` chain; real house rules use two or three


def clear_cache() -> None:
    """Forget every loaded ruleset (tests that rewrite one file many times use it)."""
    _BUILTINS.clear()
    _load.cache_clear()


def _is_file(path: Path) -> bool:
    """is_file() that treats an impossible name (too long, NUL byte...) as absent."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _resolve(name_or_path: str, relative_to: Path | None = None) -> Path:
    builtin = BUILTIN_DIR / f"{name_or_path}.toml"
    if "/" not in name_or_path and "\\" not in name_or_path and _is_file(builtin):
        return builtin
    path = Path(name_or_path)
    if relative_to is not None and not path.is_absolute():
        path = relative_to.parent / path
    if path.suffix == ".toml" and _is_file(path):
        return path
    if len(name_or_path) > 200:
        name_or_path = name_or_path[:60] + "..."
    known = ", ".join(builtin_names())
    if path.suffix == ".toml":
        raise RulesetError(f"no such ruleset file: {name_or_path} (built in: {known})")
    raise RulesetError(f"unknown ruleset {name_or_path!r} (built in: {known}; or a .toml file)")


def _read(path: Path) -> dict[str, Any]:
    """The file's TOML, with every string made plain text (no escape sequences)."""
    try:
        if path.exists() and not path.is_file():
            raise RulesetError(f"{path}: not a regular file")  # a FIFO would block
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RulesetError(f"{path}: cannot read: {err.strerror}") from None
    except UnicodeDecodeError:
        raise RulesetError(f"{path}: not a UTF-8 text file") from None
    try:
        data: dict[str, Any] = plain(toml_cache.loads(text))
    except tomllib.TOMLDecodeError as err:
        raise RulesetError(f"{path.name}: {err}") from None
    except RecursionError:
        raise RulesetError(f"{path.name}: arrays or tables nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise RulesetError(f"{path.name}: a number in it is too large to read") from None
    return data


def _merged(path: Path, chain: tuple[Path, ...], problems: list[str]) -> dict[str, Any]:
    """The file's data on top of the data of the ruleset it extends.

    `chain` holds the real (resolved) paths already on the way, so a loop is found
    however its files name each other (``a.toml`` -> ``sub/b.toml`` -> ``../a.toml``).
    """
    real = path.resolve()
    if real in chain:
        names = " -> ".join(p.name for p in (*chain, real))
        raise RulesetError(f"{path.name}: 'extends' goes round in a circle ({names})")
    if len(chain) >= MAX_EXTENDS:
        raise RulesetError(f"{path.name}: 'extends' chain longer than {MAX_EXTENDS} files")
    data = _read(path)
    check_keys(path, data, problems)
    data["_files"] = {path: data}
    head = data.get("ruleset", {})
    parent_name = head.get("extends") if isinstance(head, dict) else None
    if parent_name is None:
        return data
    if not isinstance(parent_name, str):
        raise RulesetError(f"{place(path, 'ruleset', None, 'extends')}: 'extends' must be "
                           "a string: a built-in ruleset name or a .toml path")
    try:
        parent = _merged(_resolve(parent_name, path), (*chain, real), problems)
    except RulesetError as err:
        raise RulesetError(f"{place(path, 'ruleset', None, 'extends')}: {err}") from None
    out: dict[str, Any] = dict(parent)
    for key, value in data.items():
        if key == "_files":
            continue
        if key == "patterns" and isinstance(value, dict):
            merged = dict(parent.get("patterns", {}))
            for pid, fields in value.items():
                if pid not in merged and isinstance(fields, dict) and "detector" not in fields:
                    problems.append(f"{place(path, 'patterns', pid)}: unknown pattern id "
                                    f"{pid} (a new pattern needs a detector, a name and a "
                                    "value)")
                    continue
                base = merged.get(pid, {})
                merged[pid] = ({**base, **fields} if isinstance(fields, dict)
                               and isinstance(base, dict) else fields)
            out["patterns"] = merged
        elif isinstance(value, dict) and isinstance(parent.get(key), dict):
            out[key] = {**parent[key], **value}
            citations = parent[key].get("citations") if key == "ruleset" else None
            if isinstance(citations, dict) and isinstance(value.get("citations"), dict):
                # Inherited one by one: a file that names one ruling keeps the others.
                out[key]["citations"] = {**citations, **value["citations"]}
        else:
            out[key] = value
    out["_files"] = {**parent["_files"], path: data}
    head = dict(out.get("ruleset", {}))
    head.pop("extends", None)
    out["ruleset"] = head
    return out


__all__ = [  # the model and the checks live in ruleset_model and ruleset_check
    "BUILTIN_DIR",
    "DEFAULT",
    "Pattern",
    "Ruleset",
    "RulesetError",
    "builtin_names",
    "family_of",
    "load",
]
