"""The nearest winning reading of a hand that is not a win: what is wrong with it.

A near miss is best taught by pointing at the one tile that spoils it.  For each
concealed tile that could go, the tiles that would then complete the hand are the
waits of the rest (`engine.waits`); the first such swap, in the order four sets and a
pair, seven pairs, thirteen orphans, is read like a winning hand and told in words:
"c123 c456 b234 k55 and b4 b6, with dr left over: b5 in place of dr makes b456", or
"six pairs and b4 b6".  A hand more than one tile away has no nearest reading here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import (
    Arrangement,
    Group,
    GroupKind,
    arrangements,
    count_vector,
)
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.scoring import Score, accepted_shapes
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Tile
from mj_trainer.engine.waits import waits
from mj_trainer.quizzes.far_win import far_reading, far_text

_SHAPE_ORDER = {Shape.REGULAR: 0, Shape.SEVEN_PAIRS: 1, Shape.THIRTEEN_ORPHANS: 2,
                Shape.SPECIAL: 3}


@dataclass(frozen=True, slots=True)
class NearWin:
    """One tile away from a win: `odd` goes, one of `needed` comes in its place, and
    the hand reads as `reading` (with the first needed tile)."""

    odd: Tile
    needed: tuple[Tile, ...]
    reading: Arrangement
    hand_count: int = 1  # copies of the odd tile among the concealed tiles

    @property
    def home(self) -> Group:
        """The group the needed tile completes."""
        return next(g for g in self.reading.groups if g.winning)

    @property
    def unfinished(self) -> tuple[Tile, ...]:
        """The tiles of that group already held."""
        rest = list(self.home.tiles)
        rest.remove(self.needed[0])
        return tuple(rest)

    @property
    def kept(self) -> tuple[Group, ...]:
        """The groups already complete."""
        home = self.home
        return tuple(g for g in self.reading.groups if g is not home)


def nearest_win(result: Score) -> NearWin | None:
    """The nearest winning reading of a hand that is not a win (None for a win, or for
    a hand that no single swapped tile makes a win)."""
    if result.winning:
        return None
    hand = result.hand
    special, _ = accepted_shapes(result.ruleset)
    held = count_vector(hand.concealed)
    holding = count_vector(hand.all_tiles())
    found: list[tuple[int, Tile, NearWin]] = []
    for odd in sorted(set(hand.concealed)):
        held[odd] -= 1
        holding[odd] -= 1
        needed = tuple(w for w in waits(held, len(hand.melds), holding, special=special)
                       if w != odd)
        held[odd] += 1
        holding[odd] += 1
        if not needed:
            continue
        reading = _reading(hand, odd, needed[0], special)
        if reading is not None:
            found.append((_SHAPE_ORDER.get(reading.shape, 9), odd,
                          NearWin(odd, needed, reading, hand.concealed.count(odd))))
    if not found:
        return None
    return min(found, key=lambda f: (f[0], f[1]))[2]


def _reading(hand: Hand, odd: Tile, needed: Tile, special: frozenset[str]
             ) -> Arrangement | None:
    concealed = list(hand.concealed)
    concealed.remove(odd)
    concealed.append(needed)
    swapped = replace(hand, concealed=tuple(sorted(concealed)), winning_tile=needed,
                      self_drawn=True)
    found = arrangements(swapped, special=special)
    return min(found, key=lambda a: _SHAPE_ORDER.get(a.shape, 9)) if found else None


def _also(needed: tuple[Tile, ...]) -> str:
    """The other tiles that would make a win in the same place (another reading)."""
    others = [tiles.code(t) for t in needed[1:]]
    if not others:
        return ""
    listed = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} or {others[-1]}"
    return f" ({listed} would also make a win, read another way)"


def near_win_text(near: NearWin) -> tuple[str, tuple[str, ...]]:
    """The nearest reading in words, and the sets and tiles it points at."""
    odd = tiles.code(near.odd)
    need = tiles.code(near.needed[0])
    also = _also(near.needed)
    # "another c5" when the hand keeps a copy of the odd tile in a set or the reading.
    spare = f"another {odd}" if near.hand_count > 1 else odd
    home = near.home
    part = " ".join(tiles.code(t) for t in near.unfinished)
    kept = [group_text(g) for g in near.kept]
    sets = (*kept, part, odd)
    shape = near.reading.shape
    if shape is Shape.SEVEN_PAIRS:
        text = (f"the nearest reading is seven pairs: {_count_word(len(kept))} pairs "
                f"({', '.join(kept)}) and {odd} {part}, which do not pair; {need} in "
                f"place of {odd} would make the seventh pair{also}")
        return text, sets
    if shape is Shape.REGULAR:
        if home.kind is GroupKind.PAIR:
            makes = f"would make the pair {group_text(home)}"
            short = f"{part} alone where the pair should be"
        else:
            makes = f"would make {group_text(home)}"
            short = f"{part} unfinished"
        text = (f"the nearest reading is {', '.join(kept)} and {short}, with "
                f"{spare} left over; {need} in place of {odd} {makes}{also}")
        return text, sets
    text = (f"the nearest reading is {_shape_word(shape)}, with {spare} left over; "
            f"{need} in place of {odd} would complete it{also}")
    return text, (odd,)


def _shape_word(shape: Shape) -> str:
    return "thirteen orphans" if shape is Shape.THIRTEEN_ORPHANS else "an irregular hand"


def _count_word(n: int) -> str:
    return {5: "five", 6: "six"}.get(n, str(n))


def why_not_a_win(result: Score) -> tuple[str, tuple[str, ...]] | None:
    """What keeps a hand from being a win, in words, and the sets and tiles it points
    at: the odd tile of a near miss, or for a hand further away its nearest reading and
    what is left over (`far_win`).  None for a win."""
    if result.winning:
        return None
    near = nearest_win(result)
    if near is not None:
        return near_win_text(near)
    return far_text(far_reading(result.hand))


__all__ = ["NearWin", "near_win_text", "nearest_win", "why_not_a_win"]
