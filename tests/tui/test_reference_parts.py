"""The reference's building blocks without a UI: rulings, examples, tile layout."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.quizzes.examples import EXAMPLE_SEED, find_example
from mj_trainer.quizzes.quiz_hand import QuizHand
from mj_trainer.quizzes.rulings import (
    RULINGS,
    family_text,
    overview_text,
    related_rulings,
    ruling_key,
)
from mj_trainer.tui.tile_text import TILE_WIDTH, TileStyle
from mj_trainer.tui.widgets.reference_tiles import TileFlow, bonus_piece, context_text, hand_pieces

# --------------------------------------------------------------------------- rulings


def test_every_ruling_page_is_valid_markup_in_every_builtin_ruleset() -> None:
    for name in builtin_names():
        rules = load(name)
        pages = [r.text(rules) for r in RULINGS.values()]
        pages.append(overview_text(rules))
        pages.extend(family_text(rules, p.family) for p in rules.patterns)
        for page in pages:
            assert Content.from_markup(page).plain.strip()


def test_ruling_keys() -> None:
    assert ruling_key("r12") == "R12"
    assert ruling_key(" R5 ") == "R5"
    assert ruling_key("R8") is None  # no page: R8 and R9 do not exist
    assert ruling_key("12") is None


def test_the_cap_page_takes_its_numbers_from_the_ruleset() -> None:
    text = Content.from_markup(RULINGS["R12"].text(load())).plain
    assert "above 320" in text  # R12: the sum is capped at 320
    assert "worth 320 or more" in text


def test_the_chicken_page_names_the_bonus_tile_value() -> None:
    text = Content.from_markup(RULINGS["R13"].text(load())).plain
    # R13 with 13.1: a bare win with flowers adds 2 for each flower.
    assert "Chicken Hand (1.1)" in text
    assert "plus 2 for each flower" in text


def test_related_rulings() -> None:
    rules = load()
    # Chicken Hand is alone in its family; it has its own ruling.
    assert related_rulings(rules.pattern("1.1"), rules) == ["R13"]
    # Nine Gates: a limit hand (R12) with a ruling of its own (R17).
    assert related_rulings(rules.pattern("6.2"), rules) == ["R12", "R17"]
    # Two-Tailed Terminal Chows: a family with stacking members, built from chows.
    assert related_rulings(rules.pattern("7.1.1"), rules) == ["R10", "R11", "R5"]
    # Thirteen Orphans has its ruling; Concealed Hand never counts for it (R16).
    assert "R16" in related_rulings(rules.pattern("11.1"), rules)
    assert "R16" in related_rulings(rules.pattern("1.3"), rules)


# --------------------------------------------------------------------------- examples

WINDS = "[we we we] [ws ws ws] wn wn wn b234 k7 +k7"  # 8.1.3 120 + 3 x 8.1.1 5 = 135
BUSY = "[we we we] [ws ws ws] [ww ww ww] dr dr dr c5 +c5"  # 8.1.3, 8.1.1 x 3, 8.2.1, ...


def test_a_hand_written_about_the_pattern_comes_first() -> None:
    pool = [
        QuizHand("plain", parse(WINDS), "plain"),
        QuizHand("about", parse(BUSY), "about", about=("8.1.3",)),
    ]
    example, curated = find_example(load(), "8.1.3", 0, pool)
    assert curated == 2
    assert example is not None and example.title == "about" and example.focus
    second, _ = find_example(load(), "8.1.3", 1, pool)
    assert second is not None and second.title == "plain"


def test_the_plainest_hand_comes_first_among_equals() -> None:
    pool = [QuizHand("busy", parse(BUSY), "busy"), QuizHand("plain", parse(WINDS), "plain")]
    example, _ = find_example(load(), "8.1.3", 0, pool)
    assert example is not None and example.title == "plain"
    assert example.result.total == 135


def test_a_pattern_no_pool_hand_shows_gets_a_generated_hand() -> None:
    rules = load()
    example, curated = find_example(rules, "8.1.3", 0, [])
    assert curated == 0
    assert example is not None and example.generated
    assert example.source == f"generated (seed {EXAMPLE_SEED})"
    assert "8.1.3" in {h.pattern.id for h in example.result.counted}
    again, _ = find_example(rules, "8.1.3", 0, [])
    assert again is not None and again.hand == example.hand  # a fixed seed
    other, _ = find_example(rules, "8.1.3", 1, [])
    assert other is not None and other.source == f"generated (seed {EXAMPLE_SEED + 1})"


# --------------------------------------------------------------------------- tiles


def test_tile_flow_breaks_lines_between_pieces_only() -> None:
    pieces = [Text("a" * 14), Text("b" * 14), Text("c" * 14)]
    # 14 + 2 + 14 = 30 fits in 30; the third piece starts a new line.
    lines = TileFlow(pieces).lines(30)
    assert [line.plain for line in lines] == ["a" * 14 + "  " + "b" * 14, "c" * 14]
    assert len(TileFlow(pieces).lines(100)) == 1
    assert len(TileFlow(pieces).lines(10)) == 3


def test_hand_pieces_keep_melds_apart_and_mark_the_winning_tile() -> None:
    # c123 c99 and b55 +b5 concealed, a concealed kong of k8, an exposed red pung:
    # 8 concealed tiles + 4 + 3 = 15, the 14 of a hand plus one for the kong (R4).
    hand = parse("c123 c99 b55 {k8888} [dr dr dr] +b5 self f1")
    pieces = hand_pieces(hand)
    texts = [p.plain for p in pieces]
    # One piece per concealed suit (coins: 5 tiles, bamboo: 3), then the two melds.
    assert len(pieces) == 4
    assert sorted(len(t) for t in texts[:2]) == [3 * TILE_WIDTH + 2, 5 * TILE_WIDTH + 4]
    assert texts[2].startswith("{") and texts[2].endswith("}")
    assert texts[3].startswith("[") and texts[3].endswith("]")
    # Exactly one copy of the winning 5 of bamboo is highlighted (underlined).
    marked = [s for p in pieces for s in p.spans if "underline" in str(s.style)]
    assert len(marked) == 1
    bonus = bonus_piece(hand, style=TileStyle.CJK)
    assert bonus is not None and "花" in bonus.plain
    assert context_text(hand).startswith("self-drawn")


def test_an_example_names_the_prevailing_wind_as_the_quiz_does() -> None:
    """The quiz and the lessons say "prevailing"; the reference said "round wind"."""
    hand = parse("c123 c456 b234 b567 k5 +k5 seat:south wind:west")
    text = context_text(hand)
    assert "seat south · prevailing west" in text and "round wind" not in text
