"""Feedback as drawn in the quiz: tiles inside explanations in the chosen tile style
(a concealed pung one block), stacking rows marked in the breakdown, and claims the
limit replaced marked apart from wrong claims."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Group, GroupKind
from mj_trainer.engine.notation import group_text
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, YesNoAnswer
from mj_trainer.tui.tile_text import TileStyle, style_of
from mj_trainer.tui.tile_words import face, tiles_in_words
from mj_trainer.tui.widgets.feedback import feedback_lines
from tests.quizzes.conftest import question

C9 = tiles.CODE_TO_TILE["c9"]
WW = tiles.CODE_TO_TILE["ww"]


def _faces(text: Text) -> list[str]:
    """The styled runs that are tile faces (the joints between them are left out)."""
    return [text.plain[s.start:s.end] for s in text.spans
            if s.style not in ("", "bold") and text.plain[s.start:s.end] != "·"]


def test_tiles_in_a_sentence_are_drawn_in_the_text_style() -> None:
    out = tiles_in_words("needs no 1s, 9s or honors: c9 in c789 is a terminal.", TileStyle.TEXT)
    assert out.plain == "needs no 1s, 9s or honors: 9c in 7c·8c·9c is a terminal."
    assert _faces(out) == ["9c", "7c", "8c", "9c"]
    assert all(s.style == style_of(C9) for s in out.spans)


def test_a_concealed_pung_of_honors_is_one_unbroken_set() -> None:
    out = tiles_in_words("ww ww ww stays concealed", TileStyle.TEXT)
    # Three west winds joined, with no space a line could break at: one set, not three words.
    assert out.plain == "W·W·W stays concealed"
    assert all(s.style == style_of(WW) for s in out.spans)


@pytest.mark.parametrize("width", range(20, 48))
def test_a_set_never_wraps_inside(width: int) -> None:
    text = "so the pung ww ww ww and the chow c789 and [dr dr dr dr] stay as they are"
    out = tiles_in_words(text, TileStyle.CJK)
    lines = [ln.plain.strip() for ln in out.wrap(Console(width=width), width)]
    for whole in ("西·西·西", "7筒·8筒·9筒", "[中·中·中·中]"):
        assert any(whole in ln for ln in lines), lines


def test_melds_keep_their_brackets_in_every_style() -> None:
    for style in TileStyle:
        out = tiles_in_words("[dg dg dg dg] was exposed; {k8888} was not", style)
        dg = face(tiles.CODE_TO_TILE["dg"], style)
        k8 = face(tiles.CODE_TO_TILE["k8"], style)
        joint = "" if style is TileStyle.UNICODE else "·"
        assert out.plain == (f"[{joint.join([dg] * 4)}] was exposed; "
                             f"{{{joint.join([k8] * 4)}}} was not")


def test_cjk_and_unicode_styles_draw_their_own_faces() -> None:
    assert "9筒 in 7筒·8筒·9筒" in tiles_in_words("c9 in c789", TileStyle.CJK).plain
    unicode = tiles_in_words("c9 in c789", TileStyle.UNICODE).plain
    assert unicode.startswith(chr(0x1F021))
    assert "c9" not in unicode


def test_words_that_are_not_tiles_are_left_alone() -> None:
    text = "R12 says 1.3 (mj-score-eval) and F2 hints; a b-grade c-note, 9s and 1s."
    assert tiles_in_words(text, TileStyle.TEXT).plain == text


_GROUPS = st.builds(
    Group,
    st.sampled_from([GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR]),
    st.integers(0, 33), st.booleans(), st.booleans()).filter(
    lambda g: g.kind is not GroupKind.CHOW or (g.tile < 27 and tiles.RANK[g.tile] <= 7))


@settings(max_examples=150, deadline=None)
@given(st.lists(_GROUPS, min_size=1, max_size=5), st.sampled_from(list(TileStyle)))
def test_every_tile_of_every_set_is_drawn_once(groups: list[Group], style: TileStyle) -> None:
    sentence = "the hand: " + ", ".join(group_text(g) for g in groups) + "."
    out = tiles_in_words(sentence, style)
    assert _faces(out) == [face(t, style) for g in groups for t in g.tiles]
    assert out.plain.startswith("the hand: ") and out.plain.endswith(".")
    assert out.plain.count(", ") == len(groups) - 1


def _lines(text: str, claims: dict[str, int], total: int) -> list[str]:
    q = question(text)
    g = grade(q, PatternsAnswer.of(claims, total))
    return [ln.content.plain for ln in feedback_lines(g, hints=[], width=76,
                                                      style=TileStyle.TEXT)]


def test_the_breakdown_marks_rows_that_stack() -> None:
    lines = _lines("we we we ws ws ws wn wn c123 k55 +k5", {}, 0)
    wind_pung = next(ln for ln in lines if ln.strip().startswith("✔ 8.1.1"))
    little = next(ln for ln in lines if ln.strip().startswith("✔ 8.1.2"))
    assert wind_pung.rstrip().endswith("stacks")
    assert little.rstrip().endswith("counts")


def test_a_claim_the_limit_replaced_is_marked_replaced_not_wrong() -> None:
    lines = _lines("we we we ws ws ws ww ww ww wn wn wn c5 +c5",
                   {"8.1.5": 1, "2.1": 1, "8.1.3": 1, "1.6": 1}, 400)
    assert any("replaced by the limit: 2.1 All Pungs" in ln for ln in lines)
    assert any("claimed but outranked: 8.1.3 Big Three Winds" in ln for ln in lines)
    assert any("wrongly claimed: 1.6 All Types" in ln for ln in lines)


def test_explanations_in_the_feedback_draw_their_tiles() -> None:
    lines = _lines("c234 c456 b345 c789 k5 +k5", {"1.5": 1}, 5)
    why = next(ln for ln in lines if "All Simples (1.5) needs" in ln)
    assert "9c in 7c·8c·9c is a terminal" in why


def test_a_hand_that_is_no_win_says_its_shapes_once() -> None:
    q = question("c123 c456 b234 b567 k5 +k6", QuestionKind.IS_WIN)
    g = grade(q, YesNoAnswer(True))
    lines = [ln.content.plain for ln in feedback_lines(g, hints=[], width=76,
                                                      style=TileStyle.TEXT)]
    text = "\n".join(lines)
    assert text.count("four sets and a pair, seven pairs or thirteen orphans") == 1
    assert "an Illegal Call (1.7), which costs 40 points (R7)" in text
    assert "6k in place of 5k would make the pair 6k·6k" in text
    assert any(ln.strip() == "No reading makes a winning hand (R7)." for ln in lines)


def test_the_note_about_a_hand_draws_its_tiles() -> None:
    q = question("c123 c456 b234 b567 k5 +k6", QuestionKind.IS_WIN)
    item = replace(q.item, title="No pair", note="k5 and k6 are not a pair.")
    g = grade(replace(q, item=item), YesNoAnswer(False))
    lines = [ln.content.plain for ln in feedback_lines(g, hints=[], width=76,
                                                      style=TileStyle.CJK)]
    assert "About this hand: No pair — 5萬 and 6萬 are not a pair." in lines


def test_a_ruling_cited_in_the_sentence_is_not_repeated_as_a_tag() -> None:
    # Issue 21: "... (R7).  [R7]".  A ruling the sentence names in parentheses gets no
    # tag; a pattern id keeps its tag (it says which pattern `r` opens).
    from mj_trainer.tui.widgets.feedback import explanation_line
    q = question("c123 c456 b234 b567 k5 +k6", QuestionKind.IS_WIN)
    (e,) = grade(q, YesNoAnswer(True)).explanations
    assert e.rule_id == "R7" and "(R7)" in e.text
    assert not explanation_line(e, mistake=True).content.plain.rstrip().endswith("[R7]")
    g = grade(question("c123 c456 b234 b567 k5 +k5"), PatternsAnswer.of({"1.2": 1}, 10))
    missed = next(e for e in g.explanations if e.pattern_id == "1.3")
    assert explanation_line(missed, mistake=True).content.plain.endswith("  [1.3]")
