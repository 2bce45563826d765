"""Building blocks for what breaks a pattern (`registry.Detector.breaks`): for a hand
that does not have a pattern, the groups or tiles that rule it out, and a phrase.

Every phrase completes "<Pattern name> ...": it opens with what the pattern needs and
then points at the hand, ``needs no 1s, 9s or honors: c9 in c789 is a terminal``.
Each helper returns a `Proof`, so a detector declares it in one argument:
``breaks=tiles_not(tiles.IS_SIMPLE.__getitem__, "needs no 1s, 9s or honors")``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import format_tiles, group_text, shape_text
from mj_trainer.engine.patterns.registry import Proof, Shown
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Suit, Tile

GroupTest = Callable[[Group, Hand], bool]
# How many tiles or groups a phrase names before it says "and more".
_NAMED = 3


def listed(items: Sequence[str], limit: int = _NAMED) -> str:
    """``a``, ``a and b``, ``a, b and c`` (at most `limit` named, then "and N more")."""
    shown = list(items[:limit])
    if len(items) > limit:
        shown.append(f"{len(items) - limit} more")
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def named(found: Sequence[Group]) -> tuple[tuple[Group, ...], str]:
    """The groups a phrase names (at most three) and the phrase's list of them."""
    return tuple(found[:_NAMED]), listed([group_text(g) for g in found])


def tile_word(t: Tile) -> str:
    """What kind of tile `t` is, with its article: ``a terminal``, ``an honor``."""
    if tiles.IS_TERMINAL[t]:
        return "a terminal"
    if tiles.IS_SIMPLE[t]:
        return f"an {tiles.RANK[t]}" if tiles.RANK[t] == 8 else f"a {tiles.RANK[t]}"
    if tiles.IS_WIND[t]:
        return "a wind"
    if tiles.IS_DRAGON[t]:
        return "a dragon"
    return "a bonus tile"


def _group_of(a: Arrangement | None, t: Tile) -> Group | None:
    if a is None:
        return None
    return next((g for g in a.groups if t in g.tiles), None)


def _tile_in(a: Arrangement | None, t: Tile) -> str:
    g = _group_of(a, t)
    code = tiles.code(t)
    if g is None:
        return code
    text = group_text(g)
    return code if text == code else f"{code} in {text}"


def first(*proofs: Proof) -> Proof:
    """The first of `proofs` that finds something."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        for p in proofs:
            shown = p(hand, a)
            if shown is not None:
                return shown
        return None

    return proof


def tiles_not(ok: Callable[[Tile], bool], needs: str,
              why: Callable[[Tile], str] = tile_word) -> Proof:
    """The hand's tiles that fail `ok`, each named in its group: ``c9 in c789 is a
    terminal``."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        every = sorted({t for t in hand.all_tiles() if not ok(t)})
        if not every:
            return None
        bad = every[:_NAMED]
        held = tuple(dict.fromkeys(g for t in bad if (g := _group_of(a, t)) is not None))
        said = [f"{_tile_in(a, t)} is {why(t)}" for t in bad]
        more = len(every) - len(bad)
        text = listed(said) if not more else (
            f"{', '.join(said)} and {more} more {'kind' if more == 1 else 'kinds'} of tile")
        return Shown(held, tuple(bad), f"{needs}: {text}")

    return proof


def groups_not(ok: GroupTest, needs: str, fails: str, fail_many: str) -> Proof:
    """The sets of the reading that fail `ok`: ``c567 holds no terminal``,
    ``c123 and b456 are chows``."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        bad = tuple(g for g in a.groups if not ok(g, hand))
        if not bad:
            return None
        verb = fails if len(bad) == 1 else fail_many
        shown, text = named(bad)
        return Shown(shown, (), f"{needs}: {text} {verb}")

    return proof


def only(found: GroupTest, needs: str, none: str = "the hand has none") -> Proof:
    """The groups that go some way to the pattern, and no further: ``needs three
    concealed pungs or kongs, and the hand has only b999``."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        have = tuple(g for g in a.groups if found(g, hand))
        if not have:
            return Shown(phrase=f"{needs}, and {none}")
        shown, text = named(have)
        return Shown(shown, (), f"{needs}, and the hand has only {text}")

    return proof


def sets_here(which: GroupTest, needs: str, noun: str, one: str = "") -> Proof:
    """The groups a pattern is read from, for the learner to compare: ``needs two
    identical chows: the hand's chows are c123, c456 and b234``.  `noun` is plural,
    `one` its singular (default: `noun` without its last letter)."""
    single = one or noun[:-1]

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        have = tuple(g for g in a.groups if which(g, hand))
        if not have:
            return Shown(phrase=f"{needs}, and the hand has no {noun}")
        texts = [group_text(g) for g in have]
        if len(have) == 1:
            return Shown(have, (), f"{needs}, and the hand's only {single} is {texts[0]}")
        return Shown(have, (), f"{needs}: the hand's {noun} are {', '.join(texts[:-1])} "
                               f"and {texts[-1]}")

    return proof


def holds(needs: str) -> Proof:
    """Every tile of the hand, for shapes that are about all of them."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        return Shown(phrase=f"{needs}, and the hand holds {format_tiles(hand.all_tiles())}")

    return proof


def said_not(text: str | Callable[[Hand], str]) -> Proof:
    """A phrase about the whole hand, with nothing to point at."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        return Shown(phrase=text if isinstance(text, str) else text(hand))

    return proof


def exposed(needs: str) -> Proof:
    """The melds exposed before the win: ``[dg dg dg dg] was exposed``."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None or not hand.has_exposed_meld:
            return None
        melds = tuple(g for g in a.groups if g.declared and not g.concealed)
        verb = "was exposed" if len(melds) == 1 else "were exposed"
        shown, text = named(melds)
        return Shown(shown, (), f"{needs}: {text} {verb}")

    return proof


def discarded(needs: str) -> Proof:
    """The winning tile, when it was another player's discard."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if hand.self_drawn:
            return None
        w = tiles.code(hand.winning_tile)
        return Shown((), (hand.winning_tile,), f"{needs}: the winning {w} was another "
                                               "player's discard")

    return proof


def shape_is_not(shape: Shape, needs: str) -> Proof:
    """The hand's reading, when it is not of the shape the pattern needs."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None or a.shape is shape:
            return None
        return Shown(phrase=f"{needs}, and this hand is {shape_text(a.shape)}")

    return proof


def number_suits(hand: Hand) -> list[Suit]:
    return sorted({tiles.SUIT[t] for t in hand.all_tiles() if tiles.IS_NUMBER[t]})


def _suit_sample(hand: Hand, a: Arrangement | None, suit: Suit) -> tuple[Group | None, Tile]:
    t = min(t for t in hand.all_tiles() if tiles.SUIT[t] is suit)
    return _group_of(a, t), t


def suits_beyond(allowed: int, needs: str) -> Proof:
    """More number suits than `allowed`: ``the hand holds coins (c123) and bamboo (b456)``."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        suits = number_suits(hand)
        if len(suits) <= allowed:
            return None
        held: list[Group] = []
        loose: list[Tile] = []
        said: list[str] = []
        for s in suits:
            g, t = _suit_sample(hand, a, s)
            if g is not None:
                held.append(g)
            else:
                loose.append(t)
            said.append(f"{tiles.SUIT_NAMES[s]} ({group_text(g) if g else tiles.code(t)})")
        return Shown(tuple(held), tuple(loose), f"{needs}, and the hand holds {listed(said)}")

    return proof


def lacks(test: Callable[[Tile], bool], needs: str, what: str) -> Proof:
    """No tile of the hand passes `test`: ``needs an honor, and the hand has no honor``."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if any(test(t) for t in hand.all_tiles()):
            return None
        return Shown(phrase=f"{needs}, and the hand has no {what}")

    return proof


def held_before(needs: str) -> Proof:
    """The 13 tiles held before the winning tile (for Nine Gates)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        before = list(hand.concealed)
        before.remove(hand.winning_tile)
        w = tiles.code(hand.winning_tile)
        return Shown((), (hand.winning_tile,),
                     f"{needs}: before {w} the hand held {format_tiles(before)}")

    return proof


def pair_here(needs: str) -> Proof:
    """The pair of the reading, for patterns about the pair."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        pair = next((g for g in a.groups
                     if g.kind in (GroupKind.PAIR, GroupKind.PE_LING_PAIR)), None)
        if pair is None:
            return Shown(phrase=f"{needs}, and this reading has no pair")
        return Shown((pair,), (), f"{needs}, and the pair here is {group_text(pair)}")

    return proof


def winning_group(needs: str) -> Proof:
    """Where the winning tile was placed in the reading (R2)."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        g = next((g for g in a.groups if g.winning), None)
        if g is None:
            return None
        w = tiles.code(hand.winning_tile)
        return Shown((g,), (), f"{needs}, and the winning {w} completes {group_text(g)}")

    return proof


_HOW_MANY = ("no", "one", "two", "three", "four")


def honor_sets(kind: GroupTest, noun: str, pungs: int, needs: str, *,
               pair: bool = False) -> Proof:
    """The pungs (and the pair) of one kind of honor, measured against a pattern that
    wants `pungs` of them and, with `pair`, the eyes of that kind too.  A hand may fall
    short (``and the hand has only one wind pung, ws ws ws, beside the pair we we``),
    have one pung too many for a "little" pattern (``three wind pungs instead``) or the
    pungs without the pair (``but its pair k88 is no wind``): never "only" for more."""

    def proof(hand: Hand, a: Arrangement | None) -> Shown | None:
        if a is None:
            return None
        have = [g for g in a.groups if g.is_pung and kind(g, hand)]
        eyes = next((g for g in a.groups if g.kind is GroupKind.PAIR), None)
        own_eyes = eyes if eyes is not None and kind(eyes, hand) else None
        if not have and own_eyes is None:
            return Shown(phrase=f"{needs}, and the hand has no {noun}")
        count = f"{_HOW_MANY[len(have)]} {noun} pung{'' if len(have) == 1 else 's'}"
        sets = listed([group_text(g) for g in have], limit=len(have))
        shown = tuple(have) + ((own_eyes,) if own_eyes is not None else ())
        if len(have) > pungs:
            return Shown(shown, (), f"{needs}, and the hand has {count} instead: {sets}")
        if not have:
            assert own_eyes is not None
            return Shown(shown, (), f"{needs}, and the hand has only the pair "
                                    f"{group_text(own_eyes)}")
        if len(have) < pungs:
            text = f"{needs}, and the hand has only {count}, {sets}"
            if own_eyes is not None:
                text += f", beside the pair {group_text(own_eyes)}"
            return Shown(shown, (), text)
        if pair and eyes is not None:
            return Shown((*have, eyes), (), f"{needs}, and the hand has {count}, {sets}, but "
                                            f"its pair {group_text(eyes)} is no {noun}")
        return None

    return proof
