"""The screens at 80x24 (issue 21): what used to be cut, wrapped or out of reach.

* Reference tree labels were cut off at the pane's edge ("13.1 Bonus Tile to All Bon")
  with nothing to say so; a label that does not fit is now cut with an ellipsis (a
  pattern keeps its id and value) and the page beside it shows it whole.
"""

from __future__ import annotations

from rich.style import Style
from textual.pilot import Pilot
from textual.widgets import Static, Tree

from mj_trainer.tui.screens.reference import ReferenceScreen
from tests.tui.test_reference_screen import Host, plain, run


def test_reference_tree_labels_fit_or_say_they_are_cut() -> None:
    async def body(pilot: Pilot[None], screen: ReferenceScreen) -> None:
        tree = screen.query_one("#ref-tree", Tree)
        tree.root.expand_all()
        await pilot.pause()
        width = tree.scrollable_content_region.width
        rules = screen.ruleset
        cut = 0
        nodes = []
        stack = list(tree.root.children)
        while stack:
            node = stack.pop()
            nodes.append(node)
            stack.extend(node.children)
        assert len(nodes) > 80
        for node in nodes:
            depth = 0
            parent = node.parent
            while parent is not None:
                depth += 1
                parent = parent.parent
            label = tree.render_label(node, Style(), Style()).plain
            assert depth * tree.guide_depth + len(label) <= width, (label, width)
            full = str(node.label)
            if label.endswith(full):
                continue
            cut += 1
            assert "…" in label, label
            entry = node.data
            if entry is not None and entry.kind == "pattern":
                p = rules.pattern(entry.key)
                assert label.startswith(("▶ ", "▼ ", "")) and p.id in label
                assert label.endswith(f" {p.value_text()}"), label
        assert cut  # at 80 columns some labels do not fit
        # The page beside shows a cut one whole.
        screen.select(next(n.data for n in nodes if n.data is not None
                           and n.data.kind == "family" and n.data.key == "13.1"))
        await pilot.pause()
        title = plain(screen.query_one("#ref-title", Static))
        assert "Bonus Tile to All Bonus Tiles" in title or "All Bonus Tiles" in plain(
            screen.query_one("#ref-text", Static)), title

    run(Host("13.1"), body, size=(80, 24))


def test_the_calculator_scrolls_to_the_other_readings_at_80x24(tmp_path: object) -> None:
    """The score sits below the builder in a few rows at 80x24; the other readings
    and the hand under every ruleset were reachable only by tabbing through every
    button. `o` scrolls there from the palette, page down and page up scroll it."""
    import asyncio
    from pathlib import Path

    from textual.containers import VerticalScroll

    from mj_trainer.tui.messages import OpenCalculator
    from mj_trainer.tui.screens.calculator import CalculatorScreen
    from tests.tui.test_app_kit import app_for, wait_for

    assert isinstance(tmp_path, Path)
    app = app_for(tmp_path)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            # Two readings: three pungs, or three chows of 1-2-3 (5.2.1 against 3.1.3).
            app.post_message(OpenCalculator("c111222333 b55 k78 +k9 self"))
            await wait_for(pilot, lambda: isinstance(app.screen, CalculatorScreen))
            calc = app.screen
            assert isinstance(calc, CalculatorScreen)
            await pilot.pause()
            area = calc.query_one("#calc-result", VerticalScroll)
            others = calc.query_one("#calc-others")
            lines = others.render_lines(others.region.reset_offset)
            drawn = "\n".join(line.text for line in lines)
            assert "Under every ruleset" in drawn and "Reading 2" in drawn, drawn
            assert not area.region.overlaps(others.region)  # out of view at first
            assert calc.focused is not None and calc.focused.id == "calc-palette"
            await pilot.press("o")
            await pilot.pause()
            assert area.scroll_y > 0
            assert area.region.overlaps(others.region)
            top = area.scroll_y
            await pilot.press("pageup")
            await pilot.pause()
            assert area.scroll_y < top
            await pilot.press("pagedown")
            await pilot.pause()
            assert area.scroll_y > 0

    asyncio.run(body())
