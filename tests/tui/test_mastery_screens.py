"""Mastery in the app: the stats screen's Mastery tab (per category and family, the
weakest patterns and the key that drills them), the desired retention on the settings
screen (checked as typed, saved, used at once), and the "auto" level of quick rounds
(easy until the first lessons are passed; a level chosen is kept)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, RadioButton, Static, TabbedContent

from mj_trainer.quizzes.config import ConfigFile, Settings
from mj_trainer.quizzes.course import FIRST_LESSONS, course, record_pass
from mj_trainer.quizzes.mastery import Status, mastery
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.session import DRILL_TITLE
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.messages import StartReview
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from mj_trainer.tui.screens.stats import StatsScreen, level_bar
from tests.tui.test_app_kit import app_for, quiz_ready, type_text, wait_for
from tests.tui.test_settings import _open_settings
from tests.tui.test_stats_screen import LATER, Host, column, filled_store, play

# --------------------------------------------------------------------------- stats


def _run_stats(tmp_path: Path, body: Callable[[Pilot[None], StatsScreen], object],
               size: tuple[int, int] = (100, 32)) -> None:
    async def main() -> None:
        with filled_store(tmp_path) as store:
            host = Host(store)
            async with host.run_test(size=size) as pilot:
                await pilot.app.workers.wait_for_complete()
                await pilot.pause()
                screen = host.screen
                assert isinstance(screen, StatsScreen)
                result = body(pilot, screen)
                if asyncio.iscoroutine(result):
                    await result

    asyncio.run(main())


def test_level_bar_reads_without_colours() -> None:
    assert level_bar(0.0) == "░" * 8 and level_bar(1.0) == "█" * 8
    assert level_bar(0.5) == "████░░░░" and level_bar(2.0) == "█" * 8


def test_the_mastery_tab_groups_patterns_with_their_level(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        await pilot.press("7")
        assert screen.query_one("#stats-tabs", TabbedContent).active == "mastery"
        table = screen.query_one("#stats-mastery", DataTable)
        assert table.has_focus
        names = column(table, 0)
        statuses = column(table, 2)
        # The first category, then its patterns, each with its mastery.
        assert names[0] == "1 Trivial Patterns" and statuses[0] == "1/7 known"
        assert names[1] == "  1.1 Chicken Hand" and statuses[1] == "new"
        rows = dict(zip(names, statuses, strict=True))
        # 1.2 was right in both rounds, a day apart; 1.3 and 1.4 were missed in the last.
        assert rows["  1.2 All Chows"] == "known ✔"
        # Missed last time: on the bottom rung, said in words, not as a percentage.
        assert rows["  1.3 Concealed Hand"] == "not yet"
        assert rows["  1.4 Self Drawn"] == "not yet"
        assert column(table, 3)[names.index("  1.3 Concealed Hand")] == "due now"
        assert sum(1 for n in names if not n.startswith(" ")) == len(screen.ruleset.categories)
        assert "known 1 of 70" in str(table.border_title)
        # g groups by family instead: 8.1 Winds holds 8.1.1 .. 8.1.4.
        await pilot.press("g")
        names = column(table, 0)
        assert f"8.1 {screen.ruleset.family_name('8.1')}" in names
        assert names.index("  8.1.1 Wind Pung") == names.index(
            f"8.1 {screen.ruleset.family_name('8.1')}") + 1
        assert "g: by category" in str(table.border_title)

    _run_stats(tmp_path, body)


def test_the_weakest_are_listed_and_w_drills_them(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        await pilot.press("m")
        weak = screen.query_one("#stats-weakest", DataTable)
        ids = column(weak, 0)
        # Met and not known, lowest level first: the two patterns missed last time
        # (1.2, right both times, is known).
        assert sorted(ids) == ["1.3", "1.4"]
        steps = [(m.step, -m.outcomes.mistakes) for m in screen.weakest()]
        assert steps == sorted(steps)  # the lowest rung first, then the most mistakes
        assert screen.check_action("drill_weakest", ()) is True
        await pilot.press("w")
        await pilot.pause()
        assert pilot.app.posted == [StartReview(patterns=tuple(ids))]  # type: ignore[attr-defined]

    _run_stats(tmp_path, body)


def test_the_drill_key_is_dimmed_when_nothing_is_weak(tmp_path: Path) -> None:
    async def main() -> None:
        with filled_store(tmp_path) as store:
            host = Host(store)
            async with host.run_test(size=(100, 32)) as pilot:
                await pilot.app.workers.wait_for_complete()
                await pilot.pause()
                screen = host.screen
                assert isinstance(screen, StatsScreen)
                await pilot.press("m")  # the Mastery tab, made when first shown
                screen.mastery = [m for m in screen.mastery if m.status is not Status.LEARNING]
                screen._fill_mastery()
                assert screen.check_action("drill_weakest", ()) is None
                assert column(screen.query_one("#stats-weakest", DataTable), 2) == [
                    "none yet: play a round"]
                await pilot.press("w")
                await pilot.pause()
                assert host.posted == []

    asyncio.run(main())


def test_w_on_the_stats_screen_plays_a_drill_that_is_recorded(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=3)
        async with app.run_test(size=(100, 32)) as pilot:
            store = app.store
            assert store is not None
            play(store, LATER, PatternsAnswer.of(["1.2"], total=5))  # 1.3, 1.4 missed
            await pilot.pause()
            await pilot.press("t")
            await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen)
                           and app.screen.data is not None)
            await pilot.press("m", "w")
            await wait_for(pilot, quiz_ready(app), timeout=30)
            quiz = app.screen
            assert isinstance(quiz, QuizScreen) and quiz.round is not None
            assert quiz.plan.title == DRILL_TITLE
            weak = {m.pattern.id for m in mastery(store, app.ruleset)
                    if m.status is Status.LEARNING}
            for q in quiz.round.questions:
                assert q.item.focus in weak
                assert q.item.focus in {h.pattern.id for h in q.result.counted}
            assert store.rounds()[0].source_name == "review"

    asyncio.run(body())


# --------------------------------------------------------------------------- settings


def test_retention_is_checked_as_typed_saved_and_used_at_once(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"

    async def body() -> None:
        app = app_for(tmp_path, config_path=path)
        async with app.run_test(size=(100, 40)) as pilot:
            store = app.store
            assert store is not None
            screen = await _open_settings(pilot, app)
            field = screen.query_one("#retention", Input)
            note = screen.query_one("#retention-note", Static)
            assert field.value == "0.9"
            field.focus()
            await pilot.press("end", "backspace", "backspace", "backspace")
            await type_text(pilot, "0.5")
            await pilot.pause()
            assert "choose from 0.7 to 0.99" in str(note.render())
            assert app.settings.desired_retention == 0.9  # a wrong value is not used
            assert store.reviewer.scheduler.desired_retention == 0.9
            await pilot.press("backspace", "backspace", "backspace")
            await type_text(pilot, "80")
            await pilot.pause()
            assert "choose" not in str(note.render())
            assert app.settings.desired_retention == 0.8
            # Review and mastery use it now, not at the next start.
            assert store.reviewer.scheduler.desired_retention == 0.8
            play(store, LATER, PatternsAnswer.of(["1.2", "1.3", "1.4"], total=15))
            assert mastery(store, app.ruleset)[0].pattern.id == "1.1"
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))

    asyncio.run(body())
    assert ConfigFile.load(path).settings.desired_retention == 0.8


def test_retention_changes_whether_a_pattern_counts_as_known(tmp_path: Path) -> None:
    from datetime import timedelta

    from mj_trainer.engine.ruleset import load
    from mj_trainer.quizzes.review import Reviewer
    from mj_trainer.quizzes.store import ProgressStore

    rules = load()
    with ProgressStore.open(tmp_path) as store:
        when = LATER
        for _ in range(4):
            play(store, when, PatternsAnswer.of(["1.2", "1.3", "1.4"], total=15))
            when += timedelta(days=4)

        def level(moment: object) -> float:
            return next(m for m in mastery(store, rules, moment)  # type: ignore[arg-type]
                        if m.pattern.id == "1.2").level

        # Weeks later the model's recall has faded to between the two retentions.
        moment = next(when + timedelta(days=d) for d in range(1, 400)
                      if 0.7 <= level(when + timedelta(days=d)) < 0.99)
        known = {}
        for retention in (0.7, 0.99):
            store.reviewer = Reviewer.with_retention(retention)
            known[retention] = next(m for m in mastery(store, rules, moment)
                                    if m.pattern.id == "1.2").known
        assert known == {0.7: True, 0.99: False}


def test_the_difficulty_radio_offers_auto_and_a_choice_ends_it(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            screen = await _open_settings(pilot, app)
            auto = screen.query_one("#difficulty-auto", RadioButton)
            assert auto.value
            assert "easy until 3 lessons" in str(
                screen.query_one("#difficulty-note", Static).render())
            screen.query_one("#difficulty-medium", RadioButton).value = True
            await pilot.pause()
            assert app.settings.difficulty == "medium" and not app.settings.easy_start
            screen.query_one("#difficulty-auto", RadioButton).value = True
            await pilot.pause()
            assert app.settings.auto_difficulty
            screen.query_one("#difficulty-hard", RadioButton).value = True
            await pilot.pause()
            assert (app.settings.difficulty, app.settings.easy_start) == ("hard", False)

    asyncio.run(body())


# --------------------------------------------------------------------------- home


async def _home(pilot: Pilot[None], app: TrainerApp) -> HomeScreen:
    await wait_for(pilot, lambda: getattr(app.screen, "stats", None) is not None)
    home = app.screen
    assert isinstance(home, HomeScreen)
    return home


def test_a_new_learner_plays_easy_until_the_first_lessons_are_passed(tmp_path: Path) -> None:
    async def body() -> None:
        app = app_for(tmp_path, length=2)
        async with app.run_test(size=(80, 24)) as pilot:
            home = await _home(pilot, app)
            assert home._description("quick") == (
                f"auto (d): easy for {FIRST_LESSONS} more lessons")
            await pilot.press("n")
            await wait_for(pilot, quiz_ready(app), timeout=30)
            assert app.screen.plan.title == "Quick round · easy"  # type: ignore[attr-defined]
            app.go_home()
            # The palette's quick round plays at the same level.
            app.action_quick_round()
            await wait_for(pilot, quiz_ready(app), timeout=30)
            assert app.screen.plan.title == "Quick round · easy"  # type: ignore[attr-defined]
            app.go_home()
            store = app.store
            assert store is not None
            for one in course(app.ruleset)[:FIRST_LESSONS]:
                record_pass(store, app.ruleset, one.id, 1.0)
            home.refresh_stats()
            await wait_for(pilot, lambda: home.stats is not None
                           and home.stats.lessons_passed == FIRST_LESSONS)
            assert home._description("quick") == "auto (d): medium · 2 questions"
            assert home.quick_level() == "medium"

    asyncio.run(body())


def test_a_level_chosen_on_home_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"

    async def body() -> None:
        app = app_for(tmp_path, config_path=path)
        async with app.run_test(size=(80, 24)) as pilot:
            home = await _home(pilot, app)
            assert home.quick_level() == "easy"
            await pilot.press("d", "d")  # auto, then easy, then medium
            await pilot.pause()
            assert (app.settings.difficulty, app.settings.easy_start) == ("medium", False)
            assert home.quick_level() == "medium"
            assert home._description("quick").startswith("random · medium (d)")

    asyncio.run(body())
    saved = ConfigFile.load(path).settings
    assert saved.difficulty == "medium" and saved.easy_start is False
    assert Settings(difficulty="medium", easy_start=False).auto_difficulty is False


def test_d_cycles_through_auto_too(tmp_path: Path) -> None:
    """`d` went easy, medium, hard, mixed and round again: once left, "auto" (easy until
    the first lessons are passed, then medium) could only come back from settings."""
    path = tmp_path / "config.toml"

    async def body() -> None:
        app = app_for(tmp_path, config_path=path)
        async with app.run_test(size=(80, 24)) as pilot:
            home = await _home(pilot, app)
            seen = [app.settings.level_choice]
            for _ in range(5):
                await pilot.press("d")
                await pilot.pause()
                seen.append(app.settings.level_choice)
            assert seen == ["auto", "easy", "medium", "hard", "mixed", "auto"]
            assert (app.settings.difficulty, app.settings.easy_start) == ("medium", True)
            assert home.quick_level() == "easy"  # no lesson passed: auto plays easy
            assert home._description("quick").startswith("auto (d): easy for ")

    asyncio.run(body())
    saved = ConfigFile.load(path).settings
    assert saved.level_choice == "auto"
