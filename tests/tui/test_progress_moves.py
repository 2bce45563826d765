"""Progress that moves (issue 21), in the app.

* Right after lesson 1 home showed "Review 0 due" beside "Work on: Concealed Hand,
  Dragon Pung, Self Drawn", and `w` refused with "Nothing ... is due". What home names
  under "Work on" is what review asks first, and `w` drills it.
* After right answers that follow a miss, home said "Known 0 of 70" and nothing else;
  it now also says how many patterns are on the way up, and "Work on" says where each
  stands in words ("right twice in a row · back tomorrow").
"""

from __future__ import annotations

import asyncio
import re
from datetime import datetime, timedelta
from pathlib import Path

from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.review import utc
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.app import TrainerApp
from mj_trainer.tui.screens.home import HomeScreen
from mj_trainer.tui.screens.quiz import QuizScreen
from tests.quizzes.conftest import qhand
from tests.tui.test_app_kit import app_for, wait_for

# Four chows, concealed, won on a discard: All Chows (1.2) 5 + Concealed Hand (1.3) 5.
CHOWS = "c123 c456 b234 b567 k5 +k5"
# An exposed east pung: Wind Pung (8.1.1) 5.
EAST = "c123 c456 b789 k2 [we we we] +k2"


def answer(store: ProgressStore, when: datetime, text: str, claims: dict[str, int],
           total: int) -> None:
    ticks = iter((0.0, 40.0))
    rnd = Round(ListSource([qhand(text)]), RoundSettings(length=1, seed=1), recorder=store,
                now=lambda: when, clock=lambda: next(ticks, 40.0))
    rnd.ask()
    rnd.answer(PatternsAnswer.of(claims, total=total))
    rnd.finish()


def _home_text(home: HomeScreen) -> str:
    assert home.stats is not None
    return home.status_text(home.stats).plain


async def _home(pilot: object, app: TrainerApp) -> HomeScreen:
    home = app.screen
    assert isinstance(home, HomeScreen)
    await wait_for(pilot, lambda: home.stats is not None)  # type: ignore[arg-type]
    home.stats = None  # read again, with the answers given since
    home.refresh_stats()
    await wait_for(pilot, lambda: home.stats is not None)  # type: ignore[arg-type]
    return home


def test_work_on_names_what_w_drills_when_nothing_is_due(tmp_path: Path) -> None:
    app = app_for(tmp_path, length=3)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            store = app.store
            assert store is not None
            # The lesson-1 case: two patterns missed just now, so their cards come back
            # in a minute or more and nothing is due yet.
            now = utc()
            answer(store, now, CHOWS, {"1.2": 1}, 5)  # 1.3 missed
            answer(store, now, EAST, {}, 0)  # 8.1.1 missed
            home = await _home(pilot, app)
            stats = home.stats
            assert stats is not None
            assert stats.due == 0
            named = [pid for pid, _, _ in stats.work_on]
            assert set(named) == {"1.3", "8.1.1"}
            text = _home_text(home)
            assert "Work on" in text and "Concealed Hand" in text and "Wind Pung" in text
            assert "not yet · back in 1 min" in text  # a miss comes back in a minute
            assert "nothing due · 2 to work on" in home._description("review")
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, QuizScreen)
                           and app.screen.round is not None)
            quiz = app.screen
            assert isinstance(quiz, QuizScreen) and quiz.round is not None
            asked = [q.item.focus for q in quiz.round.questions]
            assert set(named) <= set(asked), asked
            assert asked[:2] == named

    asyncio.run(body())


def test_home_shows_the_climb_below_known(tmp_path: Path) -> None:
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            store = app.store
            assert store is not None
            now = utc()
            # All Chows missed, then right twice: not known, on the way up.
            answer(store, now - timedelta(minutes=50), CHOWS, {"1.3": 1}, 5)
            answer(store, now - timedelta(minutes=30), CHOWS, {"1.2": 1, "1.3": 1}, 10)
            answer(store, now - timedelta(minutes=10), CHOWS, {"1.2": 1, "1.3": 1}, 10)
            home = await _home(pilot, app)
            assert home.stats is not None
            assert home.stats.known == 0
            assert home.stats.climbing == 2  # 1.2 twice in a row, 1.3 three times
            text = _home_text(home)
            assert "Known   0 of 70 patterns" in text
            assert "2 on the way up" in text
            where = dict((pid, words) for pid, _, words in home.stats.work_on)
            assert where["1.2"].startswith("2 in a row · back ")

    asyncio.run(body())


def test_the_round_summary_says_which_patterns_moved_up(tmp_path: Path) -> None:
    from mj_trainer.tui.messages import StartSet
    from mj_trainer.tui.screens.summary import MissedList, SummaryScreen
    from tests.tui.test_app_kit import quiz_ready, write_set

    app = app_for(tmp_path, length=1)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            store = app.store
            assert store is not None
            # Before the round: All Chows missed once, Concealed Hand right once.
            answer(store, utc() - timedelta(minutes=30), CHOWS, {"1.3": 1}, 5)
            ticks = iter(range(0, 10_000, 40))  # 40 s an answer: right, not fast (Easy)
            app.clock = lambda: float(next(ticks))
            app.post_message(StartSet(str(write_set(tmp_path)), resume=False))
            await wait_for(pilot, quiz_ready(app))
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            # core-1 is the chows hand: both right this time.
            from mj_trainer.tui.widgets.pattern_picker import PatternPicker
            quiz.query_one(PatternPicker).set_claims({"1.2": 1, "1.3": 1})
            quiz.query_one("#total").value = "10"  # type: ignore[attr-defined]
            quiz.action_check()
            await pilot.pause()
            await pilot.press("escape")  # the set goes on: end the round here
            await pilot.pause()
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            listed = summary.query_one(MissedList)
            lines = [str(listed.get_option_at_index(i).prompt)
                     for i in range(listed.option_count)]
            text = "\n".join(lines)
            assert lines[0] == "Moved up", lines
            assert "1.3     Concealed Hand  right twice in a row · back " in text, text
            assert "1.2     All Chows  right last time · back " in text, text
            assert "Slipped back" not in text
            assert listed.targets[1:3] == ["1.3", "1.2"]  # r opens their rules

    asyncio.run(body())


# --------------------------------------------------------------------------- stats


def test_stats_say_the_climb_in_words_and_count_as_home_does(tmp_path: Path) -> None:
    """The Mastery tab showed "learning 4%" for a pattern right three times after a
    miss, the Review tab "relearning" and "0.1 d"; now both say where each stands."""
    from textual.widgets import DataTable, Static

    from mj_trainer.engine.ruleset import load
    from tests.tui.test_stats_screen import Host, column, text_of

    moment = utc()

    class Now(Host):
        def on_mount(self) -> None:
            from mj_trainer.tui.screens.stats import StatsScreen

            self.push_screen(StatsScreen(self.store, load(), now=lambda: moment))

    with ProgressStore.open(tmp_path) as store:
        answer(store, moment - timedelta(hours=2), CHOWS, {"1.3": 1}, 5)  # 1.2 missed
        for k in (90, 60, 30):
            answer(store, moment - timedelta(minutes=k), CHOWS, {"1.2": 1, "1.3": 1}, 10)
        answer(store, moment - timedelta(minutes=20), EAST, {}, 0)  # 8.1.1 missed

        async def main() -> None:
            host = Now(store)
            async with host.run_test(size=(80, 24)) as pilot:
                await pilot.app.workers.wait_for_complete()
                await pilot.pause()
                screen = host.screen
                await pilot.press("7")
                table = screen.query_one("#stats-mastery", DataTable)
                names = column(table, 0)
                row = names.index("  1.2 All Chows")
                assert column(table, 2)[row] == "3 in a row"
                shown = " ".join(" ".join(column(table, i)) for i in range(4))
                assert "%" not in shown and "learning" not in shown
                table.move_cursor(row=row)
                await pilot.pause()
                detail = text_of(screen.query_one("#stats-mastery-detail", Static))
                assert detail.startswith("1.2 All Chows: right 3 times in a row · back ")
                assert "Known once it is still right after the days in between." in detail
                weak = screen.query_one("#stats-weakest", DataTable)
                assert "%" not in " ".join(column(weak, 3))
                # The Review tab: words, no scheduler states or stabilities.
                await pilot.press("5")
                review = screen.query_one("#stats-review", DataTable)
                cells = " ".join(" ".join(column(review, i)) for i in range(4))
                for word in ("relearning", "learning", "review "):
                    assert word not in cells, cells
                assert not re.search(r"\d\.\d d\b", cells), cells  # no "0.1 d"
                assert "3 in a row" in cells

        asyncio.run(main())


def test_most_missed_leaves_out_a_pattern_only_a_hint_revealed(tmp_path: Path) -> None:
    """"Most missed" listed a pattern with 0 missed and 0 claimed: a hint had revealed
    it, which the list counted as a miss without a column to show it in."""
    from mj_trainer.engine.ruleset import load
    from mj_trainer.quizzes.stats import load_stats

    with ProgressStore.open(tmp_path) as store:
        rnd = Round(ListSource([qhand(CHOWS)]), RoundSettings(length=1, seed=1),
                    recorder=store, now=utc)
        rnd.ask()
        hint = rnd.hint()  # reveals 1.2 or 1.3
        assert hint is not None
        rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, total=10))
        rnd.finish()
        answer(store, utc(), EAST, {}, 0)  # 8.1.1 missed: a real miss
        data = load_stats(store, load(), utc)
        listed = {r.ref: (r.missed, r.wrongly_claimed) for r in data.missed}
        assert listed == {"8.1.1": (1, 0)}, listed
        assert all(missed + wrong > 0 for missed, wrong in listed.values())


# --------------------------------------------------------------------------- levels


def test_practise_from_the_reference_plays_at_the_level_home_shows(tmp_path: Path) -> None:
    """Home said "easy" (auto, no lesson passed yet) and `p` on a pattern of the
    reference dealt a medium round; now it deals at the learner's level, or at the
    nearest level that can hold the pattern, and says so."""
    from mj_trainer.tui.messages import LEARNER_LEVEL, StartRandom
    from tests.tui.test_app_kit import quiz_ready

    app = app_for(tmp_path, length=1)

    async def body() -> None:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            home = await _home(pilot, app)
            assert home.quick_level() == "easy"
            app.post_message(StartRandom(difficulty=LEARNER_LEVEL, target="1.4"))
            await wait_for(pilot, quiz_ready(app), timeout=30)
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            assert quiz.plan.title == "Quick round · easy · aimed at 1.4"
            app.go_home()
            # Nine Gates is a limit hand: only a hard hand holds it (DIFFICULTY.md).
            app.post_message(StartRandom(difficulty=LEARNER_LEVEL, target="6.2"))
            await wait_for(pilot, quiz_ready(app), timeout=30)
            quiz = app.screen
            assert isinstance(quiz, QuizScreen)
            assert quiz.plan.title == "Quick round · hard · aimed at 6.2"
            said = [str(n.message) for n in app._notifications]
            assert any("cannot be dealt at your level (easy)" in m for m in said), said

    asyncio.run(body())
