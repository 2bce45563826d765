"""Pilot tests of the stats screen, on progress stores filled through the Round API."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.message import Message
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource, QuizHand
from mj_trainer.quizzes.stats import load_stats
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import OpenReference, StartReview
from mj_trainer.tui.screens.stats import StatsScreen, duration_text, when_text

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
# Four chows, nothing exposed, self-drawn, a 1 and no honor: All Chows 1.2 5 +
# Concealed Hand 1.3 5 + Self Drawn 1.4 5 = 15 (no other pattern applies).
CHOWS = "c123 c456 b234 b678 k5 +k5 self"


def _ticks() -> Callable[[], float]:
    counter: Iterator[int] = iter(range(0, 100_000, 10))
    return lambda: float(next(counter))


def play(store: ProgressStore, when: datetime, answer: PatternsAnswer) -> None:
    """One finished round of one question on the chows hand."""
    source = ListSource([QuizHand.from_notation("chows", CHOWS)], name="practice")
    rnd = Round(source, RoundSettings(length=1, seed=1), recorder=store, clock=_ticks(),
                now=lambda: when)
    assert rnd.ask() is not None
    rnd.answer(answer)
    rnd.finish()


def filled_store(tmp_path: Path) -> ProgressStore:
    """Round 1 all right; round 2, a day later, claims only All Chows with total 5."""
    store = ProgressStore.open(tmp_path)
    play(store, T0, PatternsAnswer.of(["1.2", "1.3", "1.4"], total=15))
    play(store, T0 + timedelta(days=1), PatternsAnswer.of(["1.2"], total=5))
    return store


LATER = T0 + timedelta(days=2)  # by then the two missed patterns are due again


class Host(App[None]):
    def __init__(self, store: ProgressStore | None) -> None:
        super().__init__()
        self.store = store
        self.posted: list[Message] = []
        self.animation_level = "none"  # key presses need not wait for animations

    def on_mount(self) -> None:
        self.push_screen(StatsScreen(self.store, load(), now=lambda: LATER,
                                     today=LATER.date()))

    def on_open_reference(self, message: OpenReference) -> None:
        self.posted.append(message)

    def on_start_review(self, message: StartReview) -> None:
        self.posted.append(message)


def run(host: Host, body: Callable[[Pilot[None], StatsScreen], Awaitable[None]],
        size: tuple[int, int] = (100, 32)) -> None:
    async def main() -> None:
        async with host.run_test(size=size) as pilot:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            screen = host.screen
            assert isinstance(screen, StatsScreen)
            await body(pilot, screen)

    asyncio.run(main())


def text_of(static: Static) -> str:
    content = static.content
    if isinstance(content, Content):
        return content.plain
    assert isinstance(content, str)
    return Content.from_markup(content).plain


def column(table: DataTable[object], index: int = 0) -> list[str]:
    return [str(table.get_row_at(i)[index]) for i in range(table.row_count)]


# --------------------------------------------------------------------------- data


def test_load_stats_derives_accuracy_by_pattern_family_and_category(tmp_path: Path) -> None:
    with filled_store(tmp_path) as store:
        data = load_stats(store, load(), lambda: LATER, LATER.date())
    by_id = {r.ref: r for r in data.patterns}
    # 1.2 right twice; 1.3 and 1.4 right in round 1, missed in round 2.
    assert (by_id["1.2"].attempts, by_id["1.2"].correct) == (2, 2)
    assert (by_id["1.3"].attempts, by_id["1.3"].correct) == (2, 1)
    assert (by_id["1.4"].attempts, by_id["1.4"].correct) == (2, 1)
    # Category 1 sums its patterns: 6 attempts, 2 + 1 + 1 = 4 right.
    assert [(c.ref, c.attempts, c.correct) for c in data.categories] == [("1", 6, 4)]
    assert {f.ref for f in data.families} == {"1.2", "1.3", "1.4"}
    # Most missed: one miss each for 1.3 and 1.4, ordered by id on the tie.
    assert [m.ref for m in data.missed] == ["1.3", "1.4"]
    # Round 1 scores 1.0; round 2: 1 right of 3 patterns, 0.6 x 1/3 = 0.2, total wrong.
    assert [round(p.percent, 6) for p in data.trend] == [100.0, 20.0]
    assert data.answered == 2 and data.correct == 1
    # Misses rate Again (quizzes/review.py): due again long before two days pass.
    assert {"pattern:1.3", "pattern:1.4"} <= {d.item for d in data.due}


def test_a_category_counts_skips_apart_from_its_mistakes(tmp_path: Path) -> None:
    with filled_store(tmp_path) as store:
        source = ListSource([QuizHand.from_notation("chows", CHOWS)], name="practice")
        rnd = Round(source, RoundSettings(length=1, seed=1), recorder=store,
                    clock=_ticks(), now=lambda: T0 + timedelta(days=1, hours=1))
        assert rnd.ask() is not None
        rnd.skip()
        rnd.finish()
        data = load_stats(store, load(), lambda: LATER, LATER.date())
    (cat,) = data.categories
    # 9 attempts: 4 right, 2 missed (1.3 and 1.4 in round 2), 3 skipped; a skip is
    # no mistake, in the category as in each of its patterns.
    assert (cat.attempts, cat.correct, cat.missed, cat.skipped) == (9, 4, 2, 3)
    assert cat.misses == 2 == sum(p.misses for p in data.patterns)


def test_time_texts() -> None:
    now = T0
    assert when_text(now - timedelta(minutes=5), now) == "due now"
    assert when_text(now + timedelta(minutes=12), now) == "in 12 min"
    assert when_text(now + timedelta(hours=5), now) == "in 5 h"
    assert when_text(now + timedelta(days=4), now) == "in 4 days"
    assert duration_text(42) == "0:42"
    assert duration_text(725) == "12:05"
    assert duration_text(3723) == "1:02:03"


# --------------------------------------------------------------------------- screens


def test_empty_store_shows_a_friendly_message(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        message = screen.query_one("#stats-message", Static)
        assert message.display
        assert "No rounds played yet" in text_of(message)
        assert not screen.query_one("#stats-tabs").display
        assert screen.check_action("review", ()) is False
        await pilot.press("v", "o", "s")
        assert pilot.app.posted == []  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


def test_no_store_says_progress_is_unavailable() -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        message = screen.query_one("#stats-message", Static)
        assert "No progress data" in text_of(message)
        assert message.has_class("-error")
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is not screen

    run(Host(None), body)


def test_a_store_that_fails_to_read_is_reported(tmp_path: Path) -> None:
    store = ProgressStore.open(tmp_path)
    store.close()  # every read now fails with a StoreError

    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        message = text_of(screen.query_one("#stats-message", Static))
        assert "could not be read" in message
        assert str(tmp_path) in message

    run(Host(store), body)


def test_filled_store_shows_summary_tables_and_chart(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        assert screen.query_one("#stats-tabs").display
        summary = text_of(screen.query_one("#stats-summary", Static))
        # Two rounds, two answers, one fully right: 50%.
        assert "2 rounds" in summary and "2 answers" in summary and "50% right" in summary
        assert "due" in summary
        missed = screen.query_one("#stats-missed", DataTable)
        assert column(missed) == ["1.3", "1.4"]
        # The other tabs, as a learner opens them (each is made when first shown).
        for key in "2456":
            await pilot.press(key)
        patterns = screen.query_one("#stats-patterns", DataTable)
        # Sorted by accuracy, weakest first: 1.3 and 1.4 at 50% (by id), then 1.2.
        assert column(patterns) == ["1.3", "1.4", "1.2"]
        categories = screen.query_one("#stats-categories", DataTable)
        assert column(categories, 1) == ["Trivial Patterns"]
        assert column(categories, 3).pop().strip() == "67%"  # 4 of 6
        history = screen.query_one("#stats-history", DataTable)
        assert history.row_count == 2
        # Newest first: round 2 scored 20%, round 1 100%.
        assert [c.strip() for c in column(history, 3)] == ["20%", "100%"]
        review = screen.query_one("#stats-review", DataTable)
        assert {"1.3", "1.4"} <= set(column(review))
        await pilot.press("1")  # back to the overview
        # Nothing breaks on the way down to a tiny window and up to a huge one.
        for size in ((30, 8), (200, 60), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            # Narrow, the chart and the most-missed box stack and the names fit whole.
            assert screen.has_class("-stacked") == (size[0] < 100)
        box = screen.query_one("#stats-missed-box")
        assert box.size.width >= 70
        assert screen.query_one("#stats-tabs").display

    with filled_store(tmp_path) as store:
        run(Host(store), body)


def test_the_due_count_is_home_s_count(tmp_path: Path) -> None:
    """Home said "Review 2 due" (patterns and families, each once) and the stats line
    "4 due for review" (cards: a pattern and its one-member family have one each).
    Then the line said 2 and its Review tab "4 of 6 cards are due now" (issue 21): the
    tab now lists a pattern and its one-member family as one line, and says 2."""
    from mj_trainer.quizzes.session import due_count

    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        summary = text_of(screen.query_one("#stats-summary", Static))
        assert screen.data is not None and len(screen.data.due) == 4
        assert "2 due for review" in summary and "4 due" not in summary
        await pilot.press("5")  # the Review tab (its content is made when first shown)
        review = text_of(screen.query_one("#stats-review-summary", Static))
        assert review.startswith("2 of 3 due now."), review
        table = screen.query_one("#stats-review", DataTable)
        due_lines = [r for r in column(table, 2) if r == "due now"]
        assert len(due_lines) == 2 and column(table)[:2] == ["1.3", "1.4"]

    with filled_store(tmp_path) as store:
        assert due_count(store, LATER, ruleset="mj-score-eval") == 2
        run(Host(store), body)


def test_the_review_tab_shows_when_each_card_is_due_at_80_columns(tmp_path: Path) -> None:
    """The long names came before the due column, which ran off the edge ("due no")."""
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        await pilot.press("5")
        await pilot.pause()
        review = screen.query_one("#stats-review", DataTable)
        labels = [str(c.label) for c in review.ordered_columns]
        assert labels[-1] == "name"
        upto = labels.index("back") + 1
        used = sum(c.get_render_width(review) for c in review.ordered_columns[:upto])
        assert used <= review.scrollable_content_region.width, (used, review.size)
        assert "due now" in column(review, upto - 1)

    with filled_store(tmp_path) as store:
        run(Host(store), body, size=(80, 24))


def test_sorting_cycles_through_the_orders(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        await pilot.press("4")  # the patterns tab
        table = screen.query_one("#stats-patterns", DataTable)
        assert table.has_focus
        assert column(table) == ["1.3", "1.4", "1.2"]  # accuracy
        await pilot.press("s")  # attempts: all 2, then accuracy, then id
        assert column(table) == ["1.3", "1.4", "1.2"]
        await pilot.press("s")  # misses: 1, 1, 0
        assert column(table) == ["1.3", "1.4", "1.2"]
        await pilot.press("s")  # id
        assert column(table) == ["1.2", "1.3", "1.4"]
        assert "by id" in str(table.border_title)
        # A click on the "right" header sorts weakest first again.
        right = list(table.columns)[3]
        table.post_message(DataTable.HeaderSelected(table, right, 3, Text("right")))
        await pilot.pause()
        assert column(table) == ["1.3", "1.4", "1.2"]
        assert "weakest first" in str(table.border_title)

    with filled_store(tmp_path) as store:
        run(Host(store), body)


def test_open_rule_posts_the_selected_pattern(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        await pilot.press("4", "down", "o")
        await pilot.press("3", "enter")
        await pilot.pause()
        # The second weakest pattern is 1.4; the weakest family is 1.3 (same numbers,
        # lower id first).
        assert pilot.app.posted == [OpenReference("1.4"), OpenReference("1.3")]  # type: ignore[attr-defined]

    with filled_store(tmp_path) as store:
        run(Host(store), body)


def test_review_key_starts_a_review_round(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        await pilot.press("5")
        tabs = screen.query_one("#stats-tabs", TabbedContent)
        assert tabs.active == "review"
        assert "due now" in text_of(screen.query_one("#stats-review-summary", Static))
        await pilot.press("v")
        await pilot.pause()
        assert pilot.app.posted == [StartReview()]  # type: ignore[attr-defined]

    with filled_store(tmp_path) as store:
        run(Host(store), body)


def test_review_key_is_dimmed_when_nothing_is_due(tmp_path: Path) -> None:
    class Early(Host):
        def on_mount(self) -> None:
            # Just after round 1, which was all right: nothing is due yet.
            self.push_screen(StatsScreen(self.store, load(), now=lambda: T0))

    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        assert screen.check_action("review", ()) is None
        await pilot.press("v")
        assert pilot.app.posted == []  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path) as store:
        play(store, T0, PatternsAnswer.of(["1.2", "1.3", "1.4"], total=15))
        run(Early(store), body)



def test_coming_back_from_a_round_reloads(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        assert "No rounds played yet" in text_of(screen.query_one("#stats-message", Static))
        await pilot.app.push_screen(Screen())
        assert screen.store is not None
        play(screen.store, T0, PatternsAnswer.of(["1.2", "1.3", "1.4"], total=15))
        await pilot.app.pop_screen()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query_one("#stats-tabs").display
        summary = text_of(screen.query_one("#stats-summary", Static))
        assert summary.startswith("mj-score-eval · 1 round · 1 answer · 100% right")

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


@pytest.mark.parametrize("theme", ["ansi-dark", "ansi-light"])
def test_the_stats_draw_under_the_ansi_themes(tmp_path: Path, theme: str) -> None:
    """Their colours are named the ANSI way ("ansi_red"), which Rich refused: opening
    the stats with answers to show raised ColorParseError."""
    class Ansi(Host):
        def on_mount(self) -> None:
            self.theme = theme
            super().on_mount()

    async def body(pilot: Pilot[None], screen: StatsScreen) -> None:
        assert screen.data is not None and screen.query_one("#stats-tabs").display
        await pilot.press("7")  # the mastery tab colours each rung too
        table = screen.query_one("#stats-mastery", DataTable)
        rows = [table.get_row_at(i) for i in range(table.row_count)]
        known = next(row for row in rows if str(row[2]) == "known ✔")
        assert isinstance(known[2], Text) and known[2].style.color is not None  # type: ignore[union-attr]
        missed = screen.query_one("#stats-missed", DataTable)
        assert missed.row_count == 2

    with filled_store(tmp_path) as store:
        run(Ansi(store), body)
