"""`mj-trainer export`: the history as CSV or JSON, with plain errors and no side effects."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.cli import main
from tests.helpers import hand


def _one_answer(data_dir: Path) -> None:
    # All Chows 5 + Concealed Hand 5 = 10, answered right.
    item = QuizHand("t-1", hand("c123 c456 b234 b567 k5 +k5"))
    with ProgressStore.open(data_dir) as store:
        rnd = Round(ListSource([item]), RoundSettings(length=1, seed=1), store=store)
        assert rnd.ask() is not None
        rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10))
        rnd.finish()


def test_export_csv_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _one_answer(tmp_path / "data")
    out_csv = tmp_path / "history.csv"
    assert main(["export", str(out_csv), "--data-dir", str(tmp_path / "data")]) == 0
    rows = list(csv.DictReader(out_csv.open(encoding="utf-8")))
    assert len(rows) == 1 and rows[0]["hand_id"] == "t-1" and rows[0]["correct"] == "1"
    capsys.readouterr()
    assert main(["export", "-", "--format", "json", "--data-dir", str(tmp_path / "data")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["answers"]) == 1


def test_export_without_progress_creates_nothing(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "nothing-here"
    assert main(["export", str(tmp_path / "h.json"), "--data-dir", str(empty)]) == 2
    assert "no progress recorded yet" in capsys.readouterr().err
    assert not empty.exists() and not (tmp_path / "h.json").exists()


def test_export_into_a_missing_folder_is_a_plain_error(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    _one_answer(tmp_path / "data")
    code = main(["export", str(tmp_path / "no" / "h.csv"), "--data-dir", str(tmp_path / "data")])
    assert code == 2
    assert "does not exist" in capsys.readouterr().err
