"""`mj-trainer export`: the history as CSV or JSON, with plain errors and no side effects."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore
from tests.helpers import hand


def _one_answer(data_dir: Path) -> None:
    # All Chows 5 + Concealed Hand 5 = 10, answered right.
    item = QuizHand("t-1", hand("c123 c456 b234 b567 k5 +k5"))
    with ProgressStore.open(data_dir) as store:
        rnd = Round(ListSource([item]), RoundSettings(length=1, seed=1), recorder=store)
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


def _db_bytes(data_dir: Path) -> bytes:
    return (data_dir / "progress.sqlite3").read_bytes()


@pytest.mark.parametrize("name", ["progress.sqlite3", "progress.sqlite3-wal",
                                  "progress.sqlite3.pending.jsonl"])
def test_export_refuses_the_progress_database(tmp_path: Path, name: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # The case that broke: `export <data-dir>/progress.sqlite3` wiped every answer, exit 0.
    data = tmp_path / "data"
    _one_answer(data)
    before = _db_bytes(data)
    for extra in ([], ["--force"]):
        code = main(["export", str(data / name), "--data-dir", str(data), *extra])
        assert code == 2
        assert "progress database" in capsys.readouterr().err
    assert _db_bytes(data) == before
    assert not (data / "progress.sqlite3-wal").exists() or name != "progress.sqlite3-wal"


def test_export_refuses_the_database_through_a_link_or_another_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    _one_answer(data)
    before = _db_bytes(data)
    (tmp_path / "link.json").symlink_to(data / "progress.sqlite3")
    (tmp_path / "hard.json").hardlink_to(data / "progress.sqlite3")
    for target in ("link.json", "hard.json"):
        assert main(["export", str(tmp_path / target), "--force", "--data-dir", str(data)]) == 2
        assert "cannot write" in capsys.readouterr().err
    assert _db_bytes(data) == before


def test_export_refuses_an_existing_file_without_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    _one_answer(data)
    out = tmp_path / "notes.csv"
    out.write_text("my own notes\n", encoding="utf-8")
    assert main(["export", str(out), "--data-dir", str(data)]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "my own notes\n"
    assert main(["export", str(out), "--force", "--data-dir", str(data)]) == 0
    assert out.read_text(encoding="utf-8").startswith("answer_id,")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_export_never_writes_through_a_symlink(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    _one_answer(data)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    link = tmp_path / "out.json"
    link.symlink_to(victim)
    assert main(["export", str(link), "--force", "--data-dir", str(data)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert victim.read_text(encoding="utf-8") == "keep me\n" and link.is_symlink()
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    assert main(["export", str(dangling), "--data-dir", str(data)]) == 2
    assert not (tmp_path / "nowhere.json").exists()


def test_export_never_writes_to_a_device_or_a_fifo(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # The case that broke: as root, `export /dev/null` replaced the device with a file.
    import os
    import stat

    data = tmp_path / "data"
    _one_answer(data)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in ("/dev/null", str(fifo), str(tmp_path)):
        assert main(["export", target, "--force", "--data-dir", str(data)]) == 2
        assert "cannot write" in capsys.readouterr().err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_export_honours_the_global_data_dir(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # The case that broke: `mj-trainer --data-dir D export F` read the default data dir.
    data = tmp_path / "data"
    _one_answer(data)
    out = tmp_path / "h.json"
    assert main(["--data-dir", str(data), "export", str(out)]) == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))["answers"]) == 1
    other = tmp_path / "elsewhere"
    assert main(["--data-dir", str(data), "export", "-", "--data-dir", str(other)]) == 2
    assert "no progress recorded yet" in capsys.readouterr().err
