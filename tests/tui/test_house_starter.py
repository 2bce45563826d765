"""The settings screen's starter house-rules file: written once, next to the config,
never over an existing file or through a link, and usable as soon as it is written."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from mj_trainer.engine.ruleset import load
from mj_trainer.tui.app import make_app
from mj_trainer.tui.house_starter import (
    STARTER_NAME,
    StarterProblem,
    example_path,
    write_starter,
)
from mj_trainer.tui.screens.settings import SettingsScreen
from tests.tui.test_app_kit import wait_for


def test_the_example_is_found_in_the_installed_package() -> None:
    path = example_path()
    assert path.is_file()
    assert "extends" in path.read_text(encoding="utf-8")
    assert "mj_trainer" in path.parts or "engine" in path.parts


def test_the_starter_is_a_copy_of_the_example_that_loads(tmp_path: Path) -> None:
    starter = write_starter(tmp_path / "config")
    assert starter.created and starter.path == tmp_path / "config" / STARTER_NAME
    assert starter.path.read_text(encoding="utf-8") == example_path().read_text(
        encoding="utf-8")
    assert load(str(starter.path)).id == "our-club"


def test_an_existing_file_is_offered_not_replaced(tmp_path: Path) -> None:
    mine = tmp_path / STARTER_NAME
    mine.write_text("# my own rules\n", encoding="utf-8")
    starter = write_starter(tmp_path)
    assert not starter.created and starter.path == mine
    assert mine.read_text(encoding="utf-8") == "# my own rules\n"


def test_a_planted_link_is_refused(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", encoding="utf-8")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / STARTER_NAME).symlink_to(victim)
    with pytest.raises(StarterProblem, match="symbolic link"):
        write_starter(tmp_path / "config")
    assert victim.read_text(encoding="utf-8") == "keep"


def test_settings_names_the_installed_example_and_writes_the_starter(tmp_path: Path) -> None:
    config = tmp_path / "config" / "config.toml"

    async def body() -> None:
        app = make_app(data_dir=tmp_path / "data", config_path=config)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.open_settings()
            await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            await pilot.pause()
            hint = str(screen.query_one("#house-status", Static).render())
            assert str(example_path().parent) in hint.replace("\n", "")
            await pilot.click("#starter")
            await pilot.pause()
            starter = config.parent / STARTER_NAME
            assert starter.is_file()
            assert screen.query_one("#house-path", Input).value == str(starter)
            assert "Wrote" in str(screen.query_one("#house-status", Static).render())
            await pilot.press("enter")
            await pilot.pause()
            assert screen.settings.ruleset == str(starter)

    asyncio.run(body())
