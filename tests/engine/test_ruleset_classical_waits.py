"""The waits of a hand (engine.waits) and the classical items that depend on them:
"only possible tile" (2.3), "completing the pair" (2.4) and pe-ling (2.5).

A wait is a tile that completes the 13 tiles held in any shape the ruleset accepts;
a tile the hand already holds four times is no wait.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import arrangements, count_vector
from mj_trainer.engine.hand import Hand, Meld, MeldKind
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import score
from mj_trainer.engine.shape import SPECIAL_FORMS
from mj_trainer.engine.waits import hand_waits, is_complete, waits

CL = load("classical")
ALL = frozenset(SPECIAL_FORMS)


def codes(ts: tuple[int, ...]) -> list[str]:
    return [tiles.code(t) for t in ts]


def classical_waits(text: str) -> list[str]:
    return codes(hand_waits(parse(text), special=ALL, pe_ling=True))


def test_edge_wait_has_one_tile() -> None:
    assert classical_waits("c12 b234 k678 c555 dr dr +c3") == ["c3"]


def test_closed_wait_has_one_tile() -> None:
    assert classical_waits("c13 b234 k678 c555 dr dr +c2") == ["c2"]


def test_two_sided_wait() -> None:
    assert classical_waits("c23 b234 k678 c555 dr dr +c4") == ["c1", "c4"]


def test_pair_wait_and_its_hidden_second_wait() -> None:
    # k678 k9 also waits on k6 (k66 + k789).
    assert classical_waits("c123 b234 k678 c555 k9 +k9") == ["k6", "k9"]
    assert classical_waits("c123 b234 k678 c555 dr +dr") == ["dr"]


def test_two_pairs_wait_on_either() -> None:
    assert classical_waits("c123 b234 k678 c99 k99 +c9") == ["c9", "k9"]


def test_a_tile_held_four_times_is_no_wait() -> None:
    # k23 waits on k1 or k4, but all four k1 are in the exposed kong: only k4 is left.
    assert classical_waits("c123 b234 k23 dr dr [k1111] +k4") == ["k4"]
    # [k1111] exposed kong of terminals 16, dr pair 2, only tile 2, 20: 40.
    result = score(parse("c123 b234 k23 dr dr [k1111] +k4"), CL)
    assert {h.pattern.id for h in result.counted} == {"2.1", "1.7", "1.9", "2.3"}
    assert result.total == 40
    # With the kong of k9s instead, both k1 and k4 can come: 38, no 2.3.
    assert score(parse("c123 b234 k23 dr dr [k9999] +k4"), CL).total == 38


def test_seven_pairs_wait() -> None:
    assert classical_waits("c11 c55 b22 b88 k33 k99 dr +dr") == ["dr"]


def test_thirteen_orphans_thirteen_way_wait() -> None:
    assert classical_waits("c19 b19 k19 we ws ww wn dr dg dw +dw") == codes(tiles.ORPHANS)


def test_thirteen_orphans_single_wait() -> None:
    # Holding a pair already, only the missing orphan (the white dragon) completes it.
    assert classical_waits("c11 c9 b19 k19 we ws ww wn dr dg +dw") == ["dw"]


def test_nine_gates_waits_on_every_tile_of_its_suit() -> None:
    assert classical_waits("c1112345678999 +c5") == [f"c{n}" for n in range(1, 10)]


def test_special_hands_wait_only_where_the_ruleset_accepts_them() -> None:
    # c1-c9, two easts, south and west: waiting on the north wind alone.
    hand = parse("c123456789 we we ws ww +wn")
    assert codes(hand_waits(hand, special=ALL)) == ["wn"]
    assert codes(hand_waits(hand)) == []
    # Peking Garden one tile short waits on that tile alone.
    assert classical_waits("c123456 we ws ww wn dr dg dw +c7") == ["c7"]


def test_pe_ling_adds_the_c1_wait() -> None:
    text = "c111 c234 c567 c789 b1 +c1"
    assert classical_waits(text) == ["c1", "b1"]
    assert codes(hand_waits(parse(text))) == ["b1"]


def test_pe_ling_wait_far_from_any_coin() -> None:
    # No coin is held, so c1 is no neighbour of anything: it must still be found.
    assert "c1" in classical_waits("b1 b234 k567 k789 [dr dr dr] +b1")


def test_only_possible_tile_after_pe_ling() -> None:
    # All four b1 are held (b111 pung and the lone b1): b1 cannot come, so the c1 of
    # pe-ling is the only wait.  b111 concealed 8, c234 c567 c789 chows, pe-ling 10, pair
    # 2, only tile 2, 20: 42.
    text = "b111 b1 c234 c567 c789 +c1"
    assert classical_waits(text) == ["c1"]
    result = score(parse(text), CL)
    assert {h.pattern.id for h in result.counted} == {"2.1", "1.4", "2.5", "2.4", "2.3"}
    assert result.total == 42


def test_completing_the_pair_only_for_the_pair_placement() -> None:
    # c11 c22 waits on c1 or c2, finishing a pung (not the pair): c222 exposed 2, c11 pair
    # 0, b234 b567 k345 chows, 20: 22.  No 2.4.
    result = score(parse("c11 c22 b234 b567 k345 +c2"), CL)
    assert result.total == 22 and "2.4" not in {h.pattern.id for h in result.counted}


# --- the wait finder agrees with the arrangement enumerator -------------------------------

def _slow_waits(concealed: list[int], melds: tuple[Meld, ...]) -> list[int]:
    """Every tile t such that the hand plus t has a classical reading (brute force)."""
    holding = count_vector(concealed + [t for m in melds for t in m.tiles])
    out = []
    for t in range(tiles.NUM_KINDS):
        if holding[t] >= 4:
            continue
        hand = Hand(concealed=tuple(sorted([*concealed, t])), winning_tile=t, melds=melds)
        if arrangements(hand, special=ALL, pe_ling=True):
            out.append(t)
    return out


@st.composite
def held_hands(draw: st.DrawFn) -> tuple[list[int], tuple[Meld, ...]]:
    # One or two suits and a few honors, so that many hands are one tile from a win.
    suits = draw(st.lists(st.sampled_from([0, 9, 18]), min_size=1, max_size=2, unique=True))
    pool = [base + r for base in suits for r in range(9)] + draw(
        st.lists(st.sampled_from(range(27, 34)), max_size=3, unique=True))
    melds: tuple[Meld, ...] = ()
    if draw(st.booleans()):
        melds = (Meld(MeldKind.PUNG, draw(st.sampled_from(pool))),)
    size = 13 - 3 * len(melds)
    concealed = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    counts = count_vector(concealed + [t for m in melds for t in m.tiles])
    assume(max(counts) <= 4)
    return sorted(concealed), melds


@settings(max_examples=300, deadline=None)
@given(held_hands())
def test_waits_match_the_arrangement_enumerator(held: tuple[list[int], tuple[Meld, ...]]) -> None:
    concealed, melds = held
    holding = count_vector(concealed + [t for m in melds for t in m.tiles])
    fast = waits(count_vector(concealed), len(melds), holding, special=ALL, pe_ling=True)
    assert list(fast) == _slow_waits(concealed, melds)


@settings(max_examples=200, deadline=None)
@given(held_hands())
def test_is_complete_matches_the_enumerator(held: tuple[list[int], tuple[Meld, ...]]) -> None:
    concealed, melds = held
    # Add the first tile that keeps the counts legal and compare the two answers.
    counts = count_vector(concealed)
    for t in range(tiles.NUM_KINDS):
        if counts[t] < 4:
            hand = Hand(concealed=tuple(sorted([*concealed, t])), winning_tile=t, melds=melds)
            counts[t] += 1
            assert is_complete(counts, len(melds), special=ALL) == bool(
                arrangements(hand, special=ALL))
            counts[t] -= 1
