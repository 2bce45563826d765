"""The share key (F4) in the quiz, the feedback and the reference: the line copied to
the clipboard is the line shown, names the ruleset and origin, and reads back to the
very hand on screen."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot

from mj_trainer.engine.share import parse_shared
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import OpenReference, StartRandom, StartSet
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.reference import ReferenceScreen
from mj_trainer.tui.share_key import example_origin, origin_of
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for


def _run(app: TrainerApp, body: object) -> None:
    async def go() -> None:
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await body(pilot)  # type: ignore[operator]

    asyncio.run(go())


def _quiz(app: TrainerApp) -> QuizScreen:
    screen = app.screen
    assert isinstance(screen, QuizScreen)
    return screen


def test_share_in_a_curated_question_and_its_feedback(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=1)

    async def body(pilot: Pilot[None]) -> None:
        app.post_message(StartSet("trivial", resume=False))
        await wait_for(pilot, quiz_ready(app))
        quiz = _quiz(app)
        q = quiz.question
        assert q is not None
        await pilot.press("f4")
        text = app.clipboard
        assert text == quiz.last_shared
        assert text.endswith(f"# set:trivial/{q.hand_id}")
        shared = parse_shared(text)
        assert shared.hand == q.hand and shared.hand.ruleset == q.ruleset.id
        await pilot.press("f3")  # skip: the feedback is shown
        await wait_for(pilot, lambda: quiz.mode == "feedback")
        app.copy_to_clipboard("")
        await pilot.press("f4")
        assert parse_shared(app.clipboard).hand == q.hand

    _run(app, body)


def test_share_of_a_generated_hand_names_the_seed(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=1)

    async def body(pilot: Pilot[None]) -> None:
        app.post_message(StartRandom(difficulty="easy"))
        await wait_for(pilot, quiz_ready(app))
        quiz = _quiz(app)
        q = quiz.question
        assert q is not None and quiz.round is not None
        await pilot.press("f4")
        seed = getattr(quiz.round.source, "seed", None)
        assert isinstance(seed, int)
        assert f"# seed:{seed} question:1 {q.hand_id}" in app.clipboard
        assert parse_shared(app.clipboard).hand == q.hand

    _run(app, body)


def test_share_of_a_reference_example(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def body(pilot: Pilot[None]) -> None:
        app.post_message(OpenReference("8.1.3"))
        await wait_for(pilot, lambda: isinstance(app.screen, ReferenceScreen)
                       and app.screen.example is not None)
        screen = app.screen
        assert isinstance(screen, ReferenceScreen) and screen.example is not None
        await pilot.press("f4")
        shared = parse_shared(app.clipboard)
        example = screen.example
        assert shared.hand == replace(example.hand, ruleset=example.result.ruleset.id)
        assert shared.origin.startswith("set:")

    _run(app, body)


def test_origins() -> None:
    class Item:
        def __init__(self, hand_id: str, source: str) -> None:
            self.id, self.source = hand_id, source

    class Source:
        seed = 41

    assert origin_of(Item("families-003", "families")) == "set:families/families-003"
    assert origin_of(Item("gen-0123456789", "random"), Source(), 3) == (
        "seed:41 question:3 gen-0123456789")
    assert origin_of(Item("calc-1", "calculator")) == "calculator"
    assert example_origin("set trivial, hand trivial-003") == "set:trivial/trivial-003"
    assert example_origin("generated (seed 20240)") == "seed:20240"
