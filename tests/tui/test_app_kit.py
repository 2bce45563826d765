"""Shared pieces of the core TUI tests (this module holds no tests itself).

The hands of `SET_TEXT` have answers worked out by hand from the scoring guide:

* core-1 ``c123 c456 b234 b567 k5 +k5``: four chows and a pair, nothing exposed, won on
  a discard.  1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10.  (c1 rules out All Simples;
  no three chows run on in one suit, no suit repeats a chow.)
* core-2 ``c123 c456 b789 k2 [we we we] +k2``: an exposed pung of east.  8.1.1 Wind Pung
  5 x 1 = 5; seat and prevailing winds add nothing in mj-score-eval (R23); no dragon, so
  no All Types; the exposed pung rules out Concealed Hand.  Total 5.
* core-3 ``c123 c456 b234 b567 k5 +k6``: k5 and k6 are no pair, so no winning shape:
  an Illegal Call, 1.7 = -40 (R7, R14).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from mj_trainer.quizzes.config import Settings
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.app import TrainerApp, make_app

SET_TEXT = """\
[set]
id = "core-test"
name = "Core test hands"
description = "Three hands with answers worked out by hand."

[[hands]]
id = "core-1"
title = "Four chows"
hand = "c123 c456 b234 b567 k5 +k5"
note = "All Chows and Concealed Hand."

[[hands]]
id = "core-2"
title = "An east pung"
hand = "c123 c456 b789 k2 [we we we] +k2"
note = "One wind pung, exposed."

[[hands]]
id = "core-3"
title = "No eyes"
hand = "c123 c456 b234 b567 k5 +k6"
note = "Not a win: an Illegal Call."
"""

# Expected answers, derived in the module docstring.
CORE_1 = {"1.2": 1, "1.3": 1}
CORE_1_TOTAL = 10  # 5 + 5
CORE_2 = {"8.1.1": 1}
CORE_2_TOTAL = 5  # 5 x 1
CORE_3_TOTAL = -40  # 1.7 Illegal Call


def write_set(tmp_path: Path, text: str = SET_TEXT) -> Path:
    path = tmp_path / "core-test.toml"
    path.write_text(text, encoding="utf-8")
    return path


def fixed_clock() -> float:
    return 100.0


def app_for(tmp_path: Path, *, kinds: tuple[QuestionKind, ...] = (QuestionKind.PATTERNS,),
            length: int = 2, config_path: Path | None = None, seed: int = 7,
            **settings: object) -> TrainerApp:
    """An app on a fresh data directory, with settings in memory unless `config_path`."""
    data = tmp_path / "data"
    cfg = Settings(kinds=kinds, round_length=length).with_(**settings)
    return make_app(cfg, data_dir=data, config_path=config_path, seed=seed,
                    clock=fixed_clock, cursor_blink=False)


async def wait_for(pilot: Pilot[None], check: Callable[[], bool], timeout: float = 10.0
                   ) -> None:
    """Pause until `check()` holds (workers finishing, screens arriving)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)


def quiz_ready(app: TrainerApp) -> Callable[[], bool]:
    from mj_trainer.tui.screens.quiz import QuizScreen

    inputs = {"picker-list", "total", "pane-yesno", "pane-split"}

    def ready() -> bool:
        # The question is drawn and its input has the focus (focus moves a moment later).
        screen = app.screen
        focused = app.focused
        return (isinstance(screen, QuizScreen) and screen.mode == "question"
                and focused is not None and focused.id in inputs)

    return ready


async def type_text(pilot: Pilot[None], text: str) -> None:
    """Press the keys of `text` one by one (digits, letters, '.', '-')."""
    names = {".": "full_stop", "-": "minus", " ": "space", "+": "plus"}
    await pilot.press(*[names.get(c, c) for c in text])


async def claim(pilot: Pilot[None], pattern_id: str, count: int = 1) -> None:
    """Filter the picker to a pattern id, tick it (+) `count` times, clear the filter."""
    await type_text(pilot, pattern_id)
    for _ in range(count):
        await pilot.press("plus")
    await pilot.press("escape")
