"""History export to JSON and CSV, and reading it back."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mj_trainer.quizzes.export import (
    CSV_COLUMNS,
    export_history,
    format_for,
    history,
    read_csv,
    read_json,
    run_export,
)
from mj_trainer.quizzes.questions import (
    Answer,
    PatternsAnswer,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
)
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore, stamp
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand

T0 = datetime(2024, 2, 3, 8, 0, tzinfo=UTC)


def _fill(store: ProgressStore) -> None:
    """Two rounds: one finished, one interrupted; answers of every kind, one skipped."""
    hands = [qhand(H.WINDS, "w"), qhand(H.NO_WIN, "n"), qhand(H.CHOWS, "c, \"quoted\"")]
    times = iter(T0 + timedelta(minutes=i) for i in range(100))
    kinds = (QuestionKind.PATTERNS, QuestionKind.TOTAL, QuestionKind.IS_WIN)
    rnd = Round(ListSource(hands), RoundSettings(kinds=kinds, length=3, seed=4), recorder=store,
                now=lambda: next(times))
    answers: dict[QuestionKind, Answer] = {
        QuestionKind.PATTERNS: PatternsAnswer.of({"8.1.1": 2}, 200),
        QuestionKind.TOTAL: TotalAnswer(-40),
        QuestionKind.IS_WIN: YesNoAnswer(True),
    }
    for _ in range(2):
        q = rnd.ask()
        assert q is not None
        rnd.answer(answers[q.kind])
    rnd.skip()
    rnd.finish()
    second = Round(ListSource(hands), RoundSettings(length=3), recorder=store,
                   now=lambda: next(times))
    second.answer(PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL))  # then interrupted


def test_json_round_trip(tmp_path: Path, store: ProgressStore) -> None:
    _fill(store)
    out = tmp_path / "history.json"
    assert export_history(store, out) == "json"
    data = read_json(out)
    assert data == json.loads(json.dumps(history(store)))
    assert [r["answered"] for r in data["rounds"]] == [3, 1]
    assert data["rounds"][1]["finished_at"] is None
    stored = store.answers()
    assert len(data["answers"]) == len(stored) == 4
    for row, a in zip(data["answers"], stored, strict=True):
        assert row["hand"] == a.hand and row["answer"] == a.answer
        assert row["expected"] == a.expected and row["mistakes"] == a.mistakes
        assert a.answered_at is not None and row["answered_at"] == stamp(a.answered_at)
    assert data["answers"][2]["answer"] is None  # the skipped one
    ids = {p["id"] for p in data["patterns"]}
    assert "8.1.1" in ids and "1.7" in ids
    assert data["days"]["days_practised"] == 1


def test_csv_round_trip(tmp_path: Path, store: ProgressStore) -> None:
    _fill(store)
    out = tmp_path / "history.csv"
    assert export_history(store, out) == "csv"
    assert out.read_text(encoding="utf-8").splitlines()[0] == ",".join(CSV_COLUMNS)
    rows = read_csv(out)
    stored = store.answers()
    assert [r["hand_id"] for r in rows] == [a.hand_id for a in stored]
    for row, a in zip(rows, stored, strict=True):
        assert row["id"] == a.id and row["round_id"] == a.round_id and row["seq"] == a.seq
        assert row["answer"] == a.answer and row["expected"] == a.expected
        assert row["credit"] == pytest.approx(a.credit) and row["correct"] == a.correct
        assert row["mistakes"] == a.mistakes and row["target"] == a.target
        assert row["seconds"] == pytest.approx(a.seconds)
    assert {r["round_source"] for r in rows} == {"hands"}


def test_format_from_suffix_or_option() -> None:
    assert format_for("a.CSV") == "csv"
    assert format_for("a.json") == "json"
    assert format_for("a.txt") == "json"
    assert format_for("a.json", "csv") == "csv"
    with pytest.raises(ValueError):
        format_for("a.json", "xml")


def test_export_to_stdout(capsys: pytest.CaptureFixture[str], store: ProgressStore) -> None:
    _fill(store)
    export_history(store, "-", "csv")
    assert capsys.readouterr().out.startswith("answer_id,")


def test_run_export_for_the_command_line(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with ProgressStore.open(tmp_path / "data") as s:
        _fill(s)
    out = tmp_path / "h.json"
    assert run_export(str(out), data_dir=tmp_path / "data") == 0
    assert "4 answers" in capsys.readouterr().err
    assert len(read_json(out)["answers"]) == 4
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "progress.sqlite3").write_bytes(b"not a database" * 20)
    assert run_export(str(tmp_path / "x.json"), data_dir=bad) == 1
    assert "not an SQLite database" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_read_json_refuses_other_files(tmp_path: Path) -> None:
    other = tmp_path / "o.json"
    other.write_text('{"hello": 1}', encoding="utf-8")
    with pytest.raises(ValueError, match="not an mj-trainer history"):
        read_json(other)
