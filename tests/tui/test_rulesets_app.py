"""The app under every ruleset: a house-rules file chosen in settings and used by the
quiz, statistics and review kept per ruleset, and the reference's examples."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Static

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.config import ConfigFile
from mj_trainer.quizzes.examples import curated_examples
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.rulesets import check_ruleset, lineage
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.settings import SettingsScreen
from mj_trainer.tui.screens.stats import StatsScreen
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from tests.tui.test_app_kit import CORE_1, app_for, quiz_ready, wait_for, write_set

# A club that pays 8 for All Chows (1.2) instead of the default 5.
HOUSE = """\
[ruleset]
id = "test-club"
name = "Test club"
extends = "mj-score-eval"

[patterns."1.2"]
value = 8
"""

BROKEN = """\
[ruleset]
id = "broken-club"
extends = "mj-score-eval"

[patterns."5.9"]
value = 3
"""


def _text(widget: Static) -> str:
    return str(widget.render())


def test_house_rules_chosen_in_settings_are_saved_and_used_by_the_quiz(tmp_path: Path
                                                                       ) -> None:
    house = tmp_path / "house.toml"
    house.write_text(HOUSE, encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(BROKEN, encoding="utf-8")
    config = tmp_path / "config.toml"

    async def body() -> None:
        app = app_for(tmp_path, length=1, config_path=config)
        async with app.run_test(size=(100, 32)) as pilot:
            app.open_settings()
            await pilot.pause()
            settings = app.screen
            assert isinstance(settings, SettingsScreen)
            # A file with a mistake: every problem is listed, nothing changes.
            assert not settings.use_house_rules(str(broken))
            status = _text(settings.query_one("#house-status", Static))
            assert "cannot be used" in status and "5.9" in status
            assert app.settings.ruleset == "mj-score-eval"
            # The good file, typed and entered.
            field = settings.query_one("#house-path", Input)
            field.value = str(house)
            field.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert app.settings.ruleset == str(house)
            assert app.ruleset.id == "test-club"
            assert "Test club" in _text(settings.query_one("#house-status", Static))
            await pilot.press("escape")
            await pilot.pause()
            # The set's hands are of the default ruleset, which the house file extends,
            # so they are scored under the house rules: 1.2 All Chows 8 + 1.3 Concealed
            # Hand 5 = 13 for core-1.
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            assert quiz.question is not None and quiz.question.ruleset.id == "test-club"
            quiz.query_one(PatternPicker).set_claims(CORE_1)
            quiz.query_one("#total", Input).value = "13"
            quiz.query_one(PatternPicker).option_list.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert quiz.last_grade is not None and quiz.last_grade.correct

    asyncio.run(body())
    # The saved config keeps the path.
    assert ConfigFile.load(config).settings.ruleset == str(house)


def test_check_ruleset_reports_missing_files_and_every_problem(tmp_path: Path) -> None:
    missing = check_ruleset(str(tmp_path / "nope.toml"))
    assert not missing.ok and "no such file" in missing.problems[0]
    broken = tmp_path / "broken.toml"
    broken.write_text(BROKEN, encoding="utf-8")
    checked = check_ruleset(str(broken))
    assert not checked.ok and any("5.9" in p for p in checked.problems)
    house = tmp_path / "house.toml"
    house.write_text(HOUSE, encoding="utf-8")
    rules = check_ruleset(str(house)).rules
    assert rules is not None
    assert lineage(rules) == ("test-club", "mj-score-eval")
    assert lineage(load("classical")) == ("classical",)


def _play(store: ProgressStore, ruleset: str, text: str, answer: PatternsAnswer) -> None:
    hand = QuizHand.from_notation(f"h-{ruleset}", text)
    rnd = Round(ListSource([hand]), RoundSettings(length=1, seed=1, ruleset=ruleset),
                recorder=store)
    rnd.answer(answer)
    rnd.finish()


def test_stats_are_per_ruleset_and_switch_with_r(tmp_path: Path) -> None:
    store = ProgressStore.open(tmp_path)
    # Default ruleset, c123 c456 b234 b567 k5 +k5: All Chows 5 + Concealed Hand 5 = 10;
    # answered right.
    _play(store, "mj-score-eval", "c123 c456 b234 b567 k5 +k5",
          PatternsAnswer.of(["1.2", "1.3"], total=10))
    # Classical, b456 k678 c99 c23 [dr dr dr] +c4: Mahjong 20 + Exposed Pung of Majors 4
    # = 24, Pung of Dragons one doubling: 48.  Answered with only Mahjong: wrong.
    _play(store, "classical", "b456 k678 c99 c23 [dr dr dr] +c4",
          PatternsAnswer.of(["2.1"], total=20, points=20, doubles=0))

    async def body() -> None:
        from textual.app import App

        class Host(App[None]):
            def on_mount(self) -> None:
                self.push_screen(StatsScreen(store, load("mj-score-eval")))

        app = Host()
        async with app.run_test(size=(100, 32)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            summary = _text(screen.query_one("#stats-summary", Static))
            assert summary.startswith("mj-score-eval · 1 round · 1 answer · 100% right")
            assert screen.data is not None
            assert screen.data.rulesets == ("classical", "mj-score-eval")
            assert {r.ref for r in screen.data.patterns} == {"1.2", "1.3"}
            await pilot.press("r")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.ruleset.id == "classical"
            summary = _text(screen.query_one("#stats-summary", Static))
            assert summary.startswith("classical · 1 round · 1 answer · 0% right")
            names = {r.ref: r.name for r in screen.data.patterns}
            # 1.3 is the classical Exposed Pung of Majors, missed here
            assert names["1.3"] == "Exposed Pung of Majors"
            assert "1.3" in {r.ref for r in screen.data.missed}
            await pilot.press("r")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.ruleset.id == "mj-score-eval"

    try:
        asyncio.run(body())
    finally:
        store.close()


def test_reference_examples_come_from_hands_of_the_ruleset_shown() -> None:
    chows = "c123 c456 b234 b567 k5 +k5"
    pool = [QuizHand("default", parse(chows), "default"),
            QuizHand("classical", parse(chows + " ruleset:classical"), "classical")]
    # Classical 5.1 All Chows is one doubling; only the classical hand may show it.
    found = curated_examples(load("classical"), "5.1", pool)
    assert [e.title for e in found] == ["classical"]
    # The default ruleset's 1.2 All Chows: only the default hand.
    assert [e.title for e in curated_examples(load(), "1.2", pool)] == ["default"]
