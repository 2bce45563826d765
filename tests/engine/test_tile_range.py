"""The engine's entry points refuse tile numbers outside 0-41 with the project's errors.

The cases that broke: `tiles.code(-1)` gave 's4' (a negative index wrapped around) and
`score` on a hand holding tile 50 raised IndexError.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand, HandError, Meld, MeldKind, validate
from mj_trainer.engine.scoring import score

GOOD = (0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 18, 18)
_outside = st.one_of(st.integers(max_value=-1), st.integers(min_value=tiles.NUM_TILES))


@pytest.mark.parametrize("fn", [tiles.code, tiles.name, tiles.suit_of, tiles.rank_of,
                                tiles.sort_key])
@given(tile=_outside)
def test_tile_functions_refuse_numbers_outside_the_set(fn: object, tile: int) -> None:
    assert callable(fn)
    with pytest.raises(tiles.TileError, match="is not a tile number"):
        fn(tile)


@given(tile=_outside, where=st.sampled_from(["concealed", "winning_tile", "bonus", "meld",
                                             "seat_wind"]))
def test_score_refuses_a_hand_with_a_bad_tile_number(tile: int, where: str) -> None:
    fields: dict[str, object] = {"concealed": GOOD, "winning_tile": 18}
    if where == "concealed":
        fields["concealed"] = (*GOOD[:-1], tile)
    elif where == "winning_tile":
        fields["winning_tile"] = tile
    elif where == "bonus":
        fields["bonus"] = (tile,)
    elif where == "meld":
        fields["melds"] = (Meld(MeldKind.PUNG, tile, exposed=True),)
    else:
        fields["seat_wind"] = tile
    hand = Hand(**fields)  # type: ignore[arg-type]
    problems = validate(hand)
    assert problems and all("is not a tile number" in p.message for p in problems)
    with pytest.raises(HandError, match="is not a tile number"):
        score(hand)


def test_every_real_tile_still_works() -> None:
    assert [tiles.code(t) for t in range(tiles.NUM_TILES)] == list(tiles.CODES)
    assert score(Hand(concealed=GOOD, winning_tile=18)).winning
