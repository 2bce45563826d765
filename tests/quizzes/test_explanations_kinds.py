"""Other hands of the kinds issue 21 found (explanations that are always right).

`tools/read_explanations.py` gives every wrong answer of each kind on hands generated
for every pattern of a ruleset and prints what the feedback says.  Each test below
holds a sentence that reading found wrong, on the hand it was found on: the tiles it
points at and the reason it gives, quoted against the seed where a rule is at stake.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.ruleset import Ruleset, load
from mj_trainer.quizzes.explanation import Explanation
from mj_trainer.quizzes.explanation import ExplanationKind as K
from mj_trainer.quizzes.grading import Grade, grade
from mj_trainer.quizzes.questions import PatternsAnswer
from tests.quizzes.conftest import question

EARLY = load("mj-score-eval-early")
ZJ = load("zung-jung")


def _claimed(text: str, pid: str, rules: Ruleset | None = None, total_off: int = 0
             ) -> tuple[Grade, Explanation | None]:
    """The hand's own patterns and total, with `pid` claimed as well."""
    q = question(text, ruleset=rules)
    claims = {h.pattern.id: h.count for h in q.result.best.counted}
    if pid:
        claims[pid] = claims.get(pid, 0) + 1
    g = grade(q, PatternsAnswer.of(claims, q.result.total + total_off))
    about = [e for e in g.explanations if e.pattern_id == pid]
    return g, about[0] if about else None


def _about(text: str, pid: str, rules: Ruleset | None = None) -> Explanation:
    _, e = _claimed(text, pid, rules)
    assert e is not None
    return e


# ------------------------------------------------------- honor families: never "only"

@pytest.mark.parametrize(("text", "pid", "said", "sets"), [
    # A "little" pattern on a hand with one pung more: it said "the hand has only
    # we we we, [ww ww ww] and wn wn wn" for Little Three Winds (seed 000 8.1.2: two
    # wind pungs and a pair of a third wind).
    ("k7 we we we wn wn wn [b345] [ww ww ww] +k7", "8.1.2",
     "Little Three Winds (8.1.2) needs two wind pungs and a pair of a third wind, and the "
     "hand has three wind pungs instead: we we we, [ww ww ww] and wn wn wn.",
     ("we we we", "[ww ww ww]", "wn wn wn")),
    ("k77 we we [ws ws ws] {ww ww ww ww} [wn wn wn wn] +we self", "8.1.4",
     "Little Four Winds (8.1.4) needs three wind pungs and a pair of the fourth wind, and "
     "the hand has four wind pungs instead: we we we, [ws ws ws], {ww ww ww ww} and "
     "[wn wn wn wn].",
     ("we we we", "[ws ws ws]", "{ww ww ww ww}", "[wn wn wn wn]")),
    # Big Four Winds on Little Four Winds: three pungs and the fourth wind only a pair.
    ("b44 ww ww [we we we we] {ws ws ws ws} [wn wn wn] +b4 self", "8.1.5",
     "Big Four Winds (8.1.5) needs a pung or kong of each of the four winds, and the hand "
     "has only three wind pungs, [we we we we], {ws ws ws ws} and [wn wn wn], beside the "
     "pair ww ww.",
     ("[we we we we]", "{ws ws ws ws}", "[wn wn wn]", "ww ww")),
    # Two dragon pungs: what is missing is the pair of the third dragon.
    ("b78 k12388 dr dr dr dg dg dg +b6 self", "8.2.2",
     "Little Three Dragons (8.2.2) needs two dragon pungs and a pair of the third dragon, "
     "and the hand has two dragon pungs, dr dr dr and dg dg dg, but its pair k88 is no "
     "dragon.",
     ("dr dr dr", "dg dg dg", "k88")),
    ("c123 c456 b234 b567 dr +dr", "8.2.3",
     "Big Three Dragons (8.2.3) needs a pung or kong of each of the three dragons, and "
     "the hand has only the pair dr dr.", ("dr dr",)),
])
def test_an_honor_family_says_what_the_hand_has_against_what_it_needs(
        text: str, pid: str, said: str, sets: tuple[str, ...]) -> None:
    e = _about(text, pid)
    assert e.kind is K.NOT_PRESENT
    assert e.text == said
    assert e.sets == sets


def test_zung_jung_small_three_dragons_names_the_missing_pair() -> None:
    # Seed 002 3.2.1 Small Three Dragons: two dragon pungs and a pair of the third.
    e = _about("c45 b999 dr dr dr dg dg dg k88 +c6 self", "3.2.1", ZJ)
    assert e.text.endswith("and the hand has two dragon pungs, dr dr dr and dg dg dg, but "
                           "its pair k88 is no dragon.")


# ------------------------------------------------------------------ words of a gap

def test_an_eight_takes_an() -> None:
    # "k8 in k88 is a 8".
    e = _about("b44 k88 we we we wn wn wn dw dw dw +b4", "7.2.3")
    assert e.text.endswith("needs only 1s, 9s and honors: b4 in b444 is a 4 and k8 in k88 "
                           "is an 8.")
    assert e.sets == ("b444", "k88", "b4", "k8")


def test_all_types_lists_the_missing_types_once() -> None:
    # It said "no characters and no winds and no dragons".
    e = _about("c3458 b234 [c345] [b234] +c8 self", "1.6")
    assert e.text == ("All Types (1.6) needs a tile of each of the five types, and the hand "
                      "has no characters, no winds and no dragons.")


def test_consecutive_chows_step_evenly() -> None:
    # R18 (seed 000 5.1.1 "Three consecutive chows", 5.1.4): the chows start n, n+1,
    # n+2 or n, n+2, n+4.  It said "each starting one or two numbers after the last",
    # which 123 234 456 satisfies, and that hand has no such run.
    text = "c123 c234 c456 b55 k78 +k9"
    assert "5.1.1" not in {h.pattern.id for h in question(text).result.best.counted}
    e = _about(text, "5.1.1")
    assert e.text == ("Three Consecutive Chows (5.1.1) needs three chows of one suit whose "
                      "first numbers step evenly, all by one or all by two: the hand's "
                      "chows are c123, c234, c456 and k789.")
    assert "one or two numbers after" not in _about(text, "5.1.4").text


def test_little_three_similar_pungs_singular_when_one_set() -> None:
    e = _about("c1122337889999 +c7", "4.2.1")
    assert e.text.endswith("and the hand's only pung or pair is c99.")
    assert e.sets == ("c99",)


@pytest.mark.parametrize(("text", "pid", "end"), [
    # Seed 000 7.1.5 "using up exactly 6 terminal tiles", 7.1.6 "all 8".  It said
    # "and the hand has 6".
    ("c1122337889999 +c7", "7.1.6",
     "and exactly eight 1s and 9s, and this hand holds six."),
    ("c1111237889999 +c7", "7.1.5",
     "and exactly six 1s and 9s, and this hand holds eight."),
])
def test_a_mountain_counts_its_terminals_in_words(text: str, pid: str, end: str) -> None:
    e = _about(text, pid)
    assert e.text.endswith(end) and "one suit, a terminal in every set and the pair" in e.text


# -------------------------------------------------------------- shapes: what it needs

def test_a_kong_pattern_on_four_alike_pairs_says_how_many_kongs() -> None:
    # Seed 000 9.0: four alike are two pairs unless a kong is declared; Four Kongs asks
    # for four declared kongs, not "a declared kong".
    e = _about("c1155 b8888 k9 dr dr dg dg +k9", "2.3.4")
    assert e.text.startswith("Four Kongs (2.3.4) needs four declared kongs, and this hand "
                             "is seven pairs: the four b8 are two of the seven pairs")
    assert e.sets == ("b88", "b88")


@pytest.mark.parametrize(("rules", "pid", "rule"), [(None, "9.1.1", "R16"),
                                                    (ZJ, "10.2", "R31")])
def test_seven_pairs_claimed_on_thirteen_orphans_needs_seven_pairs(
        rules: Ruleset | None, pid: str, rule: str) -> None:
    # It said "Seven Pairs needs four sets and a pair".
    e = _about("c19 b19 k9 we ws ww wn dr dg dw dw +k1", pid, rules)
    assert e.kind is K.SHAPE
    assert e.text.endswith(f"needs seven pairs, and thirteen orphans is single tiles and one "
                           f"pair, so it does not apply ({rule}).")
    assert "four sets and a pair" not in e.text


# ------------------------------------------------------------- the early bonus sets

def test_early_all_seasons_under_all_bonus_tiles_is_included_not_outranked() -> None:
    # Seed 001 13.3 All Bonus Tiles (80) holds both sets of four (13.2.1, 13.2.2).  It
    # said All Seasons was "outranked by All Flowers", which does not count either.
    _, e = _claimed("k2388 [c999] [b678] [we we we we] +k1 f1 f2 f3 f4 s1 s2 s3 s4",
                    "13.2.2", EARLY)
    assert e is not None and e.kind is K.INCLUDED and e.rule_id == "13.3"
    assert e.text.startswith("All Seasons (13.2.2) is in the hand but is already included "
                             "in All Bonus Tiles (13.3, 80)")
    assert "outranks" not in e.text and e.sets == ("s1", "s2", "s3", "s4")


# -------------------------------------------------------------------- the total

def test_three_patterns_that_could_each_explain_a_total_are_one_of_three() -> None:
    # "left out A or B or C" read as one slip made three times.
    g, _ = _claimed("c567 b444 k3338 {b6666} +k8 final-discard", "", total_off=-5)
    (e,) = [e for e in g.explanations if e.kind is K.WRONG_TOTAL]
    assert ("It looks as if you left out one of Concealed Hand (1.3, 5), All Simples (1.5, "
            "5) or One Kong (2.3.1, 5) when adding up your patterns.") in e.text


# --------------------------------------------------------------------- the reading

def test_the_reading_tool_gives_every_kind_of_wrong_answer() -> None:
    # tools/read_explanations.py is how these were found; it must keep running.
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "tools" / "read_explanations.py"
    spec = importlib.util.spec_from_file_location("read_explanations", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    lines = list(tool.read(load("mj-score-eval"), 1, 3))
    kinds = {what.split(" ")[0] for _, _, what, _ in lines}
    assert {"left", "claimed", "total", "does", "said"} <= kinds
    assert tool.template("c123 and [we we we] make 30, b5 k9") == "# and # make #, #"


# ------------------------------------------------------------ the rule beside the hand

def test_a_missed_whole_hand_pattern_says_its_rule() -> None:
    # "You missed Pure Lesser Terminals (7.2.2): ... the whole hand, read as four sets
    # and a pair: ..." named the sets and not why they make it; the description says it
    # (seed 000 7.2.2: every set and the eyes include a terminal number tile).
    g = grade(question("b111 k123 c789 c123 k9 +k9"),
              PatternsAnswer.of({"1.3": 1, "7.1.1": 1, "7.2.1": 1}, 50))
    (e,) = [e for e in g.explanations if e.pattern_id == "7.2.2"]
    assert e.kind is K.MISSED
    assert e.text.endswith("the whole hand, read as four sets and a pair: c123  c789  b111  "
                           "k123  k99. Every set and the eyes hold a 1 or a 9, which leaves "
                           "no room for honors.")
    assert e.sets == ("c123", "c789", "b111", "k123", "k99")


# ------------------------------------------------------------------- circumstances

@pytest.mark.parametrize(("text", "pid", "said"), [
    # Seed 000 12.1.1: "Self Drawn win on the seabed tile"; 12.1.2 is the discard after
    # it.  A learner who won on the final discard and claimed Final Draw was told only
    # "this hand was not won that way", as if nothing had happened at the end of the wall.
    ("c567 b444 k3338 {b6666} +k8 final-discard", "12.1.1",
     "Final Draw (12.1.1) needs a self-drawn win on the last tile of the wall, and this "
     "hand was won on the final discard instead."),
    ("c123 c456 b234 {k5555} c9 +c9 self win-on-kong", "12.2.2",
     "Win on Bonus Tile (12.2.2) needs a win on the tile drawn after a flower or season, "
     "and this hand was won on a kong's replacement tile instead."),
    ("c123 c456 b234 b567 k5 +k5", "12.1.2",
     "Final Discard (12.1.2) needs a win on the last discard of the game, and this hand "
     "was not won that way."),
])
def test_a_circumstance_claimed_names_the_one_the_hand_had(text: str, pid: str,
                                                           said: str) -> None:
    e = _about(text, pid)
    assert e.kind is K.NOT_PRESENT and e.text == said and e.sets == ()


def test_a_big_honor_pattern_points_at_its_pungs_only() -> None:
    # Seed 000 8.1.3 Big Three Winds: three wind pungs.  Outranked on a Little Four
    # Winds hand it pointed at the wind pair too ("(we we we, ws ws ws, ww ww ww, wn wn)").
    e = _about("b44 ww ww [we we we we] {ws ws ws ws} [wn wn wn] +b4 self", "8.1.3")
    assert e.kind is K.OUTRANKED
    assert e.sets == ("[we we we we]", "{ws ws ws ws}", "[wn wn wn]")
    assert "([we we we we], {ws ws ws ws}, [wn wn wn]) but does not count" in e.text
    # The little one shows its pair: the pair is part of it.
    from mj_trainer.engine.evidence import evidence
    q = question("b44 ww ww [we we we we] {ws ws ws ws} [wn wn wn] +b4 self")
    assert evidence(q.result, "8.1.4").sets[-1] == "ww ww"
