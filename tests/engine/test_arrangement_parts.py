"""The part-by-part readings against a plain enumerator built on `decompose`.

`arrangements` reads each suit and the honors once per content and joins the splits;
the reference below splits the whole count vector with `decompose`, then places the
winning tile group by group as R2 and R3 describe.  Both must give the same readings,
in the same order (the order breaks ties between equal totals, R1).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import (
    Arrangement,
    Group,
    GroupKind,
    arrangements,
    count_vector,
    decompose,
    regular_arrangements,
)
from mj_trainer.engine.hand import Hand, Meld, MeldKind, validate
from mj_trainer.engine.shape import Shape
from tests.engine.test_properties import regular_hands


def _declared(hand: Hand) -> list[Group]:
    kinds = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG,
             MeldKind.KONG: GroupKind.KONG}
    return [Group(kinds[m.kind], m.tile, not m.exposed, declared=True) for m in hand.melds]


def _holds(g: Group, win: int) -> bool:
    return g.tile == win or (g.kind is GroupKind.CHOW and 0 < win - g.tile <= 2)


def reference(hand: Hand, distinct_waits: bool) -> list[Arrangement]:
    """Four sets and eyes, the winning tile placed in each distinct group holding it
    (-1: the eyes), keeping only the placements that can score differently unless
    `distinct_waits`: the first one for a self-drawn win; on a discard every pung it
    completes and the first other placement."""
    win = hand.winning_tile
    out: list[Arrangement] = []
    for chows, pungs, eyes in decompose(count_vector(hand.concealed)):
        if len(chows) + len(pungs) != 4 - len(hand.melds):
            continue
        hidden = [Group(GroupKind.CHOW, t, True) for t in chows]
        hidden += [Group(GroupKind.PUNG, t, True) for t in pungs]
        homes: list[int] = []
        for i, g in enumerate(hidden):
            if _holds(g, win) and all(hidden[j][:2] != g[:2] for j in homes):
                homes.append(i)
        if eyes == win:
            homes.append(-1)
        if not distinct_waits:
            if hand.self_drawn:
                homes = homes[:1] or [-1]
            else:
                kept: list[int] = []
                for home in homes:
                    is_pung = home >= 0 and hidden[home].kind is GroupKind.PUNG
                    if is_pung or all(k >= 0 and hidden[k].kind is GroupKind.PUNG
                                      for k in kept):
                        kept.append(home)
                homes = kept
        for home in homes:
            sets = list(hidden)
            if home >= 0:
                g = hidden[home]
                concealed = hand.self_drawn or g.kind is not GroupKind.PUNG
                sets[home] = Group(g.kind, g.tile, concealed, winning=True)
            ordered = sorted(_declared(hand) + sets, key=lambda g: (g.tile, g.kind))
            out.append(Arrangement(Shape.REGULAR, (
                *ordered, Group(GroupKind.PAIR, eyes, True, winning=home == -1))))
    return out


@st.composite
def crowded_hands(draw: st.DrawFn) -> Hand:
    """Hands of one or two suits with many repeats, where several readings are common."""
    suits = draw(st.lists(st.sampled_from([0, 9, 18]), min_size=1, max_size=2, unique=True))
    counts = [0] * tiles.NUM_KINDS
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        base = draw(st.sampled_from(suits))
        if draw(st.booleans()):
            start = base + draw(st.integers(0, 6))
            group = [start, start + 1, start + 2]
            kind = MeldKind.CHOW
        else:
            group = [base + draw(st.integers(0, 8))] * 3
            kind = MeldKind.PUNG
        if any(counts[t] + group.count(t) > 4 for t in group):
            continue
        for t in group:
            counts[t] += 1
        if draw(st.integers(0, 5)) == 0:
            melds.append(Meld(kind, group[0]))
        else:
            concealed += group
    eyes = draw(st.sampled_from(suits)) + draw(st.integers(0, 8))
    if counts[eyes] <= 2:
        concealed += [eyes, eyes]
    concealed.sort()
    if not concealed:
        concealed = [eyes, eyes]
    return Hand(tuple(concealed), draw(st.sampled_from(concealed)), tuple(melds),
                self_drawn=draw(st.booleans()))


@settings(max_examples=400, deadline=None)
@given(st.one_of(regular_hands(), crowded_hands()), st.booleans())
def test_parts_give_the_reference_readings_in_order(hand: Hand, distinct_waits: bool) -> None:
    # Unfinished or impossible draws stay in: the reference gives them no reading too.
    assert regular_arrangements(hand, distinct_waits=distinct_waits) == reference(
        hand, distinct_waits)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14), st.booleans(), st.booleans())
def test_any_fourteen_tiles_read_as_the_reference(
    drawn: list[int], self_drawn: bool, distinct_waits: bool
) -> None:
    hand = Hand(tuple(sorted(drawn)), drawn[0], self_drawn=self_drawn)
    if validate(hand):
        return  # five alike: not a hand
    regular = [a for a in arrangements(hand, distinct_waits=distinct_waits)
               if a.shape is Shape.REGULAR]
    assert regular == reference(hand, distinct_waits)
