"""Pilot tests of the rules reference: targets, navigation, search, examples, links."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from rich.console import Console
from textual.app import App
from textual.content import Content
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input, Static, Tree

from mj_trainer.engine.ruleset import load
from mj_trainer.tui.messages import (
    LEARNER_LEVEL,
    OpenReference,
    OpenScreen,
    StartRandom,
    StartReview,
    StartSet,
)
from mj_trainer.tui.screens.reference import Entry, ReferenceScreen


class Host(App[None]):
    """Pushes one reference screen and records what it asks the app to do."""

    def __init__(self, target: str | None = None, ruleset: str = "mj-score-eval") -> None:
        super().__init__()
        self.target = target
        self.rules = load(ruleset)
        self.posted: list[Message] = []
        self.animation_level = "none"  # key presses need not wait for animations

    def on_mount(self) -> None:
        self.push_screen(ReferenceScreen(self.rules, self.target))

    def on_open_reference(self, message: OpenReference) -> None:
        self.posted.append(message)

    def on_start_random(self, message: StartRandom) -> None:
        self.posted.append(message)

    def on_start_set(self, message: StartSet) -> None:
        self.posted.append(message)

    def on_start_review(self, message: StartReview) -> None:
        self.posted.append(message)

    def on_open_screen(self, message: OpenScreen) -> None:
        self.posted.append(message)


def run(host: Host, body: Callable[[Pilot[None], ReferenceScreen], Awaitable[None]],
        size: tuple[int, int] = (100, 32)) -> None:
    async def main() -> None:
        async with host.run_test(size=size) as pilot:
            await pilot.pause()
            screen = host.screen
            assert isinstance(screen, ReferenceScreen)
            await body(pilot, screen)

    asyncio.run(main())


def plain(static: Static) -> str:
    """The text a Static shows, without markup or styles."""
    content = static.content
    if isinstance(content, str):
        return Content.from_markup(content).plain
    if isinstance(content, Content):
        return content.plain
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(content)
    return console.export_text()


def cursor_entry(screen: ReferenceScreen) -> Entry | None:
    node = screen.query_one("#ref-tree", Tree).cursor_node
    return None if node is None else node.data


async def settle(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


# --------------------------------------------------------------------------- targets


def test_opens_at_a_pattern_and_shows_its_page() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert screen.current == Entry("pattern", "8.1.3")
        assert cursor_entry(screen) == Entry("pattern", "8.1.3")
        title = plain(screen.query_one("#ref-title", Static))
        assert "Big Three Winds" in title
        assert "大三風" in title
        text = plain(screen.query_one("#ref-text", Static))
        assert "Value 120" in text
        assert "family 8.1" in text
        # The ruleset's own description is shown.
        assert load().pattern("8.1.3").description in text.replace("\n", " ")

    run(Host("8.1.3"), body)


def test_a_limit_pattern_is_marked() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        text = plain(screen.query_one("#ref-text", Static))
        # R12: 480 >= the 320 limit, so Nine Gates replaces the sum.
        assert "Value 480" in text
        assert "limit hand" in text

    run(Host("6.2"), body)


def test_opens_at_a_family() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert screen.current == Entry("family", "8.1")
        assert cursor_entry(screen) == Entry("family", "8.1")
        assert "Little Three Winds" in plain(screen.query_one("#ref-text", Static))

    run(Host("8.1"), body)


def test_every_kind_of_target_resolves_and_selects() -> None:
    cases = {
        "8.1": Entry("family", "8.1"),
        "8": Entry("category", "8"),
        "r12": Entry("ruling", "R12"),
        "R5": Entry("ruling", "R5"),
        # 1.2 is a family of one pattern (R10): the pattern itself is shown.
        "1.2": Entry("pattern", "1.2"),
        "Nine Gates": Entry("pattern", "6.2"),
        "九蓮寶燈": Entry("pattern", "6.2"),
        "13.1.3": Entry("pattern", "13.1.3"),
    }

    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        for target, expected in cases.items():
            assert screen.open(target), target
            await pilot.pause()
            assert screen.current == expected, target
            assert cursor_entry(screen) == expected, target
        assert screen.resolve("R99") is None
        assert screen.resolve("42") is None

    run(Host(None), body)


def test_the_cap_ruling_uses_the_ruleset_numbers() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        text = plain(screen.query_one("#ref-text", Static))
        assert "320" in text  # mj-score-eval: cap 320, limit 320 (R12)
        # Every limit pattern of the ruleset is listed under the ruling.
        for p in screen.ruleset.patterns:
            if p.is_limit:
                assert p.name in text

    run(Host("R12"), body)


def test_an_unknown_target_falls_back_to_the_overview() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert screen.current == Entry("overview")
        assert "How scoring works" in plain(screen.query_one("#ref-title", Static))
        assert any("99.9" in str(n.message) for n in pilot.app._notifications)

    run(Host("99.9"), body)


def test_no_target_shows_the_overview() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert screen.current == Entry("overview")
        assert "70 patterns in 13 categories" in plain(screen.query_one("#ref-text", Static))

    run(Host(None), body)


# --------------------------------------------------------------------------- navigation


def test_arrow_keys_walk_the_tree() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        # Category 1 lists its single-pattern families directly: 1.1, 1.2, 1.3 ...
        await pilot.press("down")
        assert screen.current == Entry("pattern", "1.2")
        await pilot.press("down", "down")
        assert screen.current == Entry("pattern", "1.4")
        await pilot.press("up")
        assert screen.current == Entry("pattern", "1.3")

    run(Host("1.1"), body)


def test_enter_opens_a_category_and_its_families() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        tree = screen.query_one("#ref-tree", Tree)
        node = tree.cursor_node
        assert node is not None and not node.is_expanded
        await pilot.press("enter")
        assert node.is_expanded
        await pilot.press("down")
        # The first child of category 2 is 2.1 All Pungs, a family of its own.
        assert screen.current == Entry("pattern", "2.1")
        await pilot.press("down")
        assert screen.current == Entry("family", "2.2")

    run(Host("2"), body)


def test_escape_leaves_the_screen() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, ReferenceScreen)

    run(Host("1.1"), body)


# --------------------------------------------------------------------------- search


def _shown_patterns(screen: ReferenceScreen) -> set[str]:
    return {e.key for e in screen._entry_nodes if e.kind == "pattern"}


def test_search_filters_by_name() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await pilot.press("slash")
        assert screen.query_one("#ref-search", Input).has_focus
        await pilot.press(*"ee w")
        await pilot.pause()
        # "ee w" is in Little Three Winds (8.1.2) and Big Three Winds (8.1.3) only.
        assert _shown_patterns(screen) == {"8.1.2", "8.1.3"}
        assert screen.current == Entry("pattern", "8.1.2")
        await pilot.press("enter")
        assert screen.query_one("#ref-tree", Tree).has_focus
        await pilot.press("down")
        assert screen.current == Entry("pattern", "8.1.3")

    run(Host(None), body)


def test_search_by_id_prefix_and_by_chinese_name() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        search = screen.query_one("#ref-search", Input)
        search.value = "9.1"
        await pilot.pause()
        assert _shown_patterns(screen) == {"9.1.1", "9.1.2", "9.1.3", "9.1.4", "9.1.5"}
        search.value = "大三"
        await pilot.pause()
        # 大三風 Big Three Winds and 大三元 Big Three Dragons.
        assert _shown_patterns(screen) == {"8.1.3", "8.2.3"}
        search.value = "zzz"
        await pilot.pause()
        assert _shown_patterns(screen) == set()
        assert search.has_class("-nothing")

    run(Host(None), body)


def test_escape_clears_the_search_before_leaving() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await pilot.press("slash", *"drag")
        await pilot.pause()
        assert len(_shown_patterns(screen)) < len(screen.ruleset.patterns)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one("#ref-search", Input).value == ""
        assert _shown_patterns(screen) == {p.id for p in screen.ruleset.patterns}
        assert pilot.app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is not screen

    run(Host(None), body)


# --------------------------------------------------------------------------- examples


def test_the_example_hand_is_loaded_in_a_worker() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await settle(pilot)
        example = screen.example
        assert example is not None
        # Three hands are written about 8.1.3; the plainest one counts only Big Three
        # Winds and its wind pungs: 8.1.3 120 + 3 x 8.1.1 5 = 135.
        assert example.focus
        assert example.title == "Three wind pungs"
        assert example.result.total == 135
        assert {h.pattern.id for h in example.result.counted} == {"8.1.3", "8.1.1"}
        info = plain(screen.query_one("#ref-example-info", Static))
        assert "Total 135" in info
        tiles = plain(screen.query_one("#ref-example-tiles", Static))
        assert "E" in tiles and "N" in tiles  # the east and north wind pungs
        # Another example: a different hand, still counting the pattern.
        await pilot.press("e")
        await settle(pilot)
        second = screen.example
        assert second is not None and second.hand != example.hand
        assert "8.1.3" in {h.pattern.id for h in second.result.counted}

    run(Host("8.1.3"), body)


def test_values_in_the_other_builtin_rulesets() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        others = plain(screen.query_one("#ref-others", Static))
        # Big Three Winds is 120 in each of the three built-in rulesets that define it
        # (flat in the early ruleset, R30); zung-jung numbers it 3.3.2.
        assert "mj-score-eval-early" in others
        assert "zung-jung" in others
        assert "3.3.2" in others
        assert others.count("120") == 3

    run(Host("8.1.3"), body)


def test_a_zung_jung_reference_uses_its_own_ids() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert screen.current == Entry("pattern", "3.3.2")
        assert "Big Three Winds" in plain(screen.query_one("#ref-title", Static))
        await settle(pilot)
        assert screen.example is not None
        assert "3.3.2" in {h.pattern.id for h in screen.example.result.counted}

    run(Host("3.3.2", ruleset="zung-jung"), body)


# --------------------------------------------------------------------------- actions


def test_practise_posts_a_random_round_aimed_at_the_pattern() -> None:
    # At the learner's level: the app resolves it (see test_progress_moves).
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await pilot.press("p")
        await pilot.pause()
        assert pilot.app.posted == [StartRandom(difficulty=LEARNER_LEVEL, target="8.1.3")]  # type: ignore[attr-defined]

    run(Host("8.1.3"), body)


def test_practise_is_not_offered_on_a_ruling() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await pilot.press("p")
        await pilot.pause()
        assert pilot.app.posted == []  # type: ignore[attr-defined]
        assert screen.check_action("practise", ()) is False

    run(Host("R10"), body)


def test_related_rulings_and_going_back() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        # 8.1.3 has relatives in family 8.1 (R10) and the stacking Wind Pung (R11).
        await pilot.press("r")
        assert screen.current == Entry("ruling", "R10")
        await pilot.press("r")
        assert screen.current == Entry("ruling", "R11")
        await pilot.press("backspace")
        assert screen.current == Entry("ruling", "R10")
        await pilot.press("backspace")
        assert screen.current == Entry("pattern", "8.1.3")
        assert screen.check_action("history_back", ()) is False

    run(Host("8.1.3"), body)


def test_open_moves_within_the_screen() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert screen.open("R13")
        assert screen.current == Entry("ruling", "R13")
        assert not screen.open("nothing like this")
        assert screen.current == Entry("ruling", "R13")

    run(Host("1.1"), body)


def test_readable_at_80_by_24() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        await settle(pilot)
        nav = screen.query_one("#ref-nav")
        detail = screen.query_one("#ref-detail")
        assert nav.size.width >= 26
        assert detail.size.width >= 40
        assert nav.region.right <= detail.region.x
        # Nothing breaks on the way down to a tiny window and up to a huge one.
        for size in ((30, 8), (200, 60), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert screen.current == Entry("pattern", "8.1.3")
        assert screen.example is not None

    run(Host("8.1.3"), body, size=(80, 24))



def test_a_house_ruleset_shows_its_own_values(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "mj-score-eval"\n\n'
                     '[patterns."8.1.3"]\nvalue = 150\n', encoding="utf-8")

    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        assert "Value 150" in plain(screen.query_one("#ref-text", Static))
        await settle(pilot)
        example = screen.example
        assert example is not None
        # The curated hands are scored under the house values: 8.1.3 is worth 150.
        hit = next(h for h in example.result.counted if h.pattern.id == "8.1.3")
        assert hit.points == 150
        # The built-in rulesets are listed for comparison, each at 120.
        assert plain(screen.query_one("#ref-others", Static)).count("120") == 3

    run(Host("8.1.3", ruleset=str(house)), body)
