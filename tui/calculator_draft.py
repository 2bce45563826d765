"""The hand the calculator is building: edits, what is still wrong, and the score.

Plain Python (no Textual), so every edit is tested without a screen.  A `Draft` holds
`notation.Parts` (a hand that may have any number of tiles and no winning tile yet)
and is replaced by a new one on every edit; its notation is the text the calculator
shows and lets the learner edit.  `problems()` says, in order, what stands between the
draft and a hand that can be scored: too many copies of a tile, the tile count, the
missing winning tile, then whatever `hand.validate` finds (R6, R26, R27).  Scoring
reuses the engine and the `--compare` code of `mj-trainer score`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand, Incidental, Meld, MeldKind, count_word, validate
from mj_trainer.engine.notation import Parts, format_parts, read, strip_note
from mj_trainer.engine.ruleset import Ruleset, RulesetError, load
from mj_trainer.engine.scoring import Score, score
from mj_trainer.engine.tiles import Tile

WINDS = (tiles.EAST, tiles.SOUTH, tiles.WEST, tiles.NORTH)
BONUS_TILES = tuple(range(tiles.FLOWERS[0], tiles.FLOWERS[0] + 8))
_NAMES_RULESET = re.compile(r"(?i)(?:^|\s)rules(?:et)?:")
ItemKind = Literal["tile", "winning", "meld"]


@dataclass(frozen=True, slots=True)
class Item:
    """One thing in the hand row: a concealed tile, the winning tile or a meld."""

    kind: ItemKind
    tile: Tile
    meld: int = -1  # index into the melds, for a meld


def _copy(parts: Parts, **changes: Any) -> Parts:
    fresh = replace(parts, concealed=list(parts.concealed), melds=list(parts.melds),
                    bonus=list(parts.bonus))
    return replace(fresh, **changes) if changes else fresh


@dataclass(frozen=True)
class Draft:
    """An immutable hand in the making; every edit returns a new draft."""

    parts: Parts = field(default_factory=lambda: Parts([], [], []))

    # ---- reading and writing notation

    @classmethod
    def from_text(cls, text: str, ruleset: str | None = None) -> Draft:
        """The draft a line of notation describes (NotationError for bad syntax).
        `ruleset` applies when the line names none."""
        parts = read(text)
        if ruleset is not None and not _NAMES_RULESET.search(strip_note(text)):
            parts.ruleset = ruleset
        return cls(parts)

    @property
    def text(self) -> str:
        return format_parts(self.parts)

    # ---- what is in it

    @property
    def loose(self) -> list[Tile]:
        """The concealed tiles other than the winning tile, sorted."""
        rest = sorted(self.parts.concealed)
        if self.parts.winning is not None:
            rest.remove(self.parts.winning)
        return rest

    def items(self) -> list[Item]:
        """The hand row, left to right: loose tiles, the winning tile, the melds."""
        out = [Item("tile", t) for t in self.loose]
        if self.parts.winning is not None:
            out.append(Item("winning", self.parts.winning))
        out.extend(Item("meld", m.tile, i) for i, m in enumerate(self.parts.melds))
        return out

    def tile_count(self) -> int:
        return len(self.parts.concealed) + sum(len(m.tiles) for m in self.parts.melds)

    def target_count(self) -> int:
        """14 tiles, plus one for each kong."""
        return 14 + sum(1 for m in self.parts.melds if m.kind is MeldKind.KONG)

    def copies(self) -> Counter[Tile]:
        out = Counter(self.parts.concealed)
        for m in self.parts.melds:
            out.update(m.tiles)
        return out

    def copies_left(self, tile: Tile) -> int:
        """How many more of `tile` the draft can take (bonus tiles: one each)."""
        if tiles.IS_BONUS[tile]:
            return 0 if tile in self.parts.bonus else 1
        return 4 - self.copies()[tile]

    # ---- what is wrong

    def problems(self) -> list[str]:
        """What keeps the draft from being scored, most basic first; empty when ready."""
        out: list[str] = []
        for tile, n in sorted(self.copies().items()):
            if n > 4:
                out.append(f"{count_word(n)} copies of {tiles.code(tile)}: there are four "
                           "of each tile")
        have, want = self.tile_count(), self.target_count()
        kongs = want - 14
        per = f" (14 plus one per kong, {kongs} here)" if kongs else ""
        if have < want:
            out.append(f"{have} of {want} tiles{per}: add {want - have} more")
        elif have > want:
            out.append(f"{have} tiles, {have - want} too many: a hand has {want}{per}")
        if len(self.parts.melds) > 4:
            out.append(f"{len(self.parts.melds)} melds: a hand has at most four sets")
        if self.parts.winning is None:
            out.append("no winning tile yet: press w on a tile, or type +c6")
        if out:
            return out
        for p in validate(self.hand_unchecked()):
            out.append(p.message if p.field in ("concealed", "") else f"{p.field}: {p.message}")
        return out

    def hand_unchecked(self) -> Hand:
        assert self.parts.winning is not None
        return self.parts.hand(self.parts.winning)

    def hand(self) -> Hand | None:
        """The finished hand, or None while `problems()` lists anything."""
        return None if self.problems() else self.hand_unchecked()

    # ---- edits

    def add_tile(self, tile: Tile) -> Draft:
        """A playing tile joins the concealed tiles; a bonus tile is toggled."""
        if tiles.IS_BONUS[tile]:
            return self.toggle_bonus(tile)
        return Draft(_copy(self.parts, concealed=[*self.parts.concealed, tile]))

    def add_winning(self, tile: Tile) -> Draft:
        """`tile` added as the winning tile (the previous one stays as a plain tile)."""
        if tiles.IS_BONUS[tile]:
            return self
        return Draft(_copy(self.parts, concealed=[*self.parts.concealed, tile], winning=tile))

    def add_meld(self, kind: MeldKind, tile: Tile, *, exposed: bool = True) -> Draft | str:
        """A declared set from `tile` (a chow starts at it); a reason when impossible."""
        if tiles.IS_BONUS[tile]:
            return "bonus tiles do not form sets"
        if kind is MeldKind.CHOW and (not tiles.IS_NUMBER[tile] or tiles.RANK[tile] > 7):
            return (f"a chow starting at {tiles.code(tile)} is impossible: pick its "
                    "lowest tile, 1 to 7 of a suit")
        if kind is not MeldKind.KONG:
            exposed = True
        melds = [*self.parts.melds, Meld(kind, tile, exposed=exposed)]
        return Draft(_copy(self.parts, melds=melds))

    def set_winning(self, tile: Tile) -> Draft:
        """Make a concealed copy of `tile` the winning tile."""
        if tile not in self.parts.concealed:
            return self
        return Draft(_copy(self.parts, winning=tile))

    def remove(self, item: Item) -> Draft:
        parts = _copy(self.parts)
        if item.kind == "meld":
            del parts.melds[item.meld]
        else:
            parts.concealed.remove(item.tile)
            if item.kind == "winning":
                parts.winning = None
        return Draft(parts)

    def expose(self, item: Item) -> Draft | str:
        """Toggle a set between concealed and declared.

        A loose tile with two more copies becomes an exposed pung (with three more, an
        exposed kong), else an exposed chow through it; an exposed chow or pung goes back
        among the concealed tiles; a kong turns from exposed to concealed and back.
        """
        parts = _copy(self.parts)
        if item.kind == "meld":
            meld = parts.melds[item.meld]
            if meld.kind is MeldKind.KONG:
                parts.melds[item.meld] = replace(meld, exposed=not meld.exposed)
            else:
                del parts.melds[item.meld]
                parts.concealed.extend(meld.tiles)
            return Draft(parts)
        if item.kind == "winning":
            return "the winning tile completes the hand; expose the set around it instead"
        pool = Counter(self.loose)
        t = item.tile
        if pool[t] >= 3:
            take, meld = [t] * 3, Meld(MeldKind.PUNG, t)
        elif tiles.IS_NUMBER[t]:
            start = next((s for s in (t - 2, t - 1, t) if _chow_in(pool, s)), None)
            if start is None:
                return (f"{tiles.code(t)} is in no pung or chow of the concealed tiles: add "
                        "the tiles of the set first")
            take, meld = [start, start + 1, start + 2], Meld(MeldKind.CHOW, start)
        else:
            return f"{tiles.code(t)} needs three copies to make an exposed pung"
        for x in take:
            parts.concealed.remove(x)
        parts.melds.append(meld)
        return Draft(parts)

    def make_kong(self, item: Item, *, exposed: bool) -> Draft | str:
        """Four loose copies of a tile become a kong (exposed or concealed)."""
        if item.kind != "tile" or self.loose.count(item.tile) < 4:
            return f"a kong needs four concealed {tiles.code(item.tile)} (not the winning tile)"
        parts = _copy(self.parts)
        for _ in range(4):
            parts.concealed.remove(item.tile)
        parts.melds.append(Meld(MeldKind.KONG, item.tile, exposed=exposed))
        return Draft(parts)

    def toggle_self_drawn(self) -> Draft:
        return Draft(_copy(self.parts, self_drawn=not self.parts.self_drawn))

    def next_seat(self) -> Draft:
        return Draft(_copy(self.parts, seat=_next_wind(self.parts.seat)))

    def next_prevailing(self) -> Draft:
        return Draft(_copy(self.parts, prevailing=_next_wind(self.parts.prevailing)))

    def toggle_bonus(self, tile: Tile) -> Draft:
        bonus = [b for b in self.parts.bonus if b != tile]
        if len(bonus) == len(self.parts.bonus):
            bonus.append(tile)
        return Draft(_copy(self.parts, bonus=sorted(bonus)))

    def toggle_incidental(self, item: Incidental) -> Draft:
        return Draft(_copy(self.parts, incidentals=self.parts.incidentals ^ {item}))

    def with_ruleset(self, name: str) -> Draft:
        return Draft(_copy(self.parts, ruleset=name))


def _chow_in(pool: Counter[Tile], start: Tile) -> bool:
    if not tiles.IS_NUMBER[start] or not 1 <= tiles.RANK[start] <= 7:
        return False
    return all(pool[start + k] for k in range(3))


def _next_wind(wind: Tile) -> Tile:
    return WINDS[(WINDS.index(wind) + 1) % 4]


# --------------------------------------------------------------------------- scores


@dataclass(frozen=True)
class Scored:
    """A finished hand under its own ruleset, and under every ruleset side by side."""

    result: Score
    compared: list[Score]


def load_ruleset(name: str) -> Ruleset | str:
    """The ruleset, or why it cannot be loaded (one line)."""
    try:
        return load(name)
    except RulesetError as err:
        return f"ruleset {name!r}: " + "; ".join(err.problems[:2])


def score_draft(hand: Hand) -> Scored | str:
    """Score a finished hand under its ruleset and under every built-in one."""
    from mj_trainer.engine.compare import compare_rulesets, compare_scores

    rules = load_ruleset(hand.ruleset)
    if isinstance(rules, str):
        return rules
    result = score(hand, rules)
    extra = hand.ruleset if hand.ruleset.endswith(".toml") else None
    try:
        compared = compare_scores(hand, compare_rulesets(extra))
    except RulesetError as err:
        return "; ".join(err.problems)
    return Scored(result, compared)
