"""In a browser tab (Textual's web driver) the app never offers a key the browser keeps.

Firefox quits on ctrl+q and every browser closes the tab on ctrl+w, opens one on ctrl+t
or a window on ctrl+n, and jumps to the address bar on ctrl+l (issue 23, item 5).  Here
the app believes it runs under the web driver (`is_web`), as under `mj-trainer serve`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Footer, Markdown, Static
from textual.widgets._footer import FooterKey

from mj_trainer.quizzes.config import Settings
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.browser_keys import BROWSER_KEYS, for_browser, kept_by_browser, quit_key
from mj_trainer.tui.messages import OpenScreen
from mj_trainer.tui.screens.help import _MISSING, HELP_DIR, HelpScreen
from tests.tui.test_app_kit import fixed_clock, wait_for


@pytest.fixture
def in_browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(TrainerApp, "is_web", property(lambda self: True))
    yield


def _app(tmp_path: Path, start: OpenScreen | None = None) -> TrainerApp:
    return make_app(Settings(), data_dir=tmp_path / "data", start=start, seed=7,
                    clock=fixed_clock, cursor_blink=False)


def _footer_keys(app: TrainerApp) -> list[str]:
    return [w.key for f in app.screen.query(Footer) for w in f.children
            if isinstance(w, FooterKey)]


def _mentions_a_browser_key(text: str) -> list[str]:
    lowered = text.lower()
    return [key for key in BROWSER_KEYS if key in lowered]


def test_for_browser_rewrites_the_quit_key_only() -> None:
    assert for_browser("* **escape** goes back; **ctrl+q** quits.") == \
        "* **escape** goes back; **f10** quits."
    assert for_browser("Ctrl+Q quits; ctrl+qq and xctrl+q stay") == \
        "f10 quits; ctrl+qq and xctrl+q stay"
    assert quit_key(web=True) == "f10" and quit_key(web=False) == "ctrl+q"
    assert kept_by_browser("ctrl+W") and not kept_by_browser("ctrl+p")


@pytest.mark.parametrize("page", sorted(p.stem for p in HELP_DIR.glob("*.md")))
def test_no_help_page_in_a_browser_names_a_key_the_browser_keeps(page: str) -> None:
    text = for_browser((HELP_DIR / f"{page}.md").read_text(encoding="utf-8"))
    assert _mentions_a_browser_key(text) == []


def test_the_page_for_screens_without_help_names_no_browser_key() -> None:
    assert _mentions_a_browser_key(for_browser(_MISSING)) == []
    assert "f10" in for_browser(_MISSING)


def test_in_a_browser_quit_is_f10_in_the_footer_help_and_palette(
        tmp_path: Path, in_browser: None, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app(tmp_path)
    quits: list[None] = []

    async def quit_counted() -> None:
        quits.append(None)

    monkeypatch.setattr(app, "action_quit", quit_counted)

    async def body() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: "f1" in _footer_keys(app))
            keys = _footer_keys(app)
            assert "f10" in keys and not set(keys) & BROWSER_KEYS
            await pilot.press("f10")
            await wait_for(pilot, lambda: bool(quits))
            commands = {c.title: c.help for c in app.get_system_commands(app.screen)}
            assert commands["Quit"] == "Leave mj-trainer (f10)"
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            shown = app.screen.query_one(Markdown).source
            assert "**f10** quits" in shown and _mentions_a_browser_key(shown) == []

    asyncio.run(body())


def test_in_a_terminal_quit_stays_ctrl_q(tmp_path: Path) -> None:
    app = _app(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: "f1" in _footer_keys(app))
            assert "ctrl+q" in _footer_keys(app) and "f10" not in _footer_keys(app)
            commands = {c.title: c.help for c in app.get_system_commands(app.screen)}
            assert commands["Quit"] == "Leave mj-trainer (ctrl+q)"

    asyncio.run(body())


def test_in_a_browser_the_load_dialog_hides_ctrl_l(tmp_path: Path, in_browser: None) -> None:
    from mj_trainer.tui.widgets.sets_dialog import LoadSetDialog

    app = _app(tmp_path, OpenScreen("sets"))

    async def body() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "SetsScreen")
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, LoadSetDialog)
                           and "escape" in _footer_keys(app))
            assert "ctrl+l" not in _footer_keys(app)
            hints = [c.help for c in app.get_system_commands(app.screen)]
            assert not any(_mentions_a_browser_key(h) for h in hints)

    asyncio.run(body())


def test_in_a_browser_the_small_window_notice_says_f10(tmp_path: Path,
                                                       in_browser: None) -> None:
    app = _app(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(50, 16)) as pilot:
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TooSmallScreen")
            await pilot.pause()
            text = str(app.screen.query_one("#too-small-text", Static).render())
            assert "f10 quits." in text and "ctrl+q" not in text

    asyncio.run(body())
