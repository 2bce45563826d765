"""The classical ruleset (seed 004, R32): points for sets and pairs, the winner's points,
every doubling with the groups that do not combine, the scheme and the 1000 cap.

Every expected total is worked out by hand in the comment above it, as
`points x 2^doublings`.  Unless a hand says otherwise it is won on a discard, in the
east seat of an east round.  Waits decide "only possible tile" (2.3); they are
worked out in the comments too and tested on their own in test_ruleset_classical_waits.
"""

from __future__ import annotations

import pytest

from mj_trainer.engine.arrangements import GroupKind
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import Score, Why, score
from mj_trainer.engine.shape import Shape

CL = load("classical")


def cl(text: str) -> Score:
    return score(parse(text), CL)


def counted(text: str) -> dict[str, int]:
    return {h.pattern.id: h.count for h in cl(text).counted}


def check(text: str, total: int, patterns: dict[str, int]) -> Score:
    result = cl(text)
    assert {h.pattern.id: h.count for h in result.counted} == patterns
    assert result.total == total
    return result


# --- the ruleset file ---------------------------------------------------------------

CLASSICAL_IDS = """
0.1 1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 2.1 2.2 2.3 2.4 2.5
3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 4.1 4.2 4.3 4.4 4.5 4.6.1 4.6.2 4.6.3 4.6.4 4.6.5
5.1 5.2 5.3 5.4 5.5 5.6 5.7.1 5.7.2 5.7.3 5.8 5.9.1 5.9.2
6.1 6.2 6.3 6.4.1 6.4.2 6.4.3 6.4.4 6.5.1 6.5.2 6.5.3
""".split()


def test_classical_has_every_item_of_seed_004() -> None:
    assert [p.id for p in CL.patterns] == CLASSICAL_IDS
    assert CL.scheme == "doubling" and CL.doubling
    assert CL.cap == 1000  # R32: an ordinary hand is capped at 1000
    assert CL.payoff == "classical"
    assert CL.loser_categories == {"1", "6"}
    assert CL.ready_half_categories == {"4"}


def test_every_pattern_has_a_name_and_a_description() -> None:
    for p in CL.patterns:
        assert p.name and p.description.endswith("."), p.id


def test_values_follow_seed_004() -> None:
    values = {p.id: p.value for p in CL.patterns}
    # Sets: pung 2/4 and 4/8, kong 8/16 and 16/32; pairs 2 each.
    assert [values[f"1.{n}"] for n in range(1, 12)] == [2, 4, 4, 8, 8, 16, 16, 32, 2, 2, 2]
    # The winner: 20, self-drawn 2, only tile 2, the pair 2, pe-ling 10.
    assert [values[f"2.{n}"] for n in range(1, 6)] == [20, 2, 2, 2, 10]
    # Pure hand doubles three times (R32).
    assert values["6.5.3"] == 3
    assert values["5.7.2"] == 3 and values["5.9.2"] == 3 and values["5.7.3"] == 2


def test_kinds_and_limits() -> None:
    doubling = {p.id for p in CL.patterns if p.kind == "doubles"}
    assert doubling == {p.id for p in CL.patterns if p.category in ("5", "6")}
    limits = {p.id for p in CL.patterns if p.is_limit}
    assert limits == {p.id for p in CL.patterns if p.category in ("3", "4")}
    # Twins 250 and 500 are limit hands although they are below 1000.
    assert CL.pattern("4.6.1").is_limit and CL.pattern("4.6.1").value == 250


def test_groups_that_do_not_combine_are_families() -> None:
    fam = {p.id: p.family for p in CL.patterns}
    assert fam["6.4.1"] == fam["6.4.2"] == fam["6.4.3"] == fam["6.4.4"] == "6.4"
    assert fam["6.5.1"] == fam["6.5.2"] == fam["6.5.3"] == "6.5"
    assert fam["5.7.1"] == fam["5.7.2"] == fam["5.7.3"] == "5.7"
    assert fam["5.9.1"] == fam["5.9.2"] == "5.9"
    assert fam["4.6.1"] == fam["4.6.5"] == "4.6"
    # Per-set items stack: each pung earns its points and each value pung its doubling.
    stacking = {p.id for p in CL.patterns if p.stacks}
    assert stacking == {"1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8",
                        "6.1", "6.2", "6.3"}


# --- 1: points for sets and pairs -----------------------------------------------------
# The base hand c123 b234 k678 + a set + k9, won on the k9: the k99 pair is completed
# (2.4, +2).  Waits k9 and k6 (k66 + k789), so never the only possible tile.

@pytest.mark.parametrize(
    ("the_set", "pattern", "points"),
    [
        pytest.param("[c555]", "1.1", 2, id="exposed-pung-simples"),
        pytest.param("c555", "1.2", 4, id="concealed-pung-simples"),
        pytest.param("[c999]", "1.3", 4, id="exposed-pung-terminals"),
        pytest.param("c999", "1.4", 8, id="concealed-pung-terminals"),
        pytest.param("[dw dw dw]", "1.3", 4, id="exposed-pung-honors"),
        pytest.param("[c5555]", "1.5", 8, id="exposed-kong-simples"),
        pytest.param("{c5555}", "1.6", 16, id="concealed-kong-simples"),
        pytest.param("[c9999]", "1.7", 16, id="exposed-kong-terminals"),
        pytest.param("{c9999}", "1.8", 32, id="concealed-kong-terminals"),
    ],
)
def test_points_for_one_set(the_set: str, pattern: str, points: int) -> None:
    # 2.1 20 + the set + 2.4 2; a dragon set also doubles (6.1), others do not.
    text = f"c123 b234 k678 {the_set} k9 +k9"
    expected = {"2.1": 1, pattern: 1, "2.4": 1}
    doubles = 0
    if "dw" in the_set:
        expected["6.1"] = 1
        doubles = 1
    result = check(text, (22 + points) * 2**doubles, expected)
    assert result.best.points == 22 + points


def test_a_chow_earns_nothing() -> None:
    # [c123] exposed, c456 b234 b567 chows: nothing for them.  The lone k5 must pair, so
    # k5 is the only wait: 20 + only tile 2 + pair 2 = 24; all chows x1: 48.
    check("c456 b234 b567 k5 [c123] +k5", 48, {"2.1": 1, "2.3": 1, "2.4": 1, "5.1": 1})


def test_pung_finished_by_a_discard_is_exposed_r3() -> None:
    # c99 k99 waits on c9 or k9.  Won on a discarded c9: the c999 pung is exposed (4), the
    # pair k99 earns nothing: 20 + 4 = 24.
    check("c123 b234 k678 c99 k99 +c9", 24, {"2.1": 1, "1.3": 1})
    # Self-drawn: the pung is concealed (8), self-drawn 2: 30; hidden treasure x2: 120.
    check("c123 b234 k678 c99 k99 +c9 self", 120,
          {"2.1": 1, "1.4": 1, "2.2": 1, "5.8": 1})


def test_several_sets_add_up() -> None:
    # [b888] exposed 2, c555 concealed 4, {k1111} concealed kong of terminals 32,
    # [dg dg dg] exposed 4, pair c22 completed 2, 20: 64; c22 single wait: only tile +2 = 66.
    # Doublings: all pungs 1 (the kong is a pung, R4) + dragon pung 1: 66 x 4 = 264.
    text = "c555 c2 [b888] {k1111} [dg dg dg] +c2"
    check(text, 264, {"2.1": 1, "1.1": 1, "1.2": 1, "1.8": 1, "1.3": 1, "2.3": 1, "2.4": 1,
                      "5.2": 1, "6.1": 1})


# The pair hands: c123 b234 k678 c555 + X +X on a discard.  Waits: X only (the single
# must pair).  20 + c555 concealed 4 + only tile 2 + the pair completed 2 = 28, plus the
# pair's own points.

@pytest.mark.parametrize(
    ("pair", "context", "extra", "patterns"),
    [
        pytest.param("dr", "", 2, {"1.9": 1}, id="dragon"),
        pytest.param("ws", "seat:south", 2, {"1.10": 1}, id="own-wind"),
        pytest.param("ww", "wind:west", 2, {"1.11": 1}, id="prevailing-wind"),
        # An east pair for East in an east round is both: 2 + 2.
        pytest.param("we", "", 4, {"1.10": 1, "1.11": 1}, id="own-and-prevailing"),
        pytest.param("wn", "", 0, {}, id="other-wind-nothing"),
        pytest.param("k1", "", 0, {}, id="number-nothing"),
    ],
)
def test_pair_points(pair: str, context: str, extra: int, patterns: dict[str, int]) -> None:
    text = f"c123 b234 k678 c555 {pair} +{pair} {context}".strip()
    check(text, 28 + extra, {"2.1": 1, "1.2": 1, "2.3": 1, "2.4": 1, **patterns})


# --- 2: the winner's points --------------------------------------------------------------

def test_going_out_is_20() -> None:
    # c23 two-sided (c1 or c4), c555 concealed 4, pair dr 2: 20 + 4 + 2 = 26.
    check("c23 b234 k678 c555 dr dr +c4", 26, {"2.1": 1, "1.2": 1, "1.9": 1})


def test_self_drawn_from_the_live_wall() -> None:
    # With an exposed chow (no hidden treasure): 26 + self-drawn 2 = 28.
    check("c23 [b234] k678 c555 dr dr +c4 self", 28,
          {"2.1": 1, "1.2": 1, "1.9": 1, "2.2": 1})


def test_a_kong_replacement_tile_is_not_from_the_live_wall() -> None:
    # [k6666] exposed kong 8, c555 4, dr pair 2, 20 = 34, c12 edge (only c3) 2 = 36; no
    # 2.2.  Kong with blossom x1: 72.
    check("c12 b234 dr dr c555 [k6666] +c3 self win-on-kong", 72,
          {"2.1": 1, "1.5": 1, "1.2": 1, "1.9": 1, "2.3": 1, "5.7.1": 1})


def test_only_possible_tile_edge_and_closed_waits() -> None:
    # c12 waits on c3 alone: 20 + 4 + 2 (dr pair) + 2 = 28.
    check("c12 b234 k678 c555 dr dr +c3", 28, {"2.1": 1, "1.2": 1, "1.9": 1, "2.3": 1})
    # c13 waits on c2 alone: the same 28.
    check("c13 b234 k678 c555 dr dr +c2", 28, {"2.1": 1, "1.2": 1, "1.9": 1, "2.3": 1})


def test_completing_the_pair_is_chosen_by_r1() -> None:
    # c1233 + dr dr dr: only c3 completes it.  The c3 can sit in c123 (the c33 pair was
    # held) or complete the c33 pair; R1 takes the pair: 20 + dr concealed 8 + only 2 +
    # pair 2 = 32, dragon pung x1: 64 (in the chow it would be 30 x 2 = 60).
    result = check("c1233 b234 k678 dr dr dr +c3", 64,
                   {"2.1": 1, "1.4": 1, "2.3": 1, "2.4": 1, "6.1": 1})
    assert result.arrangement is not None
    winning = [g for g in result.arrangement.groups if g.winning]
    assert [g.kind for g in winning] == [GroupKind.PAIR]
    assert any(o.total == 60 for o in result.others)


def test_pe_ling_eats_cake() -> None:
    # c111 concealed pung of terminals 8; the lone b1 pairs the winning c1: pe-ling 10 and
    # the pair completed 2; 20: 40.  Waits b1 and c1, so not the only tile.
    result = check("c111 c234 c567 c789 b1 +c1", 40, {"2.1": 1, "1.4": 1, "2.4": 1, "2.5": 1})
    assert result.arrangement is not None and result.arrangement.pe_ling
    assert result.arrangement.as_codes()[-1] == ["b1", "c1"]


def test_pe_ling_also_on_a_self_drawn_tile() -> None:
    # 40 + self-drawn 2 = 42, hidden treasure x2 = 168.
    check("c111 c234 c567 c789 b1 +c1 self", 168,
          {"2.1": 1, "1.4": 1, "2.4": 1, "2.5": 1, "2.2": 1, "5.8": 1})


def test_pe_ling_needs_the_winning_tile_to_be_c1() -> None:
    # The same fourteen tiles won on the b1: the c1 was already held, so nothing pairs
    # the b1 and the hand is no win (R7; classical names no penalty).
    result = cl("c1111 c234 c567 c789 +b1")
    assert not result.winning and result.total == 0


def test_pe_ling_is_not_a_win_in_other_rulesets() -> None:
    # R7: without the classical reading the tiles are an Illegal Call (-40).
    result = score(parse("c111 c234 c567 c789 b1 +c1"), load("mj-score-eval"))
    assert not result.winning and result.total == -40


# --- 5: the winner's doublings ------------------------------------------------------------

def test_all_chows() -> None:
    # 20 + only tile 2 (k5 pair) + pair 2 = 24, all chows x1: 48.
    check("c123 c456 b234 b567 k5 +k5", 48, {"2.1": 1, "2.3": 1, "2.4": 1, "5.1": 1})


def test_all_pungs() -> None:
    # Three exposed pungs of simples 3 x 2 = 6, dg concealed 8, c77 pair 2, only c7 2, 20:
    # 38.  All pungs 1 + dragon pung 1: 38 x 4 = 152.
    check("c7 dg dg dg [c555] [b888] [k222] +c7", 152,
          {"2.1": 1, "1.1": 3, "1.4": 1, "2.3": 1, "2.4": 1, "5.2": 1, "6.1": 1})


def test_all_simples() -> None:
    # Waits b3 and b6; 20 + pair 2 = 22.  All chows 1 + all simples 1: 88.
    check("c234 c567 b345 k678 b6 +b6", 88, {"2.1": 1, "2.4": 1, "5.1": 1, "5.3": 1})


def test_little_four_winds() -> None:
    # Exposed pungs of E, S, W 3 x 4 = 12, wn pair completed 2, only wn 2, 20: 36.
    # Little four winds 1, east pung own wind 1 and prevailing wind 1, clean (bamboo and
    # winds) 1: 36 x 16 = 576.
    check("wn b234 [we we we] [ws ws ws] [ww ww ww] +wn", 576,
          {"2.1": 1, "1.3": 3, "2.3": 1, "2.4": 1, "5.4": 1, "6.2": 1, "6.3": 1, "6.5.1": 1})


def test_little_three_dragons() -> None:
    # Exposed dr and dg pungs 2 x 4 = 8, dw pair 2, completed 2, only dw 2, 20: 34.
    # Little three dragons 1, two dragon pungs 2, clean (coins and dragons) 1: 34 x 16 = 544.
    check("dw c123 c456 [dr dr dr] [dg dg dg] +dw", 544,
          {"2.1": 1, "1.3": 2, "1.9": 1, "2.3": 1, "2.4": 1, "5.5": 1, "6.1": 2, "6.5.1": 1})


def test_robbing_a_kong() -> None:
    # c12 edge: 20 + 4 + 2 (dr) + 2 (only) = 28; robbing x1: 56.
    check("c12 b234 k678 c555 dr dr +c3 robbing-kong", 56,
          {"2.1": 1, "1.2": 1, "1.9": 1, "2.3": 1, "5.6": 1})


def test_plum_blossom_replaces_kong_with_blossom() -> None:
    # c34 waits c2/c5; won on c5 from behind a kong: 20 + [k6666] 8 + c777 4 + dr 2 = 34.
    # Plum blossom x3 (kong with blossom x1 is of the same group): 34 x 8 = 272.
    result = check("c34 b234 dr dr c777 [k6666] +c5 self win-on-kong", 272,
                   {"2.1": 1, "1.5": 1, "1.2": 1, "1.9": 1, "5.7.2": 1})
    skipped = {h.pattern.id: h.why for h in result.not_counted}
    assert skipped == {"5.7.1": Why.OUTRANKED}


def test_kong_on_kong() -> None:
    # Two exposed kongs of simples 2 x 8 = 16, c555 4, dr 2, only c3 2, 20: 44.
    # Kong on kong x2: 176.
    check("c12 dr dr c555 [k6666] [b7777] +c3 self kong-on-kong", 176,
          {"2.1": 1, "1.5": 2, "1.2": 1, "1.9": 1, "2.3": 1, "5.7.3": 1})
    # Told both: still two doublings (same group), kong with blossom outranked.
    result = cl("c12 dr dr c555 [k6666] [b7777] +c3 self kong-on-kong win-on-kong")
    assert result.total == 176
    assert {h.pattern.id for h in result.not_counted} == {"5.7.1"}


def test_hidden_treasure_allows_a_concealed_kong() -> None:
    # {k6666} concealed kong of simples 16, c555 4, dr 2, self 2, only c3 2, 20: 46.
    # Hidden treasure x2: 184.
    check("c12 b234 dr dr c555 {k6666} +c3 self", 184,
          {"2.1": 1, "1.6": 1, "1.2": 1, "1.9": 1, "2.2": 1, "2.3": 1, "5.8": 1})


def test_no_hidden_treasure_on_a_discard() -> None:
    # The same hand won on a discard: 46 - 2 = 44, no doubling.
    check("c12 b234 dr dr c555 {k6666} +c3", 44,
          {"2.1": 1, "1.6": 1, "1.2": 1, "1.9": 1, "2.3": 1})


def test_bottom_of_the_sea() -> None:
    # [k678] exposed: 20 + 4 + 2 (dr) + 2 (self) + 2 (only c3) = 30; bottom of the sea x1: 60.
    check("c12 b234 [k678] c555 dr dr +c3 self final-draw", 60,
          {"2.1": 1, "1.2": 1, "1.9": 1, "2.2": 1, "2.3": 1, "5.9.1": 1})


def test_moon_from_the_bottom_of_the_sea() -> None:
    # c23 waits c1/c4, won on the last tile c1: 20 + 4 + 2 + 2 (self) = 28; moon x3: 224.
    result = check("c23 b234 [k678] c555 dr dr +c1 self final-draw", 224,
                   {"2.1": 1, "1.2": 1, "1.9": 1, "2.2": 1, "5.9.2": 1})
    assert {h.pattern.id for h in result.not_counted} == {"5.9.1"}


def test_last_discard_is_not_a_classical_item() -> None:
    # Seed 004 pays only the last tile of the wall; winning on the last discard adds nothing.
    assert cl("c23 b234 k678 c555 dr dr +c4 final-discard").total == 26


# --- 6: doublings for all players ----------------------------------------------------------

def test_dragon_pung_doubles() -> None:
    # dr concealed 8, 20: 28 (k45 waits k3/k6); x2 = 56.
    check("dr dr dr c234 c567 b99 k45 +k6", 56, {"2.1": 1, "1.4": 1, "6.1": 1})


@pytest.mark.parametrize(
    ("context", "doubles", "patterns"),
    [
        pytest.param("seat:south wind:west", 1, {"6.2": 1}, id="own-wind"),
        pytest.param("seat:east wind:south", 1, {"6.3": 1}, id="prevailing-wind"),
        pytest.param("seat:south wind:south", 2, {"6.2": 1, "6.3": 1}, id="both"),
        pytest.param("seat:west wind:north", 0, {}, id="neither"),
    ],
)
def test_wind_pung_doubles(context: str, doubles: int, patterns: dict[str, int]) -> None:
    # A concealed ws pung 8 + 20 = 28, doubled by the value winds it is.
    check(f"ws ws ws c234 c567 b99 k45 +k6 {context}", 28 * 2**doubles,
          {"2.1": 1, "1.4": 1, **patterns})


def test_three_concealed_pungs() -> None:
    # Three concealed pungs of simples 12, dr pair 2, 20: 34 (c67 waits c5/c8); x2 = 68.
    check("c222 b333 k444 c67 dr dr +c8", 68, {"2.1": 1, "1.2": 3, "1.9": 1, "6.4.1": 1})


def test_four_concealed_pungs_replace_three() -> None:
    # 4 x 4 = 16, dr pair 2, completed 2, only dr 2, 20: 42.  Four concealed pungs x2
    # (three is outranked) + all pungs x1: 42 x 8 = 336.
    result = check("c222 b333 k444 c666 dr +dr", 336,
                   {"2.1": 1, "1.2": 4, "1.9": 1, "2.3": 1, "2.4": 1, "6.4.2": 1, "5.2": 1})
    assert {h.pattern.id: h.why for h in result.not_counted} == {"6.4.1": Why.OUTRANKED}


def test_a_discard_leaves_three_concealed_pungs() -> None:
    # c66 dr dr shanpon, won on a discarded c6: c666 exposed 2 + three concealed 12 + dr
    # pair 2 + 20 = 36; three concealed pungs 1 + all pungs 1: 144.
    check("c222 b333 k444 c66 dr dr +c6", 144,
          {"2.1": 1, "1.2": 3, "1.1": 1, "1.9": 1, "6.4.1": 1, "5.2": 1})


def test_three_concealed_kongs() -> None:
    # Three concealed kongs of simples 48, dr 2, 20: 70; three concealed kongs x2 (the
    # concealed pungs doubling is of the same group): 280.
    result = check("c67 dr dr {c2222} {b3333} {k4444} +c8", 280,
                   {"2.1": 1, "1.6": 3, "1.9": 1, "6.4.3": 1})
    assert {h.pattern.id for h in result.not_counted} == {"6.4.1"}


def test_four_kongs() -> None:
    # Four exposed kongs of simples 32, k99 completed 2, only k9 2, 20: 56.  Four kongs x3 +
    # all pungs x1: 56 x 16 = 896.
    check("k9 [c2222] [b3333] [k4444] [c6666] +k9", 896,
          {"2.1": 1, "1.5": 4, "2.3": 1, "2.4": 1, "6.4.4": 1, "5.2": 1})


def test_clean_hand_one_suit_and_honors() -> None:
    # dr concealed 8, wn pair 0, completed 2, only wn 2, 20: 32.  Dragon pung 1 + clean 1:
    # 128.
    check("c123 c456 c789 dr dr dr wn +wn", 128,
          {"2.1": 1, "1.4": 1, "2.3": 1, "2.4": 1, "6.1": 1, "6.5.1": 1})


def test_clean_hand_terminals_and_honors() -> None:
    # Exposed c111 b999 k111 3 x 4 = 12, dr concealed 8, we pair (seat south, wind west:
    # no points) completed 2, only 2, 20: 44.  All pungs 1, dragon pung 1, clean 1: 352.
    check("dr dr dr we [c111] [b999] [k111] +we seat:south wind:west", 352,
          {"2.1": 1, "1.3": 3, "1.4": 1, "2.3": 1, "2.4": 1, "5.2": 1, "6.1": 1, "6.5.1": 1})


def test_very_clean_hand() -> None:
    # Exposed c111 c999 8, dr and wn concealed 16, we pair completed 2, only 2, 20: 48.
    # All pungs 1, dragon pung 1, very clean 2 (clean outranked): 48 x 16 = 768.
    result = check("dr dr dr wn wn wn we [c111] [c999] +we seat:south wind:west", 768,
                   {"2.1": 1, "1.3": 2, "1.4": 2, "2.3": 1, "2.4": 1, "5.2": 1, "6.1": 1,
                    "6.5.2": 1})
    assert {h.pattern.id for h in result.not_counted} == {"6.5.1"}


def test_pure_hand_doubles_three_times() -> None:
    # Exposed chows, c555 concealed 4, c22 completed 2, only c2 2, 20: 28; pure x3 (R32):
    # 224.
    check("c555 c2 [c123] [c456] [c789] +c2", 224,
          {"2.1": 1, "1.2": 1, "2.3": 1, "2.4": 1, "6.5.3": 1})


# --- the scheme: points x 2^doublings, the 1000 cap ---------------------------------------

def test_result_carries_points_and_doublings() -> None:
    result = cl("wn b234 [we we we] [ws ws ws] [ww ww ww] +wn")
    assert (result.best.points, result.best.doubles, result.total) == (36, 4, 576)
    assert not result.capped and result.limit is None
    assert sum(h.points for h in result.counted) == 36
    assert sum(h.doubles for h in result.counted) == 4


def test_an_ordinary_hand_is_capped_at_1000() -> None:
    # Exposed we ws wn 12, dr concealed 8, dg pair 2, completed 2, only 2, 20: 46.
    # All pungs 1, dragon pung 1, east own 1 and prevailing 1, pure (honors only) 3:
    # 7 doublings: 46 x 128 = 5888, capped at 1000.
    result = cl("dr dr dr dg [we we we] [ws ws ws] [wn wn wn] +dg")
    assert (result.best.points, result.best.doubles, result.best.sum) == (46, 7, 5888)
    assert result.total == 1000 and result.capped


def test_four_kongs_one_exposed_is_capped_not_a_limit() -> None:
    # [c2222] exposed 8, concealed kongs b3 16, k4 16, dr 32, c99 completed 2, only 2, 20:
    # 96.  Four kongs 3 (three concealed kongs outranked), all pungs 1, dragon pung 1:
    # 96 x 32 = 3072, capped at 1000.  Not Four Hidden Kongs: one kong is exposed.
    result = cl("c9 [c2222] {b3333} {k4444} {dr dr dr dr} +c9")
    assert result.limit is None and result.capped and result.total == 1000


def test_points_and_doublings_listed_in_order() -> None:
    # Points first, then doublings, each by size.
    result = cl("dw c123 c456 [dr dr dr] [dg dg dg] +dw")
    kinds = [h.pattern.kind for h in result.counted]
    assert kinds == sorted(kinds, key=lambda k: k == "doubles")


def test_illegal_call_scores_nothing() -> None:
    # Seed 004 names no penalty: not a win, 0.
    result = cl("c1245 b1245 k1245 we +dr")
    assert not result.winning and result.total == 0
    assert [h.pattern.id for h in result.counted] == ["0.1"]


def test_flowers_are_accepted_and_score_nothing() -> None:
    plain = cl("c23 b234 k678 c555 dr dr +c4")
    flowers = cl("c23 b234 k678 c555 dr dr +c4 f1 s2")
    assert flowers.total == plain.total == 26


def test_limit_hands_are_classical_shapes() -> None:
    assert cl("c11 c55 b22 b88 k33 k99 dr +dr").arrangement is not None
    result = cl("c1234567 we ws ww wn dr dg +dw")
    assert result.arrangement is not None and result.arrangement.shape is Shape.SPECIAL
