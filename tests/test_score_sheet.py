"""The score sheet (`engine.score_sheet`): what a hand's breakdown says, laid out once for
the `score` command and the app's calculator, each of which draws it with Rich.

The two drawings are a few lines on each side (`cli.score_view.rich_blocks`,
`tui.sheet_text.sheet_renderables`), since the app may not import the command line;
these tests keep them equal, style for style, on sheets that use every kind of block.
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType

from mj_trainer.cli.score_view import rich_blocks
from mj_trainer.engine.compare import compare_rulesets, compare_scores
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.score_sheet import (
    Block,
    Grid,
    Line,
    breakdown,
    comparison,
    how_text,
    total_line,
)
from mj_trainer.engine.scoring import score
from mj_trainer.engine.settlement import parse_loser, settle_table
from mj_trainer.tui.sheet_text import sheet_renderables

# The settlement of the README (tests/test_cli_settlement.py has its arithmetic).
WINNER = "dr dr dr c234 c567 b99 k45 +k6 seat:south ruleset:classical"
LOSERS = ["c111 b23 k77899 [we we we] seat:east",
          "c19 b19 k19 ws ww wn dr dg dw dw seat:west",
          "c55 c66 c77 b44 b88 k22 k3 seat:north"]
HANDS = [
    "c123 c456 b234 b567 k5 +k5 self",  # a plain sum, read one way
    "c111 c222 c333 c444 c5 +c5",  # capped, four readings, patterns not counted
    "c123 c456 b234 b56 k5 k5 +c1",  # not a win
    "c123 c456 b234 b567 k5 +k5 f1 s2 self ruleset:classical",  # doubled; bonus ignored
    "c19 b19 k19 we ws ww wn dr dg dw +dw ruleset:classical",  # a limit hand
]


def _sheets() -> list[list[Block]]:
    sheets = []
    for text in HANDS:
        hand = parse(text)
        sheets.append(breakdown(score(hand, load(hand.ruleset)), all_arrangements=True))
        sheets.append(comparison(compare_scores(hand, compare_rulesets(None))))
    winner = score(parse(WINNER), load("classical"))
    table = settle_table(winner, [parse_loser(text) for text in LOSERS])
    sheets.append(breakdown(winner, settlement=table))
    return sheets


def _drawn(renderables: list[RenderableType]) -> str:
    console = Console(record=True, width=100, force_terminal=True, color_system="truecolor")
    console.print(Group(*renderables))
    return console.export_text(styles=True)


def test_the_sheets_cover_every_kind_of_block_and_cell() -> None:
    blocks = [b for sheet in _sheets() for b in sheet]
    grids = [b for b in blocks if isinstance(b, Grid)]
    cells = [c for g in grids for row in g.rows for c in row]
    assert any(isinstance(b, Line) and b.style for b in blocks)  # a style under a line
    assert any(isinstance(b, Line) and len(b.spans) > 1 for b in blocks)  # styled spans
    assert any(g.title for g in grids) and any(not g.title for g in grids)
    assert any(isinstance(c, str) for c in cells) and any(isinstance(c, Line) for c in cells)
    assert any("Settlement" in g.title for g in grids)


def test_the_command_line_and_the_app_draw_a_sheet_alike() -> None:
    for sheet in _sheets():
        cli = _drawn(rich_blocks(sheet))
        app = _drawn(sheet_renderables(sheet))
        assert cli == app
        assert "\x1b[" in cli  # drawn with its colors, so styles are compared too


def test_the_total_line_says_how_the_total_came_about() -> None:
    def words(text: str) -> str:
        hand = parse(text)
        return "".join(t for t, _ in total_line(score(hand, load(hand.ruleset))).spans)

    # 440 in patterns (200 + 125 + 80 + 30 + 5), capped at 320.
    assert words(HANDS[1]) == "Total 320  the sum 440 is capped at 320"
    assert words(HANDS[2]).startswith("Not a winning hand: Illegal Call")
    # classical: 20 + 2 (only tile) + 2 (pair) = 24 points, x 2 for all chows.
    assert words("c123 c456 b234 b567 k5 +k5 ruleset:classical") == (
        "Total 48 = 24 points × 2^1")
    hand = parse(HANDS[0])
    assert how_text(score(hand, load(hand.ruleset))) == "sum"
