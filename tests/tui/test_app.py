"""Pilot tests of the app shell: start-up, a damaged progress file, help, the command
palette, the too-small screen, and the command line's checks."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from mj_trainer.cli.main import main
from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import MIN_HEIGHT, MIN_WIDTH, make_app
from mj_trainer.tui.messages import OpenReference, StartReview
from mj_trainer.tui.screens.help import HelpScreen
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.notice import NoticeScreen, TooSmallScreen
from tests.tui.test_app_kit import app_for, wait_for


def test_home_is_the_first_screen(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            home = app.screen
            assert isinstance(home, HomeScreen)
            await wait_for(pilot, lambda: home.stats is not None)
            assert home.stats is not None and home.stats.available
            assert home.stats.streak == 0 and home.stats.due == 0
            assert app.store is not None
            assert (tmp_path / "data" / "progress.sqlite3").exists()

    asyncio.run(body())


def test_corrupt_progress_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    db = data / "progress.sqlite3"
    junk = b"this is not a database" * 20
    db.write_bytes(junk)

    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            notice = app.screen
            assert isinstance(notice, NoticeScreen)
            assert "cannot be saved" in notice.notice_title
            assert str(db) in notice.body and "not an SQLite database" in notice.body
            assert app.store is None
            await pilot.press("enter")
            await pilot.pause()
            home = app.screen
            assert isinstance(home, HomeScreen)
            await wait_for(pilot, lambda: home.stats is not None)
            assert home.stats is not None and not home.stats.available
            # review needs the progress file: a clear message, no round
            app.post_message(StartReview())
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)

    asyncio.run(body())
    assert db.read_bytes() == junk  # never modified
    assert sorted(p.name for p in data.iterdir()) == ["progress.sqlite3"]


def test_newer_progress_file_is_reported(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    db = data / "progress.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('app', 'mj-trainer')")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    before = db.read_bytes()

    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            notice = app.screen
            assert isinstance(notice, NoticeScreen)
            assert "newer" in notice.body

    asyncio.run(body())
    assert db.read_bytes() == before


def test_help_opens_for_the_screen_in_front(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.page == "home"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("s")  # settings, then its help with ?
            await pilot.pause()
            app.set_focus(None)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and app.screen.page == "settings"

    asyncio.run(body())


def test_help_pages_exist_for_core_screens() -> None:
    from mj_trainer.tui.screens.help import HELP_DIR

    for name in ("home", "quiz", "settings"):
        text = (HELP_DIR / f"{name}.md").read_text(encoding="utf-8")
        assert text.startswith("# ")


def test_command_palette_offers_the_actions(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            titles = [c.title for c in app.get_system_commands(app.screen)]
            for wanted in ("Home", "Quick round: easy", "Quick round: hard",
                           "Play a curated set", "Review weak spots", "Rules reference",
                           "Stats", "Settings", "Help", "Tile style: cjk", "Theme", "Quit"):
                assert wanted in titles
            # the screen's own keys are offered too
            assert "Level" in titles
            await pilot.press("ctrl+p")
            await pilot.pause()
            from mj_trainer.tui.screens.palette import AppCommandPalette

            assert isinstance(app.screen, AppCommandPalette)  # the app's guarded palette

    asyncio.run(body())


def test_too_small_terminal_shows_a_message(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(MIN_WIDTH - 10, MIN_HEIGHT - 4)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
            await pilot.resize_terminal(MIN_WIDTH, MIN_HEIGHT - 1)
            await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))

    asyncio.run(body())


@pytest.mark.parametrize("start", ["quiz", "reference"])
def test_starting_straight_into_a_screen_respects_the_size_guard(
        tmp_path: Path, start: str) -> None:
    # The case that broke: `mj-trainer quiz --set families` or `reference 8.1.3` in a
    # small window opened the screen over the guard.
    from mj_trainer.tui.messages import StartSet

    message = StartSet("families", resume=False) if start == "quiz" else OpenReference("8.1.3")
    wanted = "QuizScreen" if start == "quiz" else "ReferenceScreen"

    async def body() -> None:
        app = make_app(Settings(), data_dir=tmp_path / "data", start=message)
        async with app.run_test(size=(MIN_WIDTH - 10, MIN_HEIGHT - 4)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
            for _ in range(5):
                await pilot.pause(0.05)
            assert isinstance(app.screen, TooSmallScreen)
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: type(app.screen).__name__ == wanted)
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "question") == "question")

    asyncio.run(body())


def test_start_message_opens_the_reference(tmp_path: Path) -> None:
    async def body() -> None:
        from mj_trainer.tui.screens.reference import ReferenceScreen

        app = make_app(Settings(), data_dir=tmp_path / "data", start=OpenReference("8.1.3"))
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ReferenceScreen))
            screen = app.screen
            assert isinstance(screen, ReferenceScreen) and screen.target == "8.1.3"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    asyncio.run(body())


def test_quick_round_from_home(tmp_path: Path) -> None:
    async def body() -> None:
        from tests.tui.test_app_kit import quiz_ready

        app = app_for(tmp_path, length=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await wait_for(pilot, quiz_ready(app))
            screen = app.screen
            rnd = getattr(screen, "round", None)
            assert rnd is not None and len(rnd.questions) == 3

    asyncio.run(body())


# ---- the command line


@pytest.mark.parametrize(("argv", "needle"), [
    (["quiz", "--set", "no-such-set"], "unknown set 'no-such-set'"),
    (["quiz", "--random", "--target", "99.9"], "99.9"),
    (["reference", "99.9"], "no pattern, family, category or ruling '99.9'"),
    (["reference", "R99"], "'R99'"),
    (["quiz", "--set", "families", "--difficulty", "hard"], "--difficulty"),
])
def test_cli_refuses_bad_places(argv: list[str], needle: str, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--data-dir", str(tmp_path), "--config", str(tmp_path / "c.toml"), *argv])
    out = capsys.readouterr()
    assert code == 2
    assert out.out == ""
    assert needle in out.err


def test_cli_reports_a_broken_set_file(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[set]\nid = 'x'\n", encoding="utf-8")
    code = main(["--config", str(tmp_path / "c.toml"), "quiz", "--set", str(bad)])
    assert code == 2
    assert "bad.toml" in capsys.readouterr().err


def test_cli_difficulty_must_be_known(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["quiz", "--random", "--difficulty", "impossible"])
    assert exc.value.code == 2


def test_cli_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("mj-trainer ")
