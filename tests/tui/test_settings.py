"""Settings: the TOML file (read, written, refused when broken) and the settings screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from mj_trainer.quizzes.config import ConfigFile, Settings, parse_settings
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.notice import NoticeScreen
from mj_trainer.tui.screens.settings import SettingsScreen
from mj_trainer.tui.tile_text import TileStyle
from tests.tui.test_app_kit import wait_for


async def _open_settings(pilot: Pilot[None], app: TrainerApp) -> SettingsScreen:
    await pilot.pause()
    app.open_settings()
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    await pilot.pause()
    return screen


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    cfg = ConfigFile.load(tmp_path / "missing.toml")
    assert cfg.settings == Settings() and cfg.problem is None


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "config.toml"
    cfg = ConfigFile.load(path)
    wanted = Settings(ruleset="zung-jung", tile_style=TileStyle.CJK, round_length=25,
                      kinds=(QuestionKind.TOTAL, QuestionKind.IS_WIN), difficulty="hard",
                      theme="nord")
    assert cfg.save(wanted) is None
    again = ConfigFile.load(path)
    assert again.settings == wanted and again.problem is None


def test_unknown_keys_survive_a_save(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('future_option = "keep me"\nround_length = 7\n', encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is None and cfg.settings.round_length == 7
    assert cfg.save(cfg.settings.with_(round_length=8)) is None
    text = path.read_text(encoding="utf-8")
    assert 'future_option = "keep me"' in text and "round_length = 8" in text


def test_bad_values_are_each_reported() -> None:
    settings, problems = parse_settings({"tile_style": "oil paint", "round_length": 0,
                                         "question_kinds": [], "difficulty": "brutal"})
    assert settings == Settings()
    assert len(problems) == 4
    assert any("oil paint" in p for p in problems)


def test_broken_file_is_reported_and_never_written(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    text = "round_length = [oops\n"
    path.write_text(text, encoding="utf-8")
    cfg = ConfigFile.load(path)
    assert cfg.problem is not None and "not valid TOML" in cfg.problem
    message = cfg.save(Settings(round_length=3))
    assert message is not None and message.startswith("not saved")
    assert path.read_text(encoding="utf-8") == text


def test_broken_config_shown_in_the_app(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    text = 'tile_style = "oil paint"\n'
    path.write_text(text, encoding="utf-8")

    async def body() -> None:
        app = make_app(data_dir=tmp_path / "data", config_path=path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            notice = app.screen
            assert isinstance(notice, NoticeScreen)
            assert "settings file" in notice.notice_title and "oil paint" in notice.body
            await pilot.press("enter")
            await pilot.pause()
            # a change on the settings screen is used but not written
            app.update_settings(app.settings.with_(round_length=4))
            assert app.settings.round_length == 4

    asyncio.run(body())
    assert path.read_text(encoding="utf-8") == text


def test_settings_persist_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"

    async def change() -> None:
        app = make_app(data_dir=tmp_path / "data", config_path=path, cursor_blink=False)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            await pilot.pause()
            # tile style: tab past the house-rules path and its starter-file button to
            # the radio set, move to CJK, choose it
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "house-path"
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "starter"
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "tile-style"
            await pilot.press("right", "enter")
            await pilot.pause()
            assert screen.settings.tile_style is TileStyle.CJK
            # round length: tab to the input, replace the number
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "round-length"
            await pilot.press("end", "backspace", "backspace", "1", "5")
            await pilot.pause()
            # question kinds: tick "total only" (the second box)
            await pilot.press("tab", "tab", "space")
            await pilot.pause()
            assert screen.settings.kinds == (QuestionKind.PATTERNS, QuestionKind.TOTAL)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    async def check() -> None:
        app = make_app(data_dir=tmp_path / "data", config_path=path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            assert app.settings.tile_style is TileStyle.CJK
            assert app.settings.round_length == 15
            assert app.settings.kinds == (QuestionKind.PATTERNS, QuestionKind.TOTAL)
            assert isinstance(app.screen, HomeScreen)

    asyncio.run(change())
    text = path.read_text(encoding="utf-8")
    assert 'tile_style = "cjk"' in text and "round_length = 15" in text
    asyncio.run(check())


def test_the_last_question_kind_stays_ticked(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(Settings(), data_dir=tmp_path / "data")
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await _open_settings(pilot, app)
            box = screen.query_one("#kind-patterns")
            box.focus()
            await pilot.press("space")
            await pilot.pause()
            assert screen.settings.kinds == (QuestionKind.PATTERNS,)
            assert getattr(box, "value", None) is True

    asyncio.run(body())


def test_theme_from_the_palette_is_remembered(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"

    async def body() -> None:
        app = make_app(data_dir=tmp_path / "data", config_path=path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.theme = "nord"
            await pilot.pause()

    asyncio.run(body())
    assert ConfigFile.load(path).settings.theme == "nord"


def test_palette_lists_the_apps_commands_only(tmp_path: Path) -> None:
    async def body() -> None:
        app = make_app(Settings(), data_dir=tmp_path / "data")
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            titles = [c.title for c in app.get_system_commands(app.screen)]
            for wanted in ("Ruleset: classical", "Ruleset: zung-jung", "Tile style: cjk",
                           "Theme: mj-contrast", "Theme: mj-ivory", "Calculator"):
                assert wanted in titles
            # the settings in use are not offered again
            assert "Theme: mj-jade" not in titles and "Tile style: text" not in titles
            # Textual's internals are not offered
            for internal in ("Keys", "Screenshot", "Maximize", "Minimize"):
                assert internal not in titles

    asyncio.run(body())


def test_settings_screen_follows_a_palette_command(tmp_path: Path) -> None:
    """ctrl+p, 'Tile style: cjk', enter over the settings screen: the radio button, the
    preview and the theme follow, and the file is saved once with the change."""
    path = tmp_path / "config.toml"

    async def body() -> None:
        from textual.widgets import RadioButton, Select, Static

        app = make_app(data_dir=tmp_path / "data", config_path=path, cursor_blink=False)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await _open_settings(pilot, app)
            await pilot.press("ctrl+p")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "AppCommandPalette")
            await pilot.press(*"tile style: cjk")
            await pilot.pause(0.3)
            await pilot.press("enter")
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.pause()
            assert app.settings.tile_style is TileStyle.CJK
            assert screen.settings.tile_style is TileStyle.CJK
            assert screen.query_one("#style-cjk", RadioButton).value
            assert not screen.query_one("#style-text", RadioButton).value
            assert "萬" in str(screen.query_one("#tile-preview", Static).render())
            app.action_theme("mj-contrast")
            app.action_ruleset("classical")
            await pilot.pause()
            assert screen.query_one("#theme", Select).value == "mj-contrast"
            assert screen.query_one("#ruleset", Select).value == "classical"
            assert app.theme == "mj-contrast"

    asyncio.run(body())
    saved = ConfigFile.load(path).settings
    assert (saved.tile_style, saved.theme, saved.ruleset) == (TileStyle.CJK, "mj-contrast",
                                                             "classical")


def test_ticked_and_unticked_differ_without_colour(tmp_path: Path) -> None:
    """With colours off, state shows in the glyph: ✔ or blank, ● or ○."""
    async def body() -> None:
        from textual.widgets import Checkbox, RadioButton

        app = make_app(Settings(), data_dir=tmp_path / "data")
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await _open_settings(pilot, app)
            ticked = screen.query_one("#kind-patterns", Checkbox)
            empty = screen.query_one("#kind-total", Checkbox)
            on = screen.query_one("#style-text", RadioButton)
            off = screen.query_one("#style-cjk", RadioButton)
            glyphs = [w.render().plain.strip()[:3] for w in (ticked, empty, on, off)]
            assert glyphs[0] != glyphs[1] and "✔" in glyphs[0]
            assert glyphs[2] != glyphs[3] and "●" in glyphs[2] and "○" in glyphs[3]

    asyncio.run(body())
