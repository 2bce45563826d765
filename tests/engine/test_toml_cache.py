"""Parsed TOML kept per text (engine/toml_cache.py): the same tables as tomllib, from
the cache the second time, and a cache that is damaged, unwritable or switched off
only means parsing again."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine import toml_cache
from mj_trainer.engine.ruleset import BUILTIN_DIR

COURSE = Path(toml_cache.__file__).resolve().parent.parent / "quizzes" / "course"
FILES = [*sorted(BUILTIN_DIR.glob("*.toml")), COURSE / "lessons.toml",
         COURSE / "glossary.toml"]
PARSE = tomllib.loads


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(toml_cache.CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def _count_parsing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    parsed: list[str] = []

    def counted(text: str) -> dict[str, Any]:
        parsed.append(text)
        return PARSE(text)

    monkeypatch.setattr(tomllib, "loads", counted)
    return parsed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_shipped_files_read_the_same_and_then_from_the_cache(
        path: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    parsed = _count_parsing(monkeypatch)
    assert toml_cache.loads(text) == PARSE(text)
    assert len(parsed) == 1 and len(list(folder.iterdir())) == 1
    assert toml_cache.loads(text) == PARSE(text)
    assert len(parsed) == 1  # the second time from the cache


def test_a_changed_text_is_another_entry(folder: Path) -> None:
    assert toml_cache.loads('a = 1\n') == {"a": 1}
    assert toml_cache.loads('a = 2\n') == {"a": 2}
    assert toml_cache.loads('a = 1\n') == {"a": 1}
    assert len(list(folder.iterdir())) == 2


def test_a_damaged_entry_is_parsed_again_and_mended(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml_cache.loads('a = "x"\n')
    (entry,) = folder.iterdir()
    for damage in (b"", b"\x00garbage", entry.read_bytes()[:-3]):
        entry.write_bytes(damage)
        parsed = _count_parsing(monkeypatch)
        assert toml_cache.loads('a = "x"\n') == {"a": "x"}
        assert len(parsed) == 1
        monkeypatch.undo()
        monkeypatch.setenv(toml_cache.CACHE_ENV, str(folder))
    parsed = _count_parsing(monkeypatch)
    assert toml_cache.loads('a = "x"\n') == {"a": "x"}
    assert parsed == []  # mended: read from the cache again


def test_an_entry_for_another_text_with_the_same_name_is_not_used(folder: Path) -> None:
    toml_cache.loads('a = 1\n')
    (entry,) = folder.iterdir()
    import marshal

    entry.write_bytes(marshal.dumps(('a = 1\n ', {"a": 99})))  # another text inside
    assert toml_cache.loads('a = 1\n') == {"a": 1}


def test_off_or_unwritable_means_parsing_each_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(toml_cache.CACHE_ENV, "")
    assert toml_cache.cache_dir() is None
    assert toml_cache.loads('a = [1, 2]\n') == {"a": [1, 2]}
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(toml_cache.CACHE_ENV, str(blocked / "cache"))
    assert toml_cache.loads('a = [1, 2]\n') == {"a": [1, 2]}
    assert toml_cache.loads('a = [1, 2]\n') == {"a": [1, 2]}
    assert blocked.read_text() == "not a folder"


def test_dates_are_parsed_each_time(folder: Path) -> None:
    text = 'when = 2026-11-26\n'
    assert toml_cache.loads(text) == PARSE(text)
    assert not folder.exists() or list(folder.iterdir()) == []


def test_a_text_that_is_not_toml_raises_as_tomllib_and_keeps_nothing(folder: Path) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_cache.loads('a = = 1\n')
    assert not folder.exists() or list(folder.iterdir()) == []


_VALUES = st.one_of(st.integers(-10**6, 10**6), st.booleans(),
                    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30),
                    st.lists(st.integers(-99, 99), max_size=4))
_KEYS = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(_KEYS, _VALUES, max_size=8))
def test_any_table_reads_as_tomllib_reads_it(table: dict[str, Any]) -> None:
    """Written as TOML (a JSON string is a TOML basic string), read twice through the
    cache: the same tables as tomllib's, both times."""
    import os
    import tempfile

    text = "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in table.items())
    with tempfile.TemporaryDirectory() as where:
        old = os.environ.get(toml_cache.CACHE_ENV)
        os.environ[toml_cache.CACHE_ENV] = where
        try:
            assert toml_cache.loads(text) == PARSE(text) == table
            assert toml_cache.loads(text) == table
        finally:
            if old is None:
                del os.environ[toml_cache.CACHE_ENV]
            else:
                os.environ[toml_cache.CACHE_ENV] = old


def test_the_cache_keeps_the_newest_entries_only(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A house-rules file edited many times leaves one entry per version: past `KEEP`
    the oldest go."""
    import os

    monkeypatch.setattr(toml_cache, "KEEP", 5)
    for n in range(8):
        toml_cache.loads(f"a = {n}\n")
        for k, path in enumerate(sorted(folder.iterdir(), key=lambda p: p.stat().st_mtime_ns)):
            os.utime(path, ns=(k, k))  # ages in the order written, whatever the clock
    kept = sorted(folder.iterdir())
    assert len(kept) == 5
    parsed = _count_parsing(monkeypatch)
    assert [toml_cache.loads(f"a = {n}\n")["a"] for n in range(3, 8)] == [3, 4, 5, 6, 7]
    assert parsed == []  # the five newest were kept
