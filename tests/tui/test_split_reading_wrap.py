"""A reading given in a split question is shown set by set, each set one unbroken
block: at 80x24 lesson 1.1's feedback broke '5) 9b 9b' between its two tiles."""

from __future__ import annotations

from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.feedback import split_line
from tests.quizzes.conftest import question


def test_each_set_of_a_reading_is_one_block_and_wraps_between_sets() -> None:
    # Lesson 1.1's hand b1111 b2233 b78 b999 +b9 self-drawn (Big Mountain), read
    # with b2 b3 b9 as a group: the feedback lists the five groups given.
    q = question("b1111223378999 +b9 self", kind=QuestionKind.SPLIT)
    answer = SplitAnswer((("b1", "b1", "b1"), ("b1", "b2", "b3"), ("b7", "b8", "b9"),
                          ("b2", "b3", "b9"), ("b9", "b9")))
    line = split_line(grade(q, answer), TileStyle.TEXT)
    blocks = ["1b·1b·1b", "1b·2b·3b", "7b·8b·9b", "2b·3b·9b", "9b·9b"]
    assert "  ".join(f"{k}) {b}" for k, b in enumerate(blocks, start=1)) in line.content.plain
    # At the width of the feedback at 80 columns, every set stays on one row.
    rows = [r.plain for r in line.content.wrap(74)]
    assert len(rows) == 2
    for block in blocks:
        assert any(block in r for r in rows), (block, rows)


def test_with_its_width_the_reading_breaks_only_between_numbered_sets() -> None:
    # The same lesson hand read 11 123 123 789 999 at the feedback's width at 80 columns:
    # the row broke between '5)' and its tiles ('... 5)' / '9c·9c·9c').
    q = question("c1111233789999 +c2 self", kind=QuestionKind.SPLIT)
    answer = SplitAnswer((("c1", "c1"), ("c1", "c2", "c3"), ("c1", "c2", "c3"),
                          ("c7", "c8", "c9"), ("c9", "c9", "c9")))
    blocks = ["1) 1c·1c", "2) 1c·2c·3c", "3) 1c·2c·3c", "4) 7c·8c·9c", "5) 9c·9c·9c"]
    for width in (30, 40, 60, 73, 120):
        line = split_line(grade(q, answer), TileStyle.TEXT, width)
        rows = line.content.plain.split("\n")
        assert all(len(r) <= max(width, len(rows[0])) for r in rows), (width, rows)
        for block in blocks:
            assert any(block in r for r in rows), (width, block, rows)
        assert (len(rows) == 1) is (width >= 120)
        if len(rows) > 1:  # later rows start under the first set
            indent = rows[0].index("1)")
            assert all(r.startswith(" " * indent) and r[indent] != " " for r in rows[1:])


def test_a_skipped_reading_question_has_no_empty_heading() -> None:
    # Lesson 1.1's drill, a split question skipped: "The answer" stood with nothing
    # under it, straight above "Why", which gives a reading that works.
    from mj_trainer.tui.widgets.feedback import feedback_lines

    q = question("b1111223378999 +b9 self", kind=QuestionKind.SPLIT)
    lines = feedback_lines(grade(q, None), hints=[], width=78, style=TileStyle.TEXT)
    texts = [ln.content.plain for ln in lines]
    assert texts[0].startswith("⏭  Skipped")
    assert texts[1] == "Why"
    assert texts[2].startswith("• One reading of this hand: 1b 2b 3b")
    headers = [i for i, ln in enumerate(lines) if ln.header]
    for here, after in zip(headers, [*headers[1:], len(lines)], strict=True):
        assert after - here > 1, f"heading {texts[here]!r} has nothing under it"


def test_a_reason_not_counted_goes_under_its_row_when_it_does_not_fit() -> None:
    # At 80x24 every "How it scores" table broke "not counted:" across the row's end
    # ("… 5  not" / "counted: the limit hand Big Mountain (7.1.6, 400) stands alone").
    from mj_trainer.engine.notation import parse
    from mj_trainer.engine.scoring import score
    from mj_trainer.tui.widgets.feedback import hit_line

    result = score(parse("b1111223378999 +b9 self"))  # Big Mountain, a limit hand
    best = result.best
    idle = [h for h in best.hits if not h.counted]
    assert idle
    for width in (40, 60, 76):
        for h in idle:
            rows = hit_line(h, width, best).content.plain.split("\n")
            assert len(rows) >= 2
            assert rows[1].lstrip().startswith("not counted: ")
            assert all(len(r) <= width for r in rows[1:]), rows
            assert " ".join(r.strip() for r in rows[1:]) == f"not counted: {h.reason()}"
    wide = hit_line(idle[0], 200, best).content.plain
    assert "\n" not in wide and wide.endswith(f"  not counted: {idle[0].reason()}")
