"""Rules the scorer once got wrong, on hand-made hands (issue: fidelity fixes).

Each total is worked out by hand from the seeds and RULINGS.md.
"""

from __future__ import annotations

from mj_trainer.engine.jsonio import score_to_json
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import Score, Why, score
from mj_trainer.quizzes.explain import wrong_claim
from mj_trainer.quizzes.explanation import ExplanationKind
from tests.helpers import scored

EARLY = "mj-score-eval-early"


def _counted(s: Score) -> dict[str, int]:
    return {h.pattern.id: h.count for h in s.counted}


def _not_counted(s: Score) -> dict[str, Why | None]:
    return {h.pattern.id: h.why for h in s.not_counted}


# --- seed 001 11.0: irregular hands never count Concealed Hand ------------------------

def test_early_seven_pairs_is_35_whole() -> None:
    # R30: Seven Pairs 35 and nothing else (no All Types: no wind); Concealed Hand is
    # present but does not apply to an irregular hand.  Default: 30 + 5 = 35 as well.
    s = score(parse("c11 c55 b22 b88 k33 k99 dr +dr"), load(EARLY))
    assert s.total == 35
    assert _counted(s) == {"9.1.1": 1}
    assert _not_counted(s) == {"1.3": Why.SHAPE}


def test_early_seven_pairs_self_drawn_keeps_self_drawn() -> None:
    # 9.1.1 35 + 1.4 Self Drawn 5 = 40: only Concealed Hand is dropped.
    s = score(parse("c11 c55 b22 b88 k33 k99 dr +dr self"), load(EARLY))
    assert s.total == 40
    assert _counted(s) == {"9.1.1": 1, "1.4": 1}


def test_early_regular_concealed_hand_still_counts() -> None:
    # 1.2 All Chows 5 + 1.3 Concealed Hand 5 = 10 in both guides.
    s = score(parse("c123 c456 b234 b567 k5 +k5"), load(EARLY))
    assert _counted(s) == {"1.2": 1, "1.3": 1}
    assert s.total == 10


def test_early_thirteen_orphans_has_no_concealed_hand() -> None:
    s = score(parse("c19 b19 k19 we ws ww wn dr dg dw +c1"), load(EARLY))
    assert _counted(s) == {"11.1": 1}
    assert _not_counted(s)["1.3"] is Why.SHAPE


def test_default_seven_pairs_keeps_concealed_hand() -> None:
    # R5: in mj-score-eval seven pairs are concealed: 30 + 5 = 35.
    s = scored("c11 c55 b22 b88 k33 k99 dr +dr")
    assert _counted(s) == {"9.1.1": 1, "1.3": 1}


# --- seed 000 12.4.1: Blessing of Heaven after a concealed kong -----------------------

def test_blessing_after_concealed_kong_is_listed_as_void_with_the_reason() -> None:
    # 1.3 5 + 1.4 5 + 2.3.1 5 = 15; the blessing is present but does not count.
    s = scored("{c9999} c123 b456 k789 k5 +k5 self blessing-of-heaven")
    assert s.total == 15
    void = [h for h in s.not_counted if h.pattern.id == "12.4.1"]
    assert len(void) == 1
    assert void[0].why is Why.VOID
    reason = void[0].reason()
    assert "concealed kong of c9" in reason and "initial" in reason


def test_blessing_without_kong_counts() -> None:
    s = scored("c123 c456 b234 b567 k5 +k5 self blessing-of-heaven")
    assert _counted(s)["12.4.1"] == 1
    assert "12.4.1" not in _not_counted(s)


def test_void_blessing_in_json_names_the_reason() -> None:
    data = score_to_json(scored("{c9999} c123 b456 k789 k5 +k5 self blessing-of-heaven"))
    items = [i for i in data["not_counted"] if i["id"] == "12.4.1"]
    assert items and items[0]["reason"] == "void"
    assert "concealed kong" in items[0]["explanation"]


def test_claimed_void_blessing_is_explained_with_the_kong() -> None:
    s = scored("{c9999} c123 b456 k789 k5 +k5 self blessing-of-heaven")
    e = wrong_claim(s, s.ruleset.pattern("12.4.1"))
    assert e.kind is ExplanationKind.VOID
    assert "concealed kong of c9" in e.text


# --- 7.2.1 Mixed Lesser Terminals: a terminal or an honor in every set (R22) ----------

def test_mixed_lesser_terminals_in_an_all_honor_hand_adds_nothing() -> None:
    # Seed 000 7.2.1: "includes a terminal tile or an honor tile", so an all-honor hand
    # has it too; All Honor Pungs (8.3.1, 320) is a limit hand and stands alone (R12).
    s = scored("we we we ws ws ws wn wn wn dr dr dr dg +dg")
    lesser = next(h for h in s.best.hits if h.pattern.id == "7.2.1")
    assert not lesser.counted
    assert s.best.limit is not None and s.total == s.best.limit.value


def test_mixed_lesser_terminals_present_with_terminals_and_honors() -> None:
    # Seed example b111 k123 c789 dr-pung k99: 7.2.1 40 counts.
    s = scored("b111 k123 c789 dr dr dr k9 +k9")
    assert _counted(s).get("7.2.1") == 1


def test_claimed_mixed_lesser_without_honor_is_outranked_by_pure_lesser() -> None:
    # No honor: the hand has 7.2.1 (a terminal in every set, R22) and 7.2.2, which is
    # worth more in the same family (R10).
    s = scored("b111 k123 c789 c123 k9 +k9")
    assert _counted(s).get("7.2.2") == 1
    e = wrong_claim(s, s.ruleset.pattern("7.2.1"))
    assert e.kind is ExplanationKind.OUTRANKED
    assert "Pure Lesser Terminals (7.2.2, 50) outranks it (R10)" in e.text


def test_claimed_mixed_lesser_in_all_honor_hand_is_outranked_then_limited() -> None:
    s = scored("we we we ws ws ws wn wn wn dr dr dr dg +dg")
    e = wrong_claim(s, s.ruleset.pattern("7.2.1"))
    assert e.kind is ExplanationKind.OUTRANKED
    assert "Mixed Greater Terminals (7.2.3, 100) outranks it" in e.text


def test_void_blessing_names_every_kong_in_tile_order() -> None:
    a = scored("{c5555} {c4444} c111 b678 b6 +b6 self blessing-of-heaven")
    b = scored("{c4444} {c5555} c111 b678 b6 +b6 self blessing-of-heaven")
    reasons = [next(h.reason() for h in s.not_counted if h.pattern.id == "12.4.1")
               for s in (a, b)]
    assert reasons[0] == reasons[1]
    assert "concealed kongs of c4 and c5" in reasons[0]
