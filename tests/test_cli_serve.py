"""`mj-trainer serve` without a browser: its checks, its command and the terminal check."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.cli.options import WEB_DRIVER, under_web_driver
from mj_trainer.cli.serve import app_command


def test_the_terminal_check_accepts_the_web_driver() -> None:
    assert under_web_driver({"TEXTUAL_DRIVER": WEB_DRIVER})
    assert not under_web_driver({"TEXTUAL_DRIVER": "textual.drivers.linux_driver:LinuxDriver"})
    assert not under_web_driver({})


def test_without_a_terminal_or_the_web_driver_the_app_refuses(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert main(["reference"]) == 2  # pytest's stdin is not a terminal
    assert "the trainer needs a terminal" in capsys.readouterr().err


def test_each_tab_runs_the_trainer_with_the_same_folders(tmp_path: Path) -> None:
    command = shlex.split(app_command(str(tmp_path / "d"), "c.toml"))
    assert command[:3] == [sys.executable, "-m", "mj_trainer"]
    assert command[3:] == ["--data-dir", str(tmp_path / "d"), "--config",
                           str(Path("c.toml").resolve())]
    assert shlex.split(app_command(None, None)) == [sys.executable, "-m", "mj_trainer"]


def test_a_bad_port_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000 is not a port" in capsys.readouterr().err


def test_serve_without_the_extra_says_how_to_install_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve", "--port", "8123"]) == 2
    assert "pip install 'mj-trainer[web]'" in capsys.readouterr().err


def test_serve_defaults_to_loopback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "127.0.0.1" in capsys.readouterr().out
