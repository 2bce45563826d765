"""`mj-trainer locate config|data|cache` names the files the other commands would use."""

from __future__ import annotations

from pathlib import Path

import pytest

from mj_trainer.cli.main import main


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user with XDG folders of their own and none of the trainer's variables set."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.delenv("MJ_TRAINER_CACHE_DIR", raising=False)
    monkeypatch.delenv("MJ_TRAINER_CONFIG", raising=False)
    monkeypatch.delenv("MJ_TRAINER_DATA_DIR", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def locate(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["locate", *args]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.endswith("\n") and out.count("\n") == 1, (out, err)
    return out.rstrip("\n")


def test_the_defaults_are_the_user_folders(home: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    # On Linux the user folders follow the XDG variables (platformdirs).
    assert locate(capsys, "config") == str(home / "xdg-config" / "mj-trainer" / "config.toml")
    assert locate(capsys, "data") == str(home / "xdg-data" / "mj-trainer")
    assert locate(capsys, "cache") == str(home / "xdg-cache" / "mj-trainer" / "parsed")


def test_the_environment_variables_come_next(home: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MJ_TRAINER_CONFIG", str(home / "env" / "settings.toml"))
    monkeypatch.setenv("MJ_TRAINER_DATA_DIR", str(home / "env-data"))
    assert locate(capsys, "config") == str(home / "env" / "settings.toml")
    assert locate(capsys, "data") == str(home / "env-data")
    monkeypatch.setenv("MJ_TRAINER_CACHE_DIR", str(home / "env-cache"))
    assert locate(capsys, "cache") == str(home / "env-cache")


def test_a_cache_switched_off_is_said_so(home: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MJ_TRAINER_CACHE_DIR", "")
    assert main(["locate", "cache"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "MJ_TRAINER_CACHE_DIR is set empty" in err


def test_the_options_win_before_or_after_the_command(
        home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MJ_TRAINER_CONFIG", str(home / "env.toml"))
    monkeypatch.setenv("MJ_TRAINER_DATA_DIR", str(home / "env-data"))
    assert main(["--config", "/srv/a.toml", "locate", "config"]) == 0
    assert capsys.readouterr().out == "/srv/a.toml\n"
    assert locate(capsys, "config", "--config", "/srv/b.toml") == "/srv/b.toml"
    assert locate(capsys, "data", "--data-dir", "/srv/progress") == "/srv/progress"


def test_a_relative_path_is_printed_whole_and_nothing_is_created(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert locate(capsys, "data", "--data-dir", "mine") == str(home / "mine")
    assert locate(capsys, "config", "--config", "~/x.toml") == str(Path.home() / "x.toml")
    assert not (home / "mine").exists()
    assert locate(capsys, "cache")
    assert not (home / "xdg-config").exists() and not (home / "xdg-data").exists()
    assert not (home / "xdg-cache").exists()


def test_only_config_data_and_cache_can_be_located(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["locate"], ["locate", "themes"]):
        with pytest.raises(SystemExit) as exit_:
            main(args)
        assert exit_.value.code == 2
        assert "config" in capsys.readouterr().err
