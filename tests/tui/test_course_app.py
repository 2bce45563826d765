"""The course in the app (issue 22): the lesson page teaches from the course's one home
for words, the glossary reads the same texts, split questions are answered by picking
each set's tiles, given patterns stand ticked and dimmed, and a drill's summary offers
the next step; snapshots of the new screens."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.course import (
    LessonStatus,
    course,
    definitions,
    glossary,
    lesson,
    term_text,
    worked_hands,
)
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.tui.screens.course import CourseScreen, LessonScreen, PatternChoice
from mj_trainer.tui.screens.glossary import GlossaryScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.reference import ReferenceScreen
from mj_trainer.tui.screens.summary import SummaryScreen
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.feedback import FeedbackView
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from mj_trainer.tui.widgets.split_picker import SplitPicker
from tests.tui.test_app_kit import app_for, quiz_ready, wait_for

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]
RULES = load("mj-score-eval")


async def _home_ready(pilot: Pilot[None]) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)


async def _open_lesson(pilot: Pilot[None], lesson_id: str) -> LessonScreen:
    app = pilot.app
    await _home_ready(pilot)
    await pilot.press("l")
    await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
    ids = [one.id for one in course(RULES)]
    await pilot.press(*(["down"] * ids.index(lesson_id)), "enter")
    await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
    screen = app.screen
    assert isinstance(screen, LessonScreen) and screen.lesson.id == lesson_id
    return screen


def _text(screen: LessonScreen, widget_id: str) -> str:
    from rich.console import Console

    content = screen.query_one(widget_id, Static).content
    if isinstance(content, Content):
        return content.plain
    console = Console(width=200, record=True)
    console.print(content)
    return console.export_text()


def test_the_lesson_page_teaches_from_the_one_home(tmp_path: Path) -> None:
    """Definitions are the patterns' descriptions, words are the glossary's, and each
    worked hand shows its arithmetic and what did not count and why (lesson 2.2: the
    family rule, so outranked patterns are listed)."""
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            page = await _open_lesson(pilot, "2.2")
            one = lesson(RULES, "2.2")
            shown = " ".join(_text(page, "#lesson-patterns").split())
            for pid, text in definitions(RULES, one).items():
                assert f"({pid})" in shown and " ".join(text.split()) in shown
            words = " ".join(_text(page, "#lesson-words").split())
            for term in one.terms:
                word, text = term_text(RULES, term)
                assert f"{word}: {' '.join(text.split())}" in words
            hands = worked_hands(RULES, one)
            assert any(w.not_counted for w in hands)
            for k, w in enumerate(hands, start=1):
                drawn = " ".join(_text(page, f"#lesson-hand-{k}").split())
                assert f"Total: {w.arithmetic}" in drawn
                for pid, why in w.not_counted:
                    assert f"({pid}): {' '.join(why.split())}" in drawn
                for pid in w.given:
                    assert "taught later" in drawn and f"({pid})" in drawn

    asyncio.run(body())


def test_a_pattern_of_the_page_opens_its_reference_entry(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            page = await _open_lesson(pilot, "2.2")
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, PatternChoice))
            assert page.page_patterns()[:2] == ["2.1", "2.2.1"]
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ReferenceScreen))
            ref = app.screen
            assert isinstance(ref, ReferenceScreen)
            await wait_for(pilot, lambda: ref.current is not None
                           and ref.current.key == "2.2.1")
            # and the reference opens the glossary at the same pattern, with its text
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, GlossaryScreen))
            gloss = app.screen
            assert isinstance(gloss, GlossaryScreen)
            assert gloss.current is not None and gloss.current.id == "pattern:2.2.1"
            shown = str(gloss.query_one("#glossary-text", Static).render())
            assert RULES.by_id()["2.2.1"].description.split(".")[0] in shown

    asyncio.run(body())


def test_the_glossary_opens_from_a_lesson_and_searches(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_lesson(pilot, "1.1")
            await pilot.press("g")
            await wait_for(pilot, lambda: isinstance(app.screen, GlossaryScreen))
            gloss = app.screen
            assert isinstance(gloss, GlossaryScreen)
            first = lesson(RULES, "1.1").terms[0]
            assert gloss.current is not None and gloss.current.id == first
            assert len([e for e in gloss.rows if e is not None]) == len(glossary(RULES))
            await pilot.press("slash", *"white dragon")
            await wait_for(pilot, lambda: gloss.current is not None
                           and gloss.current.id == "dragon")
            # every entry left names both words; "dragon" (word match) comes first
            assert all("white" in f"{e.word} {e.text}".lower() for e in gloss.rows if e)
            await pilot.press("escape")  # clears the search first
            assert len([e for e in gloss.rows if e is not None]) == len(glossary(RULES))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))

    asyncio.run(body())


def test_a_split_question_is_read_set_by_set(tmp_path: Path) -> None:
    """A reading lesson asks split questions: the tiles of each set are picked in turn
    (keys), a wrong reading is told with one that works, and a right one is right."""
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_lesson(pilot, "1.1")
            await pilot.press("d")
            await wait_for(pilot, quiz_ready(app), timeout=30)
            quiz = app.screen
            assert isinstance(quiz, QuizScreen) and quiz.round is not None
            q = quiz.round.current
            assert q is not None and q.kind is QuestionKind.SPLIT
            split = quiz.query_one(SplitPicker)
            assert split.has_focus and not split.done
            # space picks the tile under the cursor, right moves, enter makes the set
            await pilot.press("space", "right", "space", "enter")
            assert len(split.sets) == len(q.hand.melds) + 1 and not split.done
            assert len(split.sets[-1]) == 2
            await pilot.press("backspace")  # takes it back
            assert len(split.sets) == len(q.hand.melds) and not split.used
            # every tile a set of its own: a reading, but a wrong one
            for _ in split.row:
                await pilot.press("space", "enter")
            assert split.done
            await pilot.press("enter")
            await wait_for(pilot, lambda: quiz.mode == "feedback")
            grade = quiz.last_grade
            assert grade is not None and not grade.correct
            lines = [ln.content.plain for ln in quiz.query_one(FeedbackView).lines]
            assert any(line.startswith("✘ Your reading: 1) ") for line in lines)
            assert any("One reading that works" in line for line in lines)

    asyncio.run(body())


def test_given_patterns_stand_ticked_and_dimmed(tmp_path: Path) -> None:
    """In a category drill a pattern taught later that counts is ticked, locked and
    not a claim; the rest outside the scope is dimmed."""
    app = app_for(tmp_path, seed=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_lesson(pilot, "2.2")
            await pilot.press("d")
            seen_given = False
            for _ in range(6):
                await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen)
                               or quiz_ready(app)(), timeout=30)
                quiz = app.screen
                if not isinstance(quiz, QuizScreen):
                    break
                assert quiz.round is not None and quiz.round.current is not None
                q = quiz.round.current
                if q.kind is QuestionKind.PATTERNS:
                    picker = quiz.query_one(PatternPicker)
                    assert picker.scope == q.scope
                    assert picker.given == {h.pattern.id: (h.count, h.points)
                                            for h in q.given}
                    assert not set(picker.claims()) & set(picker.given)
                    for h in q.given:
                        seen_given = True
                        picker.highlight(h.pattern.id)
                        await pilot.press("plus")  # locked: stays as it was
                        assert picker.given[h.pattern.id] == (h.count, h.points)
                        assert h.pattern.id not in picker.claims()
                await pilot.press("f3")
                await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
                await pilot.press("enter")
            assert seen_given

    asyncio.run(body())


def test_a_failed_drill_offers_to_retry_or_reread(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _open_lesson(pilot, "2.1")
            await pilot.press("d")
            while not isinstance(app.screen, SummaryScreen):
                await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen)
                               or quiz_ready(app)(), timeout=30)
                if isinstance(app.screen, SummaryScreen):
                    break
                await pilot.press("f3")  # skipped: no credit
                await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
                await pilot.press("enter")
            summary = app.screen
            assert isinstance(summary, SummaryScreen) and not summary.drill_passed
            keys = str(summary.query_one("#summary-keys", Static).render())
            assert "retries the drill" in keys and "re-reads lesson 2.1" in keys
            assert "back to the course" in keys
            await pilot.press("l")  # re-read: the lesson's page, over the course
            await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
            assert app.screen.lesson.id == "2.1"  # type: ignore[attr-defined]
            assert isinstance(app.screen_stack[-2], CourseScreen)
            status = dict((one.id, st) for one, st in app.screen_stack[-2].lessons)
            assert status["2.1"] is not LessonStatus.PASSED

    asyncio.run(body())


def test_escape_after_a_drill_returns_to_the_course(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await _home_ready(pilot)
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
            await pilot.press("down", "down", "down", "d")  # drill 2.1 from the list
            await wait_for(pilot, quiz_ready(app), timeout=30)
            await pilot.press("f3")
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            await pilot.press("escape")  # end the round early: confirm
            await pilot.pause()
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
            assert sum(isinstance(s, CourseScreen) for s in app.screen_stack) == 1

    asyncio.run(body())


def test_split_answer_of_a_hand_with_melds_keeps_them_as_sets() -> None:
    from mj_trainer.engine.notation import parse

    picker = SplitPicker()
    picker.load(parse("c123 b456 dr dr dr we +we [k789]"), ask_winning=True,
                style=TileStyle.TEXT)
    assert picker.sets == [tuple(parse("c123 b456 dr dr dr we +we [k789]").melds[0].tiles)]
    picker.set_answer(SplitAnswer((("k7", "k8", "k9"), ("c1", "c2", "c3"), ("b4", "b5", "b6"),
                                   ("dr", "dr", "dr"), ("we", "we")), winning=4))
    assert picker.done
    answer = picker.answer()
    assert answer.sets[0] == ("k7", "k8", "k9") and answer.winning == 4
    picker.take_back(0)  # a declared meld never goes back into the row
    assert picker.done


# ---- snapshots of the new screens


@pytest.mark.parametrize("size", SIZES)
def test_glossary_screen(snap_compare: SnapCompare, tmp_path: Path,
                         size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await _open_lesson(pilot, "1.1")
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, GlossaryScreen))
        await pilot.press("down", "down", "down", "down")  # dragon
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_split_question(snap_compare: SnapCompare, tmp_path: Path,
                        size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await _open_lesson(pilot, "1.1")
        await pilot.press("d")
        await wait_for(pilot, quiz_ready(app), timeout=30)
        await pilot.press("space", "right", "space", "right", "space", "enter",
                          "space", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_tiles_lesson_page(snap_compare: SnapCompare, tmp_path: Path,
                           size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        page = await _open_lesson(pilot, "1.1")
        page.query_one("#lesson-tiles").scroll_visible(top=True, animate=False)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_worked_hand_with_what_did_not_count(snap_compare: SnapCompare, tmp_path: Path,
                                             size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        page = await _open_lesson(pilot, "2.2")
        page.query_one("#lesson-hand-3").scroll_visible(top=True, animate=False)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)


@pytest.mark.parametrize("size", SIZES)
def test_drill_summary_offers_the_next_step(snap_compare: SnapCompare, tmp_path: Path,
                                            size: tuple[int, int]) -> None:
    app = app_for(tmp_path)

    async def run(pilot: Pilot[None]) -> None:
        await _open_lesson(pilot, "2.1")
        await pilot.press("d")
        while not isinstance(app.screen, SummaryScreen):
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen)
                           or quiz_ready(app)(), timeout=30)
            if isinstance(app.screen, SummaryScreen):
                break
            await pilot.press("f3")
            await wait_for(pilot, lambda: getattr(app.screen, "mode", "") == "feedback")
            await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run)
