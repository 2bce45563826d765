"""Pilot tests of the set browser: progress, resume, previews and user set files."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from rich.console import Console
from textual.app import App
from textual.content import Content
from textual.message import Message
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Input, OptionList, Static

from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.round import Round, RoundSettings, curated_source
from mj_trainer.quizzes.sets import SetError, builtin_set, builtin_sets, load_set_file
from mj_trainer.quizzes.sources import Order
from mj_trainer.quizzes.store import ProgressStore
from mj_trainer.tui.messages import StartSet
from mj_trainer.tui.screens.sets import SetsScreen
from mj_trainer.tui.widgets.sets_dialog import LoadSetDialog

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

BROKEN = """\
[set]
id = "Bad Id"
name = "Broken"

[[hands]]
id = "b-1"
title = "too many tiles"
hand = "c123 c123 c123 c123 c123 +c1"

[[hands]]
title = "no id here"
hand = "c123 b456 k789 dr dr dr ww +ww"
"""

GOOD = """\
[set]
id = "my-hands"
name = "My own hands"
description = "Two hands from the club."

[[hands]]
id = "my-1"
title = "Dragons everywhere"
hand = "dr dr dr dg dg dg c234 b555 dw +dw"

[[hands]]
id = "my-2"
title = "Quiet one"
hand = "c123 c456 b234 b678 k5 +k5 self"
"""


def _clock() -> Callable[[], float]:
    ticks = iter(range(0, 100_000, 5))
    return lambda: float(next(ticks))


def play_part(store: ProgressStore, set_id: str, count: int, *,
              order: Order = Order.IN_ORDER) -> None:
    """Answer the first `count` hands of a set right, then stop without finishing."""
    source = curated_source(set_id, store=store, order=order, seed=7)
    rnd = Round(source, RoundSettings(length=count, seed=1), recorder=store, clock=_clock(),
                now=lambda: T0)
    while (q := rnd.ask()) is not None:
        rnd.answer(q.expected())


def play_all(store: ProgressStore, set_id: str) -> None:
    """Answer every hand of a set right and finish the round."""
    size = len(builtin_set(set_id))
    source = curated_source(set_id, store=store)
    rnd = Round(source, RoundSettings(length=size, seed=1), recorder=store, clock=_clock(),
                now=lambda: T0)
    while (q := rnd.ask()) is not None:
        rnd.answer(q.expected())
    rnd.finish()


class Host(App[None]):
    def __init__(self, store: ProgressStore | None) -> None:
        super().__init__()
        self.store = store
        self.posted: list[Message] = []
        self.animation_level = "none"  # key presses need not wait for animations

    def on_mount(self) -> None:
        self.push_screen(SetsScreen(self.store, ruleset=load()))

    def on_start_set(self, message: StartSet) -> None:
        self.posted.append(message)


def run(host: Host, body: Callable[[Pilot[None], SetsScreen], Awaitable[None]],
        size: tuple[int, int] = (100, 32)) -> None:
    async def main() -> None:
        async with host.run_test(size=size) as pilot:
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            screen = host.screen
            assert isinstance(screen, SetsScreen)
            await body(pilot, screen)

    asyncio.run(main())


def top(pilot: Pilot[None]) -> object:
    """The screen on top (typed loosely, so checks after a push do not narrow it)."""
    return pilot.app.screen


def text_of(static: Static) -> str:
    content = static.content
    if isinstance(content, str):
        return Content.from_markup(content).plain
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(content)
    return console.export_text()


def row_of(screen: SetsScreen, key: str) -> list[str]:
    table = screen.query_one("#sets-table", DataTable)
    return [str(c).strip() for c in table.get_row(key)]


async def go_to(pilot: Pilot[None], screen: SetsScreen, key: str) -> None:
    table = screen.query_one("#sets-table", DataTable)
    table.move_cursor(row=table.get_row_index(key))
    await pilot.pause()
    assert screen.current is not None and screen.current.key == key


# --------------------------------------------------------------------------- browsing


def test_lists_every_builtin_set_and_previews_its_hands(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        table = screen.query_one("#sets-table", DataTable)
        assert table.row_count == len(builtin_sets())
        first = builtin_sets()[0]
        assert screen.current is not None and screen.current.key == first.id
        info = text_of(screen.query_one("#sets-info", Static))
        assert first.name in info and first.description[:30] in info
        assert "Not played yet" in info
        hands = screen.query_one("#sets-hands", OptionList)
        assert hands.option_count == len(first)
        # Down the list: the next set is shown.
        await pilot.press("down")
        second = builtin_sets()[1]
        assert screen.current is not None and screen.current.key == second.id
        assert screen.query_one("#sets-hands", OptionList).option_count == len(second)

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


def test_the_highlighted_hand_is_drawn_without_its_answer(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        await go_to(pilot, screen, "honors")
        await pilot.press("tab")
        hands = screen.query_one("#sets-hands", OptionList)
        assert hands.has_focus
        await pilot.press("down")
        second = builtin_set("honors").hands[1]
        box = screen.query_one("#sets-preview-box")
        assert second.title in str(box.border_title)
        preview = text_of(screen.query_one("#sets-preview", Static))
        assert "won on a discard" in preview or "self-drawn" in preview
        assert "Total" not in preview  # no score: the preview must not give it away

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


def test_play_in_order_or_shuffled_from_the_start(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        await go_to(pilot, screen, "suits")
        await pilot.press("o", "s", "p")
        await pilot.pause()
        assert pilot.app.posted == [  # type: ignore[attr-defined]
            StartSet("suits", shuffled=False, resume=False),
            StartSet("suits", shuffled=True, resume=False),
            StartSet("suits", shuffled=False, resume=False),  # nothing to resume
        ]
        assert screen.check_action("resume", ()) is None

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


def test_progress_and_resume_position(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        size = len(builtin_set("trivial"))
        # Three hands answered, the round left unfinished: hand 4 is next.
        assert row_of(screen, "trivial")[1] == f"3/{size}"
        await go_to(pilot, screen, "trivial")
        info = text_of(screen.query_one("#sets-info", Static))
        assert f"resume at hand 4 of {size}" in info
        hands = screen.query_one("#sets-hands", OptionList)
        assert hands.highlighted == 3
        assert str(hands.get_option_at_index(0).prompt).startswith("✓")
        assert str(hands.get_option_at_index(3).prompt).startswith("▶")
        await pilot.press("r", "enter")
        await pilot.pause()
        assert pilot.app.posted == [  # type: ignore[attr-defined]
            StartSet("trivial", shuffled=False, resume=True),
            StartSet("trivial", shuffled=False, resume=True),  # Enter resumes too
        ]

    with ProgressStore.open(tmp_path) as store:
        play_part(store, "trivial", 3)
        run(Host(store), body)


def test_a_shuffled_set_resumes_shuffled(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        await go_to(pilot, screen, "bonus")
        info = text_of(screen.query_one("#sets-info", Static))
        assert "shuffled" in info
        await pilot.press("r")
        await pilot.pause()
        assert pilot.app.posted == [StartSet("bonus", shuffled=True, resume=True)]  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path) as store:
        play_part(store, "bonus", 2, order=Order.SHUFFLED)
        run(Host(store), body)


def test_a_finished_set_shows_its_best_score(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        # Every answer right: the best round scores 100%.
        assert row_of(screen, "bonus")[1:] == ["done", "100%"]
        await go_to(pilot, screen, "bonus")
        info = text_of(screen.query_one("#sets-info", Static))
        assert "finished" in info and "best round 100%" in info and "1 round" in info
        assert screen.check_action("resume", ()) is None
        await pilot.press("p")
        await pilot.pause()
        assert pilot.app.posted == [StartSet("bonus", shuffled=False, resume=False)]  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path) as store:
        play_all(store, "bonus")
        run(Host(store), body)


def test_without_a_store_sets_can_still_be_played() -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        info = text_of(screen.query_one("#sets-info", Static))
        assert "not saved" in info
        await pilot.press("o")
        await pilot.pause()
        assert pilot.app.posted == [  # type: ignore[attr-defined]
            StartSet(builtin_sets()[0].id, shuffled=False, resume=False)]

    run(Host(None), body)


# --------------------------------------------------------------------------- user files


def test_a_broken_set_file_shows_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    try:
        load_set_file(path)
    except SetError as err:
        problems = err.problems
    else:  # pragma: no cover - the file is broken on purpose
        raise AssertionError("the broken file loaded")

    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        await pilot.press("l")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, LoadSetDialog)
        dialog.query_one("#sets-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert top(pilot) is dialog  # still open, showing the problems
        report = text_of(dialog.query_one("#sets-dialog-report", Static))
        assert f"{len(problems)} problems" in report
        assert report.count("•") == len(problems)
        for problem in problems:
            assert problem.message in report.replace("\n", " ").replace("  ", " ") or \
                problem.message[:40] in report
        await pilot.press("escape")
        await pilot.pause()
        assert top(pilot) is screen
        assert pilot.app.posted == []  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path / "data") as store:
        run(Host(store), body)


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        await pilot.press("l")
        await pilot.pause()
        dialog = pilot.app.screen
        dialog.query_one("#sets-path", Input).value = str(tmp_path / "nope.toml")
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert "no such file" in text_of(dialog.query_one("#sets-dialog-report", Static))

    run(Host(None), body)


def test_a_good_set_file_is_added_and_played_by_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")

    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        await pilot.press("l")
        await pilot.pause()
        pilot.app.screen.query_one("#sets-path", Input).value = str(path)
        await pilot.press("enter")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(pilot.app.screen, SetsScreen)
        key = str(path.resolve())
        assert screen.current is not None and screen.current.key == key
        assert "My own hands" in text_of(screen.query_one("#sets-info", Static))
        assert screen.query_one("#sets-hands", OptionList).option_count == 2
        await pilot.press("o")
        await pilot.pause()
        assert pilot.app.posted == [StartSet(key, shuffled=False, resume=False)]  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path / "data") as store:
        run(Host(store), body)


def test_set_files_in_the_data_directory_are_listed(tmp_path: Path) -> None:
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "a-good.toml").write_text(GOOD, encoding="utf-8")
    (folder / "b-broken.toml").write_text(BROKEN, encoding="utf-8")

    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        good = str(folder / "a-good.toml")
        broken = str(folder / "b-broken.toml")
        assert row_of(screen, good)[1] == "new"
        assert row_of(screen, broken)[1] == "broken"
        await go_to(pilot, screen, broken)
        info = text_of(screen.query_one("#sets-info", Static))
        assert "problems" in info and "Bad Id" in info
        assert screen.check_action("play", ()) is None
        await pilot.press("p", "o", "s")
        await pilot.pause()
        assert pilot.app.posted == []  # type: ignore[attr-defined]

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


def test_fits_at_80_by_24(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        table = screen.query_one("#sets-table", DataTable)
        side = screen.query_one("#sets-side")
        assert table.region.right <= side.region.x
        assert side.size.width >= 36
        # The names get the room the other columns leave.
        assert screen._name_width >= 16
        # Nothing breaks on the way down to a tiny window and up to a huge one, and
        # the name column follows the width of the list.
        for tiny_or_huge in ((30, 8), (200, 60)):
            await pilot.resize_terminal(*tiny_or_huge)
            await pilot.pause()
        assert screen._name_width == screen._name_column_width() > 16

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body, size=(80, 24))



def test_coming_back_from_a_round_shows_the_new_position(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None], screen: SetsScreen) -> None:
        assert row_of(screen, "trivial")[1] == "new"
        # A round of the set is played on top of the browser, then closed.
        await pilot.app.push_screen(Screen())
        assert screen.store is not None
        play_part(screen.store, "trivial", 2)
        await pilot.app.pop_screen()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        size = len(builtin_set("trivial"))
        assert row_of(screen, "trivial")[1] == f"2/{size}"
        assert screen.current is not None and screen.current.key == "trivial"

    with ProgressStore.open(tmp_path) as store:
        run(Host(store), body)


def test_the_path_suggester_completes_set_files(tmp_path: Path) -> None:
    from mj_trainer.tui.widgets.sets_dialog import PathSuggester

    (tmp_path / "my-hands.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a set", encoding="utf-8")
    (tmp_path / "more").mkdir()
    suggest = PathSuggester()

    async def check() -> None:
        base = f"{tmp_path}/"
        assert await suggest.get_suggestion(base + "my") == base + "my-hands.toml"
        assert await suggest.get_suggestion(base + "mo") == base + "more/"
        assert await suggest.get_suggestion(base + "no") is None  # only .toml files
        assert await suggest.get_suggestion(str(tmp_path / "missing" / "x")) is None
        assert await suggest.get_suggestion("a\0b") is None

    asyncio.run(check())
