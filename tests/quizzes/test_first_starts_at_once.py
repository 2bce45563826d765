"""Several first starts at once on a fresh data folder (issue 23, finding 7).

The case that broke: three processes starting on the same new folder at the same
moment each read schema version 0 and each ran the first migration: 10 of 18 were
refused ("table meta already exists", "duplicate column name"). Now the version is read
again inside the migration's transaction, and a fresh file is built in one transaction,
so every process starts and every answer is kept.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mj_trainer.quizzes.store import SCHEMA_VERSION

# Each process waits for the go file, then opens the store, plays one answer and says
# what it got: all of them open the fresh file within a few milliseconds of each other.
CHILD = r"""
import json, os, sys, time
from pathlib import Path
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.engine.notation import parse
from mj_trainer.quizzes.store import ProgressStore, StoreError
folder, go = Path(sys.argv[1]), Path(sys.argv[2])
hands = [QuizHand("t-1", parse("c123 c456 b234 b567 k5 +k5"))]
while not go.exists():
    time.sleep(0.001)
try:
    with ProgressStore.open(folder) as store:
        rnd = Round(ListSource(hands), RoundSettings(length=1, seed=1), recorder=store)
        rnd.ask()
        rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10))
        rnd.finish()
        print(json.dumps({"ok": rnd.save_problem is None}))
except StoreError as err:
    print(json.dumps({"ok": False, "error": str(err)}))
"""


def _start_together(folder: Path, n: int) -> list[dict[str, object]]:
    go = folder.parent / f"{folder.name}.go"
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(n)]
    time.sleep(1.5)  # every child imported and waiting
    go.touch()
    out = []
    for p in procs:
        stdout, stderr = p.communicate(timeout=120)
        assert p.returncode == 0 and "Traceback" not in stderr, stderr
        out.append(json.loads(stdout))
    return out


def test_three_first_starts_at_once_all_start(tmp_path: Path) -> None:
    for attempt in range(6):  # 18 processes, as in the report
        folder = tmp_path / f"fresh-{attempt}"
        results = _start_together(folder, 3)
        assert results == [{"ok": True}] * 3, results
        conn = sqlite3.connect(folder / "progress.sqlite3")
        try:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            assert conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 3
            assert conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchall() == [
                ("mj-trainer",)]
        finally:
            conn.close()
        assert not list(folder.glob("*.bak"))  # a new file needs no backup


def _hold_write_lock(file: Path) -> sqlite3.Connection:
    """Another first start, caught between creating the new file and building it: it
    holds the write lock while the file is still in SQLite's first journal mode."""
    file.parent.mkdir(parents=True, exist_ok=True)
    other = sqlite3.connect(file, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_start_waits_for_another_start_holding_the_new_file(tmp_path: Path) -> None:
    # The case behind 1 in 18 refused in a loaded CI run: switching the journal mode
    # met the lock and SQLite said "locked" at once, without the busy wait.
    from mj_trainer.quizzes.store import ProgressStore

    other = _hold_write_lock(tmp_path / "progress.sqlite3")
    release = threading.Timer(0.3, lambda: other.execute("COMMIT"))
    release.start()
    try:
        with ProgressStore.open(tmp_path) as store:
            assert store.schema_version == SCHEMA_VERSION
    finally:
        release.join()
        other.close()


def test_a_lock_held_past_the_wait_is_refused_in_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mj_trainer.quizzes import store as store_module
    from mj_trainer.quizzes.store import ProgressStore, StoreError

    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 100)
    file = tmp_path / "progress.sqlite3"
    other = _hold_write_lock(file)
    try:
        started = time.monotonic()
        with pytest.raises(StoreError, match="kept it locked for too long"):
            ProgressStore.open(tmp_path)
        assert time.monotonic() - started >= 0.1  # it waited before giving up
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert file.stat().st_size == 0  # nothing was written while refused
