"""Answers waiting in the journal whose round is no longer there (issue 23, finding 2).

The case that broke: damage the database, answer once (the answer goes to the
journal), replace the database: from then on the app, `quiz --jsonl`, `progress`,
`course` and `export` failed with IntegrityError on every start. The same for a journal
entry whose (round, seq) already holds another answer. Now the answer is written into
its round, recreated, with a notice; a line that can never be written is set aside, and
nothing stops the next start.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.quizzes import store as store_module
from mj_trainer.quizzes.pending import aside_path, journal_path
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore
from tests.lock_kit import locked
from tests.quizzes.test_answers_kept import HANDS, RIGHT, journal_lines


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return [tuple(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def _answer_into_the_journal(folder: Path, monkeypatch: pytest.MonkeyPatch, *,
                             answered: int = 1) -> str:
    """A round with `answered` answers in the database and one more in the journal
    (the database was locked, and still is as the program ends); its started_at."""
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 50)
    store = ProgressStore.open(folder)
    rnd = Round(ListSource(HANDS), RoundSettings(length=4, seed=1), recorder=store)
    for _ in range(answered):
        rnd.ask()
        rnd.answer(RIGHT)
    with locked(store.path):
        rnd.ask()
        rnd.answer(RIGHT)
        assert rnd.save_problem is not None and rnd.save_problem.kept
        store.close()
    assert len(journal_lines(store.path)) == 1
    started = _rows(store.path, "SELECT started_at FROM rounds")
    return str(started[0][0])


def _replace_database(folder: Path) -> None:
    """The learner moves the damaged file away; the journal stays beside it."""
    for name in ("progress.sqlite3", "progress.sqlite3-wal", "progress.sqlite3-shm"):
        (folder / name).unlink(missing_ok=True)


def test_an_answer_whose_round_is_gone_is_saved_in_its_round_recreated(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    started = _answer_into_the_journal(tmp_path, monkeypatch)
    _replace_database(tmp_path)
    with ProgressStore.open(tmp_path) as store:  # no IntegrityError: the round comes back
        assert len(store.journal) == 0
        assert any("recreated" in n for n in store.notices)
        rounds = store.rounds()
        answers = store.answers()
    assert [(r.id, r.source, r.source_name, r.planned, r.answered) for r in rounds] == [
        (1, "hands", "hands", 4, 1)]
    assert rounds[0].started_at.strftime("%Y-%m-%dT%H:%M:%S") == started[:19]
    assert [(a.seq, a.hand_id, a.correct) for a in answers] == [(2, "t-2", True)]
    assert journal_lines(tmp_path / "progress.sqlite3") == []
    # Every command that failed on every run works again.
    data = ["--data-dir", str(tmp_path)]
    assert main(["progress", *data, "--config", str(tmp_path / "none.toml")]) == 0
    assert main(["course", *data, "--config", str(tmp_path / "none.toml")]) == 0
    assert main(["export", str(tmp_path / "out.json"), *data]) == 0
    assert "IntegrityError" not in capsys.readouterr().err


def test_an_answer_whose_place_holds_another_answer_gets_a_round_of_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The journal's round 1 had answer 1; a restored older file has its own round 1,
    # with two other answers, so (round 1, seq 2) holds another answer.
    old = tmp_path / "old"
    _answer_into_the_journal(old, monkeypatch)
    with ProgressStore.open(tmp_path) as other:
        rnd = Round(ListSource(list(reversed(HANDS))), RoundSettings(length=4, seed=1),
                    recorder=other)
        for _ in range(2):
            rnd.ask()
            rnd.answer(RIGHT)
    journal_path(tmp_path / "progress.sqlite3").write_bytes(
        journal_path(old / "progress.sqlite3").read_bytes())
    with ProgressStore.open(tmp_path) as store:
        assert len(store.journal) == 0
        answers = sorted((a.round_id, a.seq, a.hand_id) for a in store.answers())
    assert answers == [(1, 1, "t-4"), (1, 2, "t-3"), (2, 2, "t-2")]  # nothing replaced


def test_an_old_journal_line_without_its_round_is_still_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Lines written before the journal kept the round: the round is recreated from
    # the answer itself, marked as recovered.
    _answer_into_the_journal(tmp_path, monkeypatch)
    jpath = journal_path(tmp_path / "progress.sqlite3")
    line = json.loads(journal_lines(tmp_path / "progress.sqlite3")[0])
    del line["round"]
    jpath.write_text(json.dumps(line) + "\n", encoding="utf-8")
    _replace_database(tmp_path)
    with ProgressStore.open(tmp_path) as store:
        rounds = store.rounds()
        answers = store.answers()
    assert [(r.source, r.answered) for r in rounds] == [("recovered", 1)]
    assert [(a.seq, a.hand_id) for a in answers] == [(2, "t-2")]


def test_a_line_the_database_refuses_is_set_aside_and_stops_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _answer_into_the_journal(tmp_path, monkeypatch, answered=0)
    jpath = journal_path(tmp_path / "progress.sqlite3")
    good = journal_lines(tmp_path / "progress.sqlite3")[0]
    bad = json.loads(good)
    bad["record"]["credit"] = None  # NOT NULL in the answers table: refused for good
    bad["record"]["seq"] = 3
    torn = good[: len(good) // 2]  # a crash in the middle of a line
    jpath.write_text("\n".join([json.dumps(bad), torn, good]) + "\n", encoding="utf-8")
    with ProgressStore.open(tmp_path) as store:
        notices = " ".join(store.notices)
        answers = [(a.seq, a.hand_id) for a in store.answers()]
        assert len(store.journal) == 0
    assert answers == [(1, "t-1")]  # the good line, after the refused one
    assert "set aside" in notices and str(aside_path(tmp_path / "progress.sqlite3")) in notices
    aside = aside_path(tmp_path / "progress.sqlite3").read_text(encoding="utf-8")
    assert torn in aside and '"seq": 3' in aside  # kept for the learner, not lost
    with ProgressStore.open(tmp_path) as again:  # and the next start is quiet
        assert again.notices == []
