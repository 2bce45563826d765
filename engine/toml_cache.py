"""TOML text parsed once per content, not once per start.

Python's TOML reader is pure Python and slow for the files every start reads: the
default ruleset (17 KB, about 2.4 ms) and the course's two files (2.2 ms more), on
every start of the app and of every command.  The tables parsed from a text are kept
in the user's cache folder, with the text itself, under a checksum of the text and the
interpreter's version (marshal's format is the interpreter's own): an entry is used
only for the very same text, so a changed file is simply another entry, and a cache
that is missing, unwritable or damaged only means parsing again.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import tomllib
import zlib
from pathlib import Path
from typing import Any, Final

CACHE_ENV: Final = "MJ_TRAINER_CACHE_DIR"  # another folder for the cache; empty: no cache
KEEP: Final = 64  # entries kept; each new one past that removes the oldest (edited house rules)
_VERSION: Final = f"{sys.version_info[0]}.{sys.version_info[1]}"


def cache_dir() -> Path | None:
    """Where parsed texts are kept (None: nowhere)."""
    where = os.environ.get(CACHE_ENV)
    if where is not None:
        return Path(where) if where else None
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("mj-trainer", appauthor=False)) / "parsed"


def loads(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`, read from the cache when this text was parsed before.

    Raises what tomllib raises for a text that is not TOML (nothing is kept then)."""
    folder = cache_dir()
    if folder is None:
        return tomllib.loads(text)
    entry = folder / f"{zlib.crc32(text.encode('utf-8')):08x}-{len(text)}-py{_VERSION}"
    try:
        kept_text, kept = marshal.loads(entry.read_bytes())
        if kept_text == text and isinstance(kept, dict):
            return kept
    except (OSError, ValueError, EOFError, TypeError):  # none yet, or damaged
        pass
    data = tomllib.loads(text)
    _keep(entry, text, data)
    return data


def _keep(entry: Path, text: str, data: dict[str, Any]) -> None:
    """Write the entry whole or not at all (a second process may be reading it)."""
    try:
        blob = marshal.dumps((text, data))
    except ValueError:  # a TOML date or time: marshal cannot keep it
        return
    part = entry.with_name(f"{entry.name}.{os.getpid()}.part")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(blob)
        os.replace(part, entry)
    except OSError:  # a read-only or full disk: parsed each time, as before
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
        return
    _prune(entry.parent)


def _prune(folder: Path) -> None:
    """Keep the `KEEP` newest entries: a house-rules file edited a hundred times, or
    another interpreter's entries, would otherwise pile up."""
    with contextlib.suppress(OSError):
        entries = [p for p in folder.iterdir() if not p.name.endswith(".part")]
        if len(entries) <= KEEP:
            return
        by_age = sorted(entries, key=lambda p: p.stat().st_mtime_ns)
        for old in by_age[:len(entries) - KEEP]:
            old.unlink(missing_ok=True)
