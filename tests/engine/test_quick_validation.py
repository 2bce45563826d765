"""The quick yes of `validate` never hides a problem the full checks would find.

`plainly_valid` lets the common hand skip the full list of checks; it may say
"look closer" for a valid hand, but it must never say yes to a hand with a problem.
Hands here are drawn loosely (any tile numbers, any melds and context), so most of
them are broken in some way.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.engine.hand import (
    Hand,
    Incidental,
    Meld,
    MeldKind,
    plainly_valid,
    problems_of,
    validate,
)
from mj_trainer.engine.notation import parse

_TILE = st.integers(min_value=-2, max_value=44)
_MELD = st.builds(Meld, st.sampled_from(list(MeldKind)), _TILE, st.booleans())


@st.composite
def _loose_hand(draw: st.DrawFn) -> Hand:
    melds = tuple(draw(st.lists(_MELD, max_size=5)))
    # Mostly the right number of concealed tiles, so the later checks are reached.
    size = draw(st.sampled_from([14 - 3 * len(melds), 14 - 3 * len(melds), 13, 14]))
    low = draw(st.sampled_from([0, 0, -1]))
    high = draw(st.sampled_from([33, 33, 41]))
    concealed = tuple(sorted(draw(st.lists(st.integers(low, high), min_size=max(size, 0),
                                           max_size=max(size, 0)))))
    from_hand = bool(concealed) and draw(st.booleans())
    win = draw(st.sampled_from(concealed)) if from_hand else draw(_TILE)
    bonus = tuple(draw(st.lists(st.integers(30, 43), max_size=3)))
    incidentals = frozenset(draw(st.lists(st.sampled_from(list(Incidental)), max_size=1)))
    return Hand(concealed, win, melds, draw(st.booleans()), bonus,
                draw(st.integers(25, 32)), draw(st.integers(25, 32)), incidentals)


@settings(max_examples=2000, deadline=None)
@given(_loose_hand())
def test_a_quick_yes_means_no_problem(hand: Hand) -> None:
    if plainly_valid(hand):
        assert problems_of(hand) == []
    assert validate(hand) == problems_of(hand)


def test_common_hands_take_the_quick_yes() -> None:
    for text in ("c123 c456 b234 b567 k5 +k5 self",
                 "c123 c456 b234 [b567] k5 +k5",
                 "c111 {dr dr dr dr} b234 b678 k9 +k9 f1 s3",
                 "c11 c55 b22 b88 k33 k99 dr +dr"):
        assert plainly_valid(parse(text)), text


def test_incidentals_always_get_the_full_check() -> None:
    hand = parse("c123 c456 b234 b567 k5 +k5 self")
    with_context = Hand(hand.concealed, hand.winning_tile, self_drawn=True,
                        incidentals=frozenset({Incidental.FINAL_DRAW}))
    assert not plainly_valid(with_context)
    assert validate(with_context) == []
