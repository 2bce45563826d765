"""`mj-trainer progress`: mastery per pattern with right, missed and wrongly claimed
counts, as JSON and as a table; the desired retention comes from the settings file."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.quizzes.config import parse_settings
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore, database_path
from tests.helpers import hand

WHEN = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _answer(data_dir: Path) -> None:
    # All Chows (1.2) and Concealed Hand (1.3) count; 1.3 missed, 8.1.1 wrongly claimed.
    item = QuizHand("t-1", hand("c123 c456 b234 b567 k5 +k5"))
    with ProgressStore.open(data_dir) as store:
        rnd = Round(ListSource([item]), RoundSettings(length=1, seed=1), recorder=store,
                    now=lambda: WHEN)
        rnd.ask()
        rnd.answer(PatternsAnswer.of({"1.2": 1, "8.1.1": 1}, total=10))
        rnd.finish()


def test_progress_json_counts_and_mastery(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    _answer(tmp_path)
    cfg = tmp_path / "config.toml"
    cfg.write_text("desired_retention = 0.85\n", encoding="utf-8")
    assert main(["progress", "--json", "--data-dir", str(tmp_path), "--config", str(cfg),
                 "--clock", "2026-03-02T09:05:00Z"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["desired_retention"] == 0.85
    assert report["patterns"] == len(report["per_pattern"]) and report["known"] == 0
    assert report["answers"] == 1
    rows = {p["id"]: p for p in report["per_pattern"]}
    assert (rows["1.2"]["right"], rows["1.2"]["status"]) == (1, "learning")
    assert (rows["1.3"]["missed"], rows["8.1.1"]["wrong"]) == (1, 1)
    assert rows["5.1.1"]["status"] == "new"
    assert set(report["weakest"]) >= {"1.3", "8.1.1"}


def test_progress_table_and_no_file_created(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "nothing-here"
    assert main(["progress", "--data-dir", str(empty), "--config",
                 str(tmp_path / "none.toml")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("mj-score-eval: known 0 of 70 patterns")
    assert not database_path(empty).exists()
    assert main(["progress", "--ruleset", "nope", "--data-dir", str(empty)]) == 2


def test_retention_setting_is_checked() -> None:
    settings, problems = parse_settings({"desired_retention": 0.95})
    assert settings.desired_retention == 0.95 and not problems
    settings, problems = parse_settings({"desired_retention": 2})
    assert settings.desired_retention == 0.9 and "desired_retention" in problems[0]
