"""The pattern descriptions of the built-in rulesets say what their seed says.

Each description is the one text a learner reads of a pattern (the reference, the
lessons and the glossary show it), so it may add no condition the seed lacks and leave
out none it has.  Each test below holds one description fixed in the audit of issue 21
to its seed, quoted, and checks that the engine scores what the words say.
"""

from __future__ import annotations

import re

import pytest

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.engine.scoring import Score, Why, score

DEFAULT = load("mj-score-eval")
EARLY = load("mj-score-eval-early")
ZJ = load("zung-jung")
BUILT_IN = (DEFAULT, EARLY, ZJ, load("classical"))


def _scored(text: str, rules: Ruleset = DEFAULT) -> Score:
    return score(parse(text), rules)


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.best.counted}


def _why(s: Score, pid: str) -> tuple[Why | None, str | None]:
    hit = next(h for h in s.best.hits if h.pattern.id == pid)
    return hit.why, hit.by.id if hit.by else None


def _says(rules: Ruleset, pid: str) -> str:
    return rules.pattern(pid).description


# --------------------------------------------------------------------- every text


@pytest.mark.parametrize("rules", BUILT_IN, ids=lambda r: r.id)
def test_every_description_is_one_or_two_sentences(rules: Ruleset) -> None:
    for p in rules.patterns:
        ends = re.findall(r"[.!?](?:\s|$)", p.description)
        assert 1 <= len(ends) <= 2, (p.id, p.description)


@pytest.mark.parametrize("rules", BUILT_IN, ids=lambda r: r.id)
def test_no_terminal_pattern_asks_for_an_honor(rules: Ruleset) -> None:
    # R22: "mixed" terminal patterns ask for a terminal *or* an honor.
    for p in rules.patterns:
        if p.detector in ("mixed_lesser_terminals", "mixed_greater_terminals"):
            assert "at least one honor" not in p.description
            assert "some of each" not in p.description


# ------------------------------------------------------------ 7.2 terminal family


def test_mixed_lesser_terminals_asks_for_a_terminal_or_an_honor_only() -> None:
    # Seed 000 7.2.1: "Every of the 4 sets in the hand, as well as the pair of eyes,
    # includes a terminal tile or an honor tile."  No honor is required (R22).
    for rules, pid, pure in ((DEFAULT, "7.2.1", "7.2.2"), (ZJ, "8.1.1", "8.1.2")):
        text = _says(rules, pid)
        assert "a 1, a 9 or an honor" in text and "outranks" in text and "R22" in text
        s = _scored("b111 k123 c789 c123 k9 +k9", rules)
        assert _counted(s).get(pure) == 1
        assert _why(s, pid) == (Why.OUTRANKED, pure)
        assert s.total == _scored("b111 k123 c789 c123 k9 +k9", rules).total


def test_mixed_greater_terminals_asks_for_terminals_and_honors_only() -> None:
    # Seed 000 7.2.3: "An All Pungs or Seven Pairs hand which consists entirely of
    # terminal and honor tiles."  Without honors Pure Greater Terminals outranks it.
    for rules, pid, pure in ((DEFAULT, "7.2.3", "7.2.4"), (ZJ, "8.1.3", "8.1.4")):
        text = _says(rules, pid)
        assert "Every tile is a 1, a 9 or an honor" in text
        assert "Pure Greater Terminals, which outranks it" in text
        for hand in ("c111 c999 b111 b999 k9 +k9", "c11 c99 b11 b99 k11 k99 c1 +c1"):
            s = _scored(hand, rules)
            assert _counted(s) == {pure: 1}
            assert _why(s, pid) == (Why.OUTRANKED, pure)


def test_pure_lesser_terminals_states_no_honors_as_a_consequence() -> None:
    # Seed 000 7.2.2: "... includes a terminal number tile": an honor set has none.
    assert _says(DEFAULT, "7.2.2") == ("Every set and the eyes hold a 1 or a 9, which "
                                       "leaves no room for honors.")


# ------------------------------------------------------------------ category 1


def test_concealed_hand_names_the_shapes_the_seed_names() -> None:
    # Seed 000 9.1.1: "Seven Pairs is always Concealed Hand"; 11.0: "Thirteen Orphans
    # hand does not count for Concealed Hand".
    text = _says(DEFAULT, "1.3")
    # "Seven pairs always count it" read as plural pairs; the hand is one hand.
    assert "A seven pairs hand always counts it" in text and "thirteen orphans never" in text
    assert "1.3" in _counted(_scored("c11 c55 b22 b66 k33 we we dr +dr"))
    orphans = _scored("c1 c9 b1 b9 k1 k9 we ws ww wn dr dg dw +dw")
    assert "1.3" not in _counted(orphans)


def test_all_types_names_thirteen_orphans() -> None:
    # Seed 000 11.0: "Thirteen Orphans hand does not count for ... All Types".
    assert "Thirteen orphans never counts it (R16)" in _says(DEFAULT, "1.6")
    orphans = _scored("c1 c9 b1 b9 k1 k9 we ws ww wn dr dg dw +dw")
    assert _why(orphans, "1.6")[0] is Why.SHAPE


def test_early_all_types_needs_sets_of_five_types() -> None:
    # Seed 001 1.6: "A hand consisting of all 5 tile types: the 4 melds and eyes are
    # each of different tile types."  Seven pairs have no melds, so never (R30).
    hand = "c55 b336688 k1 ws ws dr dr +k1 self"
    assert "1.6" in _counted(_scored(hand))  # the newer guide: a tile of each type (R15)
    early = _scored(hand, EARLY)
    assert "1.6" not in _counted(early)
    assert early.total == 35 + 5  # Seven Pairs 35 flat and Self Drawn
    assert "seven pairs hand never counts it here (R30)" in _says(EARLY, "1.6")
    regular = _scored("c345 b444 k789 wn wn wn dr +dr", EARLY)
    assert "1.6" in _counted(regular)


def test_early_concealed_hand_and_seven_pairs_give_the_reason() -> None:
    # Seed 001 11.0: "Irregular hands do not count for 'Concealed Hand'"; 9.1.1 is 35.
    assert "only four sets and a pair count it" in _says(EARLY, "1.3")
    assert "winning tile may be a discard" in _says(EARLY, "1.3")
    assert "this guide adds no Concealed Hand" in _says(EARLY, "9.1.1")
    assert "four alike may serve as two pairs" in _says(EARLY, "9.1.1")


# -------------------------------------------------------------- sets and pairs


def test_two_identical_chows_twice_need_not_be_two_different_chows() -> None:
    # Seed 000 3.1.2: "two groups of Two Identical Chows" -- four alike chows are two
    # such groups too (outranked by Four Identical Chows).
    assert "different" not in _says(DEFAULT, "3.1.2")
    assert "different" not in _says(ZJ, "5.1.2")
    s = _scored("c345 c345 c345 c345 b5 +b5")
    assert _why(s, "3.1.2") == (Why.OUTRANKED, "3.1.4")


def test_seven_pairs_says_it_is_always_concealed() -> None:
    # Seed 000 9.1.1 note: "Seven Pairs is always Concealed Hand, so it scores at
    # least 30+5=35 points."
    assert "at least 35" in _says(DEFAULT, "9.1.1")
    s = _scored("c11 c55 b22 b66 k33 we we dr +dr")
    assert {"9.1.1", "1.3"} <= set(_counted(s)) and s.total >= 35


# ----------------------------------------------------------------- incidentals


def test_final_draw_and_discard_say_which_tile() -> None:
    # Seed 000 12.1.1: "the last tile in the wall, excluding the king's tiles"; 12.1.2:
    # "the last discard by the player who has drawn the seabed tile".
    assert "self-drawn win on the last tile of the wall" in _says(DEFAULT, "12.1.1").lower()
    for rules, pid in ((DEFAULT, "12.1.2"), (ZJ, "9.1.2")):
        assert "the player who drew the last tile of the wall" in _says(rules, pid)


def test_win_on_kong_adds_final_draw_when_both() -> None:
    # Seed 000 12.2.1 note: "if the supplement tile is also the seabed tile, both
    # patterns can be counted."
    assert "Final Draw counts too" in _says(DEFAULT, "12.2.1")
    assert "Final Draw counts too" in _says(DEFAULT, "12.2.2")
    assert "Final Draw counts too" in _says(ZJ, "9.2")
    s = _scored("c123 b456 k78 c55 {ww ww ww ww} +k9 self win-on-kong final-draw")
    assert {"12.1.1", "12.2.1"} <= set(_counted(s))


def test_robbing_a_kong_names_the_concealed_kong_rule() -> None:
    # Seed 000 12.3: "only Thirteen Orphans hand can rob a concealed kong."
    assert "Only a thirteen orphans hand may rob a concealed kong" in _says(DEFAULT, "12.3")


def test_blessings_name_easts_concealed_kong() -> None:
    # Seed 000 12.4.1 and 12.4.2, seed 002 9.4.1 and 9.4.2: "does not count if East has
    # made a concealed kong."
    for rules, pid in ((DEFAULT, "12.4.1"), (DEFAULT, "12.4.2"), (ZJ, "9.4.1"),
                       (ZJ, "9.4.2")):
        assert "East declared a concealed kong" in _says(rules, pid), pid


# ---------------------------------------------------------------- Zung Jung


def test_zung_jung_concealed_hand_says_why_seven_pairs_do_not_add_it() -> None:
    # Seed 002 10.2: "(A Seven Pairs hand is always a 'Concealed Hand', so it scores at
    # least 25+5=30 points.)"  Official Zung Jung defines 1.2 for a regular hand: the
    # 30 already holds it (R31).
    text = _says(ZJ, "1.2")
    assert "never" not in text.split("Zung Jung defines it")[0]
    assert "four sets and a pair" in text and "already holds it in its 30" in text
    pairs = _says(ZJ, "10.2")
    assert "already holds the Concealed Hand" in pairs and "25 + 5" in pairs
    s = _scored("c11 c55 b22 b66 k33 we we dr +dr", ZJ)
    assert _counted(s) == {"10.2": 1} and s.total == 30
