"""Pilot tests of the calculator: hands built by keys, by mouse and by typing, invalid
hands explained, the live score, the quiz, save and share keys, and `mj-trainer calc`.

The hand of the issue, ``c123 c456 b234 b567 k5 +k5 self``, scores 15 under the default
ruleset: 1.2 All Chows 5 + 1.3 Concealed Hand 5 + 1.4 Self Drawn 5 (seed 000).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mj_trainer.cli.main import main
from mj_trainer.engine import tiles
from mj_trainer.engine.notation import parse
from mj_trainer.engine.share import parse_shared
from mj_trainer.quizzes.config import Settings
from mj_trainer.quizzes.sets import load_set_file
from mj_trainer.tui.app import TrainerApp, make_app
from mj_trainer.tui.calculator_draft import Scored
from mj_trainer.tui.messages import OpenCalculator, OpenScreen
from mj_trainer.tui.screens.calculator import CalculatorScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.widgets.draft_row import DraftRow
from mj_trainer.tui.widgets.tile_palette import LABEL_WIDTH, ROWS, STEP, TilePalette
from tests.tui.test_app_kit import app_for, fixed_clock, wait_for

ISSUE_HAND = "c123 c456 b234 b567 k5 +k5 self"
T = tiles.CODE_TO_TILE


def text_of(widget: Static, width: int = 120) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def run_calc(tmp_path: Path, body: Callable[[Pilot[None], CalculatorScreen], Awaitable[None]],
             text: str = "", size: tuple[int, int] = (100, 40)) -> TrainerApp:
    app = make_app(Settings(), data_dir=tmp_path / "data", start=OpenCalculator(text),
                   seed=7, clock=fixed_clock, cursor_blink=False)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CalculatorScreen)
            await body(pilot, screen)

    asyncio.run(go())
    return app


def place(tile: int) -> tuple[int, int]:
    """(row, column) of a tile in the palette."""
    for r, (_, row_tiles) in enumerate(ROWS):
        if tile in row_tiles:
            return r, row_tiles.index(tile)
    raise AssertionError(tile)


async def key_to(pilot: Pilot[None], palette: TilePalette, tile: int) -> None:
    """Move the palette cursor to `tile` with the arrow keys."""
    row, col = place(tile)
    while palette.row != row:
        await pilot.press("down" if palette.row < row else "up")
    while palette.col != col:
        await pilot.press("right" if palette.col < col else "left")


async def click_tile(pilot: Pilot[None], tile: int) -> None:
    row, col = place(tile)
    await pilot.click("#calc-palette", offset=(LABEL_WIDTH + col * STEP + 2, row))


def status(screen: CalculatorScreen) -> str:
    return text_of(screen.query_one("#calc-status", Static))


# --------------------------------------------------------------------------- the issue


def test_calc_opens_prefilled_and_shows_total_15_with_its_patterns(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        assert screen.query_one("#calc-notation", Input).value == \
            "c123456 b234567 k5 +k5 self"
        scored = screen.scored
        assert isinstance(scored, Scored) and scored.result.total == 15
        shown = text_of(screen.query_one("#calc-score", Static))
        assert "Total 15" in shown
        for name in ("All Chows", "Concealed Hand", "Self Drawn"):
            assert name in shown
        others = text_of(screen.query_one("#calc-others", Static))
        assert "Under every ruleset" in others and "zung-jung" in others
        assert "complete" in status(screen)

    run_calc(tmp_path, body, ISSUE_HAND)


def test_calc_command_refuses_text_that_is_not_notation(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "c123 c4x5"]) == 2
    err = capsys.readouterr().err
    assert "col 8: 'x' is not a tile rank" in err


def test_home_key_and_palette_command_open_the_calculator(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, CalculatorScreen))
            commands = [c.title for c in app.get_system_commands(app.screen)]
            assert "Calculator" in commands
            app.post_message(OpenScreen("calculator"))
            await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen))

    asyncio.run(go())


# --------------------------------------------------------------------------- building


def test_build_the_hand_with_keys(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        palette = screen.query_one(TilePalette)
        assert palette.has_focus
        for code in ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "b5", "b6", "b7",
                     "k5"]:
            await key_to(pilot, palette, T[code])
            await pilot.press("enter")
        assert "13 of 14 tiles: add 1 more" in status(screen)
        await pilot.press("w")  # the cursor is still on k5: it is the winning tile
        await pilot.press("s")
        await pilot.pause()
        assert screen.draft.text == "c123456 b234567 k5 +k5 self"
        assert isinstance(screen.scored, Scored) and screen.scored.result.total == 15
        # An exposed pung by key: the hand is no longer concealed.
        await pilot.press("ctrl+z", "ctrl+z")
        assert screen.draft.parts.winning is None
        await pilot.press("w", "s")
        assert isinstance(screen.scored, Scored)

    run_calc(tmp_path, body)


def test_an_invalid_hand_is_explained_not_crashed(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        palette = screen.query_one(TilePalette)
        await key_to(pilot, palette, T["c1"])
        await pilot.press(*["enter"] * 5)
        shown = status(screen)
        assert "five copies of c1: there are four of each tile" in shown
        assert "5 of 14 tiles: add 9 more" in shown
        assert screen.scored is None
        assert "appears here as soon as the hand is complete" in text_of(
            screen.query_one("#calc-score", Static))
        # Actions that need a finished hand say why instead of acting.
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CalculatorScreen)

    run_calc(tmp_path, body)


def test_build_a_hand_with_the_mouse(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        await pilot.click("#how-pung")
        await click_tile(pilot, T["dr"])  # an exposed pung of red dragons
        assert screen.draft.text == "[dr dr dr]"
        assert screen.how == "tile"  # back to single tiles after a set
        for code in ["c1", "c2", "c3", "c4", "c5", "c6", "b2", "b3", "b4", "k9"]:
            await click_tile(pilot, T[code])
        await pilot.click("#how-winning")
        await click_tile(pilot, T["k9"])
        await pilot.pause()
        assert screen.draft.text == "c123456 b234 k9 [dr dr dr] +k9"
        # 8.2.1 Dragon Pung 10 (seed 000); nothing else counts for this hand.
        assert isinstance(screen.scored, Scored)
        assert {h.pattern.id for h in screen.scored.result.counted} == {"8.2.1"}
        assert screen.scored.result.total == 10
        # Select the first tile of the hand row and remove it with the button.
        row = screen.query_one(DraftRow)
        await pilot.click("#calc-row", offset=(2, 0))
        assert row.has_focus and row.selected == 0
        await pilot.click("#act-remove")
        assert screen.draft.text == "c23456 b234 k9 [dr dr dr] +k9"
        assert "13 of 14 tiles" in status(screen)
        # The context buttons.
        await pilot.click("#ctx-self")
        await pilot.click("#ctx-seat")
        assert screen.draft.parts.self_drawn and screen.draft.parts.seat == tiles.SOUTH

    run_calc(tmp_path, body)


def test_a_context_button_grows_with_its_label(tmp_path: Path) -> None:
    """The context buttons were as wide as their first label: toggled to self-drawn,
    "discard" showed "self-dr"; a seat of North showed "seat Nort"."""

    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        await pilot.press("s", "e", "e", "e")
        await pilot.pause()
        assert screen.draft.parts.self_drawn and screen.draft.parts.seat == tiles.NORTH
        for selector, label in (("#ctx-self", "self-drawn"), ("#ctx-seat", "seat North")):
            button = screen.query_one(selector)
            assert button.size.width >= len(label), (selector, button.size)

    run_calc(tmp_path, body, "c123 c456 b234 b567 k5 +k5", size=(80, 24))


def test_keys_typed_straight_after_n_reach_the_notation_field(tmp_path: Path) -> None:
    """'n' and a hand typed in one burst: the hand lands in the field, and an 'n' typed
    there (the north wind, nw) is a letter, not the key that opens the field."""
    from textual import events

    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        app = pilot.app
        assert app._driver is not None
        for key in ["n", *"c123", "space", *"nw"]:
            event = events.Key(key, " " if key == "space" else key)
            event.set_sender(app)
            app._driver.send_message(event)
        field = screen.query_one("#calc-notation", Input)
        for _ in range(50):
            if field.value.endswith("nw"):
                break
            await pilot.pause()
        assert field.value == "c123 nw"

    run_calc(tmp_path, body)


def test_typing_notation_and_a_syntax_error(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        await pilot.press("n")
        field = screen.query_one("#calc-notation", Input)
        assert field.has_focus
        await pilot.press("c", "1", "2", "3")
        await pilot.pause()
        assert screen.draft.text == "c123"
        field.value = "c123 [we we"
        await pilot.pause()
        assert "'[' is never closed with ']'" in status(screen)
        assert screen.draft.text == "c123"  # the last good hand stays
        field.value = "c123 c456 b234 b567 k5 +k5 self # set:trivial/trivial-003"
        await pilot.pause()
        assert isinstance(screen.scored, Scored) and screen.scored.result.total == 15
        await pilot.press("enter")
        assert screen.query_one(TilePalette).has_focus
        assert field.value == "c123456 b234567 k5 +k5 self"

    run_calc(tmp_path, body)


def test_exposing_and_kongs_from_the_hand_row(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        assert "15 tiles, 1 too many" in status(screen)  # four b8 but no kong yet
        row = screen.query_one(DraftRow)
        row.focus()
        await pilot.pause()
        row.selected = 0  # the first c1
        await pilot.press("x")
        assert screen.draft.text == "c456 b2348888 k5 [c111] +k5"
        row.selected = 0  # c4: no four copies, so no kong
        await pilot.press("k")
        assert screen.draft.text == "c456 b2348888 k5 [c111] +k5"
        row.selected = [i.tile for i in screen.draft.items()].index(T["b8"])
        await pilot.press("K")
        assert screen.draft.text == "c456 b234 k5 [c111] {b8888} +k5"
        assert isinstance(screen.scored, Scored)
        # The selection stays at its place (now the loose k5); one step right is the
        # winning tile, and removing it leaves a hand that waits for a winning tile.
        await pilot.press("right", "delete")
        assert screen.draft.text == "c456 b234 k5 [c111] {b8888}"
        assert "no winning tile yet" in status(screen)

    run_calc(tmp_path, body, "c111 c456 b234 b8888 k5 +k5")


# --------------------------------------------------------------------------- keys on a hand


def test_quiz_key_starts_a_round_on_this_hand(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        await pilot.press("q")
        app = pilot.app
        await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen)
                       and app.screen.mode == "question")
        quiz = app.screen
        assert isinstance(quiz, QuizScreen) and quiz.question is not None
        assert quiz.question.hand == parse(ISSUE_HAND)
        assert quiz.round is not None and len(quiz.round.questions) == 1

    run_calc(tmp_path, body, ISSUE_HAND)


def test_save_key_appends_to_the_users_set_file(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        await pilot.press("ctrl+s")
        await pilot.press("ctrl+s")
        await pilot.pause()

    run_calc(tmp_path, body, ISSUE_HAND)
    saved = load_set_file(tmp_path / "data" / "sets" / "my-hands.toml")
    assert [h.id for h in saved.hands] == ["my-hands-001", "my-hands-002"]
    assert saved.hands[0].hand == parse(ISSUE_HAND)


def test_share_key_copies_a_line_that_reads_back(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: CalculatorScreen) -> None:
        await pilot.press("f4")
        await pilot.pause()
        text = pilot.app.clipboard
        assert text == screen.last_shared
        assert text == ("c123456 b234567 k5 +k5 self seat:south ruleset:zung-jung "
                        "# calculator")
        shared = parse_shared(text)
        assert shared.hand == screen.draft.hand() and shared.origin == "calculator"

    run_calc(tmp_path, body, ISSUE_HAND + " seat:s ruleset:zung-jung")
