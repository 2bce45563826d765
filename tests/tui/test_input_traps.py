"""The input traps of issue 11, each with the key sequence that used to go wrong.

* ``l i t t l e space t h r e e space d`` in the pattern filter ticked whatever was
  highlighted at each space; now the space is part of the filter and ``+`` ticks.
* ``p a i r`` under classical listed every pung (category 1 is "Points for Sets and
  Pairs"); the filter now looks at pattern names and ids only.
* ``/ l i t t l e space d r a g o n s`` in the reference found nothing (the words had
  to be in the name's order); ``/ z z z`` left the last page in the details pane.
* ``tab 1 0`` typed in one burst put "10" in the pattern filter, not the total: the
  focus moved only after the keys had been delivered.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mj_trainer.engine.ruleset import Pattern, builtin_names, load
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.pattern_search import pattern_matches, text_matches
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.reference import Entry, ReferenceScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import app_for, quiz_ready, type_text, wait_for, write_set
from tests.tui.test_quiz_classical import classical_set

ALL_PATTERNS = [(name, p) for name in builtin_names() for p in load(name).patterns]


def _burst(app: TrainerApp, keys: list[str]) -> None:
    """Hand `keys` to the driver at once, as a terminal delivers a fast typist's keys."""
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)


def _shown(picker: PatternPicker) -> set[str]:
    return {p.id for p in picker._rows if p is not None}


async def _start(pilot: Pilot[None], app: TrainerApp, set_path: Path) -> QuizScreen:
    app.post_message(StartSet(str(set_path), resume=False))
    await wait_for(pilot, quiz_ready(app))
    screen = app.screen
    assert isinstance(screen, QuizScreen)
    return screen


# --------------------------------------------------------------------- the matcher


_SHUFFLED = st.sampled_from(ALL_PATTERNS).flatmap(
    lambda case: st.tuples(st.just(case[1]), st.permutations(case[1].name.split())))


@settings(max_examples=60, deadline=None)
@given(_SHUFFLED)
def test_a_pattern_is_found_by_its_name_words_in_any_order(
        case: tuple[Pattern, list[str]]) -> None:
    pattern, words = case
    assert pattern_matches(pattern, " ".join(words))
    assert pattern_matches(pattern, pattern.name.upper())
    assert pattern_matches(pattern, pattern.id)


@settings(max_examples=60, deadline=None)
@given(_SHUFFLED, st.integers(min_value=1, max_value=6))
def test_a_prefix_of_each_word_is_enough(case: tuple[Pattern, list[str]], cut: int) -> None:
    pattern, words = case
    assert pattern_matches(pattern, " ".join(w[:cut] for w in words))


def test_words_must_all_be_found() -> None:
    rules = load("mj-score-eval")
    little = rules.pattern("8.2.2")
    assert little.name == "Little Three Dragons"
    assert pattern_matches(little, "dragons little")
    assert pattern_matches(little, "little three d")
    assert not pattern_matches(little, "little winds")
    assert not text_matches("zzz", "Little Three Dragons")


# --------------------------------------------------------------------- the picker


def test_a_space_is_part_of_the_filter_and_plus_ticks(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            quiz = await _start(pilot, app, write_set(tmp_path))
            picker = quiz.query_one(PatternPicker)
            await pilot.press("space")  # before any filter: nothing ticked, + explained
            assert picker.claims() == {}
            assert picker.filter_text == ""
            note = str(quiz.query_one("#picker-filter", Static).render())
            assert "+ ticks" in note
            await type_text(pilot, "little three d")
            assert picker.filter_text == "little three d"
            assert picker.claims() == {}
            assert _shown(picker) == {"8.2.2"}
            await pilot.press("plus")
            assert picker.claims() == {"8.2.2": 1}
            await pilot.press("minus")
            assert picker.claims() == {}
            await pilot.press("asterisk")
            assert picker.claims() == {"8.2.2": 1}
            # the key that ticks is in the footer
            keys = {(b.binding.key, b.binding.description)
                    for b in app.screen.active_bindings.values() if b.binding.show}
            assert ("plus", "Tick") in keys

    asyncio.run(body())


def test_escape_in_the_footer_says_what_it_does_to_a_filter(tmp_path: Path) -> None:
    """While a filter is typed, escape clears it, and the footer says so (it said "End
    round"); once cleared, escape ends the round again."""
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(80, 24)) as pilot:
            quiz = await _start(pilot, app, write_set(tmp_path))
            picker = quiz.query_one(PatternPicker)

            def escape_says() -> str:
                active = app.screen.active_bindings["escape"]
                return str(active.binding.description)

            assert escape_says() == "End round"
            await type_text(pilot, "wind")
            await pilot.pause()
            assert escape_says() == "Clear filter"
            await pilot.press("escape")
            await pilot.pause()
            assert picker.filter_text == "" and app.screen is quiz
            assert escape_says() == "End round"

    asyncio.run(body())


def test_the_filter_does_not_match_category_names(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1, ruleset="classical")
        async with app.run_test(size=(100, 32)) as pilot:
            quiz = await _start(pilot, app, classical_set(tmp_path))
            picker = quiz.query_one(PatternPicker)
            await type_text(pilot, "pair")
            names = {p.name for p in picker._rows if p is not None}
            # category 1 is "Points for Sets and Pairs": its pungs are not listed
            assert names == {"Pair of Dragons", "Pair of Own Wind",
                             "Pair of Prevailing Wind", "Completing the Pair"}

    asyncio.run(body())


def test_keys_typed_straight_after_tab_reach_the_total(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1)
        async with app.run_test(size=(100, 32)) as pilot:
            quiz = await _start(pilot, app, write_set(tmp_path))
            _burst(app, ["tab", "1", "0"])
            await wait_for(pilot, lambda: quiz.query_one("#total", Input).value == "10")
            assert quiz.query_one(PatternPicker).filter_text == ""
            _burst(app, ["shift+tab", "1", "."])
            await wait_for(pilot, lambda: quiz.query_one(PatternPicker).filter_text == "1.")
            assert quiz.query_one("#total", Input).value == "10"

    asyncio.run(body())


def test_under_classical_tab_goes_through_points_doublings_and_total(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=1, ruleset="classical")
        async with app.run_test(size=(100, 32)) as pilot:
            quiz = await _start(pilot, app, classical_set(tmp_path))
            _burst(app, ["tab", "2", "4", "tab", "1", "tab", "4", "8"])
            await wait_for(pilot, lambda: quiz.query_one("#total", Input).value == "48")
            assert quiz.query_one("#points", Input).value == "24"
            assert quiz.query_one("#doubles", Input).value == "1"

    asyncio.run(body())


# --------------------------------------------------------------------- the reference


def test_keys_typed_straight_after_slash_reach_the_reference_search(tmp_path: Path) -> None:
    async def body() -> None:
        from mj_trainer.tui.messages import OpenReference

        app = app_for(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            app.post_message(OpenReference("1.2"))
            await wait_for(pilot, lambda: isinstance(app.screen, ReferenceScreen))
            await pilot.pause()
            _burst(app, ["slash", *"nine"])
            search = app.screen.query_one("#ref-search", Input)
            await wait_for(pilot, lambda: search.value == "nine")
            assert search.has_focus

    asyncio.run(body())


def test_reference_search_words_in_any_order_and_nothing_found(tmp_path: Path) -> None:
    async def body() -> None:
        from mj_trainer.tui.messages import OpenReference

        app = app_for(tmp_path)
        async with app.run_test(size=(100, 32)) as pilot:
            app.post_message(OpenReference("1.2"))
            await wait_for(pilot, lambda: isinstance(app.screen, ReferenceScreen))
            screen = app.screen
            assert isinstance(screen, ReferenceScreen)
            await pilot.press("slash", *"little", "space", *"dragons")
            await pilot.pause()
            shown = {e.key for e in screen._entry_nodes if e.kind == "pattern"}
            assert shown == {"8.2.2"}
            assert screen.current == Entry("pattern", "8.2.2")
            await pilot.press("space", *"zzz")
            await pilot.pause()
            title = str(screen.query_one("#ref-title", Static).render())
            assert title == "Nothing matches little dragons zzz"
            assert screen.current is None
            assert not screen.query_one("#ref-example").display
            assert str(screen.query_one("#ref-family", Static).render()) == ""
            await pilot.press("escape")  # clears the search: the last page comes back
            await pilot.pause()
            assert screen.current == Entry("pattern", "8.2.2")

    asyncio.run(body())
