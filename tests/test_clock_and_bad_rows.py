"""`--clock` at the ends of the calendar, and rows that cannot be read (issue 23,
finding 4).

The cases that broke: `--clock 9999-12-31T23:59:59Z` raised OverflowError (a review
100 years on is past the year 9999); `--clock 0001-01-01T00:00:00Z` saved a time
written `1-01-01T...`, which could not be read back, and from then on `progress`,
`--review` and `export` failed for that folder; a row with `answered_at = 'x'` or
broken JSON in `mistakes` made `progress` and `--review` print tracebacks. Now the
clock is bounded (exit 2 with a message), times are written so they always read back
(the old unpadded ones read too), and a bad row is reported, with the file, the table,
the row and the column, and left out.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mj_trainer.cli.main import main
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.quizzes.store_schema import parse_stamp, stamp
from tests.helpers import hand
from tests.test_cli_quiz_jsonl import run

# All Chows 5 + Concealed Hand 5 = 10 (R10).
HANDS = [QuizHand(f"t-{i}", hand("c123 c456 b234 b567 k5 +k5")) for i in range(1, 4)]
RIGHT = PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10)


@given(st.datetimes(timezones=st.just(UTC)))
def test_every_time_written_reads_back(moment: datetime) -> None:
    text = stamp(moment)
    assert parse_stamp(text) == moment
    assert len(text) == len("2026-03-02T08:30:00.000000Z")  # sorts as text


def test_a_time_written_before_the_year_was_padded_still_reads() -> None:
    assert parse_stamp("1-01-01T00:00:00.000000Z") == datetime(1, 1, 1, tzinfo=UTC)
    assert parse_stamp("999-12-31T23:59:59.000000Z").year == 999


@pytest.mark.parametrize("clock", ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z",
                                   "1969-12-31T23:59:59Z", "9900-01-01T00:00:00Z"])
def test_a_clock_past_the_ends_is_refused_before_anything_is_written(
        tmp_path: Path, clock: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, msgs, err = run(["--set", "trivial", "--count", "1", "--clock", clock],
                          ['{"skip": true}'], tmp_path)
    assert code == 2 and msgs == [] and "Traceback" not in err
    assert f"--clock: {clock} is out of range" in err and "1970-01-01" in err
    assert not (tmp_path / "progress.sqlite3").exists()  # nothing was kept: nothing asked
    assert main(["progress", "--clock", clock, "--data-dir", str(tmp_path)]) == 2
    assert "out of range" in capsys.readouterr().err


@pytest.mark.parametrize("clock", ["1970-01-01T00:00:00Z", "9899-12-31T23:59:59Z"])
def test_the_ends_of_the_range_save_answers_that_read_back(
        tmp_path: Path, clock: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, msgs, err = run(["--set", "trivial", "--count", "2", "--clock", clock],
                          ['{"patterns": {"1.1": 1}, "total": 1}'] * 2, tmp_path)
    assert code == 0 and msgs[-1]["answered"] == 2, err
    with ProgressStore.open(tmp_path) as store:
        assert {a.answered_at for a in store.answers()} == {
            datetime.fromisoformat(clock.replace("Z", "+00:00"))}
        assert store.notices == []
    data = ["--data-dir", str(tmp_path), "--config", str(tmp_path / "none.toml")]
    assert main(["progress", "--clock", clock, *data]) == 0
    assert main(["export", str(tmp_path / "out.json"), "--data-dir", str(tmp_path)]) == 0
    code, msgs, err = run(["--review", "--clock", clock], ['{"end": true}'], tmp_path)
    assert code == 0 and msgs[-1]["type"] == "summary", err
    assert "Traceback" not in capsys.readouterr().err


def _damage(path: Path) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute("UPDATE answers SET answered_at = 'x' WHERE seq = 1")
        conn.execute("UPDATE answers SET mistakes = '{broken' WHERE seq = 2")
        conn.execute("UPDATE cards SET card = '{broken' WHERE item = 'pattern:1.2'")
        conn.execute("UPDATE item_stats SET last_seen = 'x' WHERE item = 'pattern:1.3'")
        conn.commit()
    finally:
        conn.close()


def _played(folder: Path) -> Path:
    with ProgressStore.open(folder) as store:
        rnd = Round(ListSource(HANDS), RoundSettings(length=3, seed=1), recorder=store)
        while rnd.ask() is not None:
            rnd.answer(RIGHT)
        rnd.finish()
        return store.path


def test_bad_rows_are_reported_and_left_out(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _played(tmp_path)
    _damage(path)
    with ProgressStore.open(tmp_path) as store:
        assert [a.seq for a in store.answers()] == [3]
        assert "pattern:1.3" not in {s.item for s in store.item_stats()}
        assert "pattern:1.2" not in {d.item for d in store.review_cards()}
        said = "\n".join(store.notices)
    assert f"{path}: answers row 1: its answered_at cannot be read ('x')" in said
    assert f"{path}: answers row 2: its mistakes cannot be read ('{{broken')" in said
    assert "cards row 'pattern:1.2'" in said and "item_stats row 'pattern:1.3'" in said
    data = ["--data-dir", str(tmp_path), "--config", str(tmp_path / "none.toml")]
    assert main(["progress", *data]) == 0
    err = capsys.readouterr().err
    assert "answers row 1: its answered_at cannot be read" in err and "Traceback" not in err
    assert main(["export", str(tmp_path / "out.json"), "--data-dir", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "answers row 2: its mistakes cannot be read" in err
    exported = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [a["seq"] for a in exported["answers"]] == [3]
    code, msgs, err = run(["--review", "--clock", "2100-01-01T00:00:00Z"],
                          ['{"end": true}'], tmp_path)
    assert code == 0 and msgs[-1]["type"] == "summary" and "Traceback" not in err


def test_an_answer_is_saved_over_a_review_card_that_cannot_be_read(tmp_path: Path) -> None:
    path = _played(tmp_path)
    _damage(path)
    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource(HANDS[:1]), RoundSettings(length=1, seed=2), recorder=store)
        rnd.ask()
        rnd.answer(RIGHT)  # reviews pattern:1.2, whose card is broken
        assert rnd.save_problem is None
        assert "pattern:1.2" in {d.item for d in store.review_cards()}
