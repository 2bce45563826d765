"""Building blocks for a detector's evidence (`registry.Proof`): which groups of a
reading, which single tiles, or which words show that a pattern is in a hand.

Each helper returns a `Proof`, so a detector declares its evidence in one short
argument: ``shows=groups(is_chow)``, ``shows=said("every tile is green")``.
"""

from __future__ import annotations

from collections.abc import Callable

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.patterns.registry import Proof, Shown

GroupTest = Callable[[Group, Hand], bool]
Select = Callable[[Arrangement, Hand], list[Group]]


def winning(hand: Hand) -> str:
    """The winning tile's code, for phrases."""
    return tiles.code(hand.winning_tile)


def is_chow(g: Group, hand: Hand) -> bool:
    return g.kind is GroupKind.CHOW


def is_pung(g: Group, hand: Hand) -> bool:
    """Pungs and kongs alike (R4)."""
    return g.is_pung


def is_kong(g: Group, hand: Hand) -> bool:
    return g.kind is GroupKind.KONG


def is_pair(g: Group, hand: Hand) -> bool:
    return g.kind is GroupKind.PAIR


def pung_of(test: Callable[[tiles.Tile, Hand], bool]) -> GroupTest:
    """Pungs and kongs whose tile passes `test`."""
    return lambda g, hand: g.is_pung and test(g.tile, hand)


def groups(test: GroupTest) -> Proof:
    """The groups of the reading that pass `test`."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        return Shown(tuple(g for g in a.groups if test(g, hand)))

    return proof


def selected(select: Select) -> Proof:
    """The groups `select` picks from the reading (for tests that compare groups)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        return Shown(tuple(select(a, hand)))

    return proof


def said(text: str | Callable[[Hand], str]) -> Proof:
    """A phrase about the whole hand (no groups to point at)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        return Shown(phrase=text if isinstance(text, str) else text(hand))

    return proof


def said_of_winning_tile(text: Callable[[str], str]) -> Proof:
    """A phrase about the winning tile, pointing at it."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        return Shown(tiles=(hand.winning_tile,), phrase=text(winning(hand)))

    return proof


def suit_names(hand: Hand) -> tuple[int, str]:
    """How many number suits the hand holds, and their names joined with "and"."""
    suits = sorted({tiles.SUIT[t] for t in hand.all_tiles() if tiles.IS_NUMBER[t]})
    return len(suits), " and ".join(tiles.SUIT_NAMES[s] for s in suits)


def suit_groups(chosen: list[Group], at_least: int) -> list[Group]:
    """The number groups of the suits that hold at least `at_least` of `chosen`."""
    per_suit: dict[int, list[Group]] = {}
    for g in chosen:
        if tiles.IS_NUMBER[g.tile]:
            per_suit.setdefault(g.tile // 9, []).append(g)
    return [g for gs in per_suit.values() if len(gs) >= at_least for g in gs]


def same_rank_in_suits(chosen: list[Group], suits: int) -> list[Group]:
    """The groups of `chosen` whose rank appears in at least `suits` number suits."""
    rank = tiles.RANK
    return [g for g in chosen
            if tiles.IS_NUMBER[g.tile]
            and len({h.tile // 9 for h in chosen
                     if tiles.IS_NUMBER[h.tile] and rank[h.tile] == rank[g.tile]}) >= suits]


def chows(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.kind is GroupKind.CHOW]


def pungs(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.is_pung]

