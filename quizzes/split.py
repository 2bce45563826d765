"""Reading a hand into its sets and eyes: the `split` question kind.

The learner gives groups of tile codes, and says (when asked) which group the winning
tile completed.  A reading is right when the groups use exactly the hand's concealed
tiles (the declared melds may be listed or left out), each group is a chow, pung,
kong or pair, and together they make a winning shape: four sets and the eyes, seven
pairs, or thirteen orphans (one group of fourteen).  Any such reading is right; the
best-scoring one need not be chosen, but the learner is told when another reading
scores more (R1).

Plain Python: the questions, the grader and the protocol build on `judge`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Group, GroupKind
from mj_trainer.engine.hand import Hand, Meld
from mj_trainer.engine.scoring import Outcome, Score
from mj_trainer.engine.shape import Shape
from mj_trainer.engine.tiles import Tile

# The shapes a split question can be asked about: other readings (classical irregular
# single-tile hands, pe-ling's odd pair) are not made of chows, pungs and pairs.
SPLIT_SHAPES = frozenset({Shape.REGULAR, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS})


class SplitLineError(ValueError):
    """Groups that name tiles the hand does not hold, or no tiles at all: the question
    stays open (the protocol answers with an `error`)."""


@dataclass(frozen=True, slots=True)
class SplitAnswer:
    """A reading: the groups as tile codes, and (optionally) the index of the group the
    winning tile completed."""

    sets: tuple[tuple[str, ...], ...]
    winning: int | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"sets": [list(g) for g in self.sets]}
        if self.winning is not None:
            out["winning"] = self.winning
        return out


@dataclass(frozen=True, slots=True)
class SplitVerdict:
    """What a reading is worth: right or not, why not, and what it scores."""

    ok: bool
    problems: tuple[str, ...]  # each thing wrong, in a sentence
    outcome: Outcome | None  # the engine's outcome of this reading, when it is one
    best: Outcome  # the engine's best reading


def splittable(result: Score) -> bool:
    """Can this hand be asked as a split question?  A win whose best reading is made of
    chows, pungs, kongs and pairs (or is thirteen orphans)."""
    best = result.best.arrangement
    if not result.winning or best is None or best.shape not in SPLIT_SHAPES:
        return False
    return not best.pe_ling


def best_answer(result: Score) -> SplitAnswer:
    """The engine's best reading as an answer: every group, melds included, and the
    index of the group that holds the winning tile."""
    a = result.best.arrangement
    assert a is not None, "a split question is only asked of a win"
    groups = tuple(_group_codes(g) for g in _as_asked(a.groups, a.shape))
    home = next((i for i, g in enumerate(_as_asked(a.groups, a.shape)) if g.winning), None)
    return SplitAnswer(groups, home)


def _as_asked(groups: Sequence[Group], shape: Shape) -> list[Group]:
    """Thirteen orphans is asked as one group of fourteen: keep it as one marker group."""
    if shape is Shape.THIRTEEN_ORPHANS:
        pair = next(g for g in groups if g.kind is GroupKind.PAIR)
        return [Group(GroupKind.SINGLE, pair.tile, True, winning=True)]
    return list(groups)


def _group_codes(g: Group) -> tuple[str, ...]:
    if g.kind is GroupKind.SINGLE:  # the thirteen orphans marker: all fourteen tiles
        return tuple(tiles.code(t) for t in sorted((*tiles.ORPHANS, g.tile)))
    return tuple(tiles.code(t) for t in g.tiles)


def read_groups(raw: object) -> tuple[tuple[str, ...], ...]:
    """The `sets` of a client line as tile codes; SplitLineError when it is not a list
    of lists of tile codes."""
    if not isinstance(raw, list) or not raw:
        raise SplitLineError('"sets" must be a list of groups, each a list of tile codes')
    out: list[tuple[str, ...]] = []
    for k, group in enumerate(raw):
        if not isinstance(group, list) or not group:
            raise SplitLineError(f"group {k} must be a non-empty list of tile codes")
        codes: list[str] = []
        for code in group:
            if not isinstance(code, str) or tiles.parse_code(code.strip().lower()) is None:
                raise SplitLineError(f"group {k}: {str(code)[:12]!r} is not a tile code "
                                     "(c1-c9, b1-b9, k1-k9, we ws ww wn, dr dg dw)")
            codes.append(code.strip().lower())
        out.append(tuple(codes))
    return tuple(out)


def check_tiles(hand: Hand, answer: SplitAnswer) -> None:
    """SplitLineError when a group names a bonus tile or a tile the hand does not hold
    at all (a reading with the wrong number of some tile is graded, not refused)."""
    held = {t for t in hand.all_tiles()}
    for k, group in enumerate(answer.sets):
        for code in group:
            t = tiles.CODE_TO_TILE[code]
            if t >= tiles.NUM_KINDS:
                raise SplitLineError(f"group {k}: {code} is a bonus tile; bonus tiles are "
                                     "not part of the reading, leave them out")
            if t not in held:
                raise SplitLineError(f"group {k}: the hand holds no {code}")
    if answer.winning is not None and not 0 <= answer.winning < len(answer.sets):
        raise SplitLineError(f"winning: {answer.winning} is not the index of a group "
                             f"(0 to {len(answer.sets) - 1})")


def _meld_matches(meld: Meld, group: Sequence[Tile]) -> bool:
    return sorted(group) == sorted(meld.tiles)


def _kind_of(group: Sequence[Tile]) -> GroupKind | None:
    """What a concealed group is: a pair, a pung or a chow (four alike in the hand are
    not a kong: a kong is declared)."""
    g = sorted(group)
    if len(g) == 2 and g[0] == g[1]:
        return GroupKind.PAIR
    if len(g) == 3 and g[0] == g[1] == g[2]:
        return GroupKind.PUNG
    if (len(g) == 3 and g[0] < 27 and tiles.SUIT[g[0]] == tiles.SUIT[g[2]]
            and g[1] == g[0] + 1 and g[2] == g[0] + 2):
        return GroupKind.CHOW
    return None


def _is_orphans(group: Sequence[Tile]) -> bool:
    counts = Counter(group)
    return (len(group) == 14 and set(counts) == set(tiles.ORPHANS)
            and sorted(counts.values()) == [1] * 12 + [2])


def _words(codes: Sequence[str]) -> str:
    return " ".join(codes)


def judge(result: Score, answer: SplitAnswer, *, ask_winning: bool = False) -> SplitVerdict:
    """Is `answer` a reading of the hand?  Call `check_tiles` first (it refuses what is
    not an answer at all); here everything else is graded."""
    hand = result.hand
    groups = [tuple(tiles.CODE_TO_TILE[c] for c in g) for g in answer.sets]
    problems: list[str] = []
    # Which listed groups are the declared melds: try every subset of the melds whose
    # tiles, with the concealed tiles, are exactly the tiles listed.
    listed = Counter(t for g in groups for t in g)
    concealed = Counter(hand.concealed)
    meld_index: dict[int, Meld] = {}
    chosen: tuple[Meld, ...] | None = None
    for size in range(len(hand.melds) + 1):
        for subset in combinations(hand.melds, size):
            need = concealed + Counter(t for m in subset for t in m.tiles)
            if need == listed:
                chosen = subset
                break
        if chosen is not None:
            break
    if chosen is None:
        problems.extend(_tile_problems(hand, listed))
    else:
        free = list(range(len(groups)))
        for meld in chosen:
            k = next((i for i in free if _meld_matches(meld, groups[i])), None)
            if k is None:
                problems.append(f"The declared set {_words([tiles.code(t) for t in meld.tiles])}"
                                " must stay one group as it was declared")
                continue
            free.remove(k)
            meld_index[k] = meld
    kinds: dict[int, GroupKind] = {}
    for k, g in enumerate(groups):
        if k in meld_index:
            continue
        if _is_orphans(g):
            kinds[k] = GroupKind.SINGLE
            continue
        kind = _kind_of(g)
        if kind is None:
            problems.append(_not_a_group(k, answer.sets[k]))
        else:
            kinds[k] = kind
    if not problems:
        problems.extend(_shape_problems(hand, kinds, len(meld_index)))
    if ask_winning:
        problems.extend(_winning_problems(hand, answer, groups, meld_index))
    outcome = None if problems else _outcome_of(result, groups, kinds, meld_index, answer)
    if not problems and outcome is None:
        problems.append("These groups are not a reading the rules accept for this hand")
    return SplitVerdict(not problems, tuple(problems), outcome, result.best)


def _tile_problems(hand: Hand, listed: Counter[Tile]) -> list[str]:
    """Why the groups do not use exactly the hand's tiles: one line per tile."""
    out: list[str] = []
    every = Counter(hand.concealed)
    melds = Counter(t for m in hand.melds for t in m.tiles)
    for t in sorted(set(listed) | set(every)):
        have, used, declared = every[t], listed[t], melds[t]
        if used == have or (declared and used == have + declared):
            continue
        code = tiles.code(t)
        if used < have:
            missing = have - used
            out.append(f"No group holds {'one' if missing == 1 else missing} "
                       f"{'copy' if missing == 1 else 'copies'} of {code}: every tile of "
                       "the hand belongs to a group")
        else:
            out.append(f"The groups use {code} {used} times; the hand holds {have + declared}")
    return out or ["The groups do not use exactly the tiles of the hand"]


def _not_a_group(k: int, codes: Sequence[str]) -> str:
    """Why the group at index k is none (a person counts groups from 1)."""
    n = len(codes)
    what = _words(codes)
    if n == 4 and len(set(codes)) == 1:
        return (f"Group {k + 1} ({what}): four alike in the hand are not a kong; a kong is "
                "declared (shown in [ ] or { }), so read them as a pung and one more tile")
    if n == 3:
        return (f"Group {k + 1} ({what}) is not a set: a chow is three numbers in a row of one "
                "suit, a pung three alike")
    if n == 2:
        return f"Group {k + 1} ({what}) is not a pair: a pair is two alike"
    return (f"Group {k + 1} ({what}) has {n} tiles: a set has three (four for a declared kong), "
            "a pair two")


def _shape_problems(hand: Hand, kinds: dict[int, GroupKind], declared: int) -> list[str]:
    values = list(kinds.values())
    if GroupKind.SINGLE in values:
        if len(values) == 1 and not hand.melds:
            return []
        return ["Thirteen orphans is the whole hand: one group of fourteen tiles"]
    pairs = values.count(GroupKind.PAIR)
    sets = len(values) - pairs + len(hand.melds)
    if pairs == 7 and sets == 0:
        return []
    if pairs == 1 and sets == 4:
        return []
    return [f"These groups make {sets} {'set' if sets == 1 else 'sets'} and {pairs} "
            f"{'pair' if pairs == 1 else 'pairs'}: a winning hand is four sets and the "
            "eyes (one pair), seven pairs, or thirteen orphans"]


def _winning_problems(hand: Hand, answer: SplitAnswer, groups: list[tuple[Tile, ...]],
                      meld_index: dict[int, Meld]) -> list[str]:
    win = tiles.code(hand.winning_tile)
    if answer.winning is None:
        return [f"Say which group the winning tile {win} completed (\"winning\": its index)"]
    k = answer.winning
    if not 0 <= k < len(groups):
        return [f"There is no group {k + 1}: the groups are numbered 1 to {len(groups)}"]
    if k in meld_index:
        return [f"Group {k + 1} was declared before the win; the winning tile {win} completed "
                "a group of the concealed tiles"]
    if hand.winning_tile not in groups[k]:
        return [f"Group {k + 1} ({_words(answer.sets[k])}) does not hold the winning tile {win}"]
    return []


def _signature(kind: GroupKind, group: Sequence[Tile]) -> tuple[int, Tile]:
    # Thirteen orphans has one reading: its marker needs no tile.
    return (int(kind), -1 if kind is GroupKind.SINGLE else min(group))


def _outcome_of(result: Score, groups: list[tuple[Tile, ...]], kinds: dict[int, GroupKind],
                meld_index: dict[int, Meld], answer: SplitAnswer) -> Outcome | None:
    """The engine's outcome of the reading the learner gave (the best of them when the
    placement of the winning tile is left open), or None when no reading matches."""
    mine: list[tuple[int, Tile]] = []
    for k, g in enumerate(groups):
        if k in meld_index:
            continue
        mine.append(_signature(kinds[k], g))
    mine.sort()
    home: tuple[int, Tile] | None = None
    w = answer.winning
    if (w is not None and 0 <= w < len(groups) and w not in meld_index
            and hand_holds(groups[w], result)):
        home = _signature(kinds[w], groups[w])
    found: list[Outcome] = []
    for o in (result.best, *result.others):
        a = o.arrangement
        if a is None:
            continue
        theirs = sorted(_signature(*_group_shape(g)) for g in _as_asked(a.groups, a.shape)
                        if not g.declared)
        if theirs != mine:
            continue
        if home is not None:
            where = next((_signature(*_group_shape(g))
                          for g in _as_asked(a.groups, a.shape) if g.winning), None)
            if where is not None and where != home and _pung_home(where) != _pung_home(home):
                continue
        found.append(o)
    if not found:
        return None
    return max(found, key=lambda o: o.total)


def hand_holds(group: Sequence[Tile], result: Score) -> bool:
    """Does this group hold the hand's winning tile?"""
    return result.hand.winning_tile in group


def _pung_home(sig: tuple[int, Tile]) -> bool:
    """Only a pung's placement changes a score (R3): other homes score alike."""
    return sig[0] == int(GroupKind.PUNG)


def _group_shape(g: Group) -> tuple[GroupKind, tuple[Tile, ...]]:
    if g.kind is GroupKind.SINGLE:
        return GroupKind.SINGLE, (g.tile,)
    if g.kind is GroupKind.KONG:  # concealed tiles never hold a kong: melds only
        return GroupKind.KONG, g.tiles
    return g.kind, g.tiles


def reading_text(groups: Sequence[Sequence[str]]) -> str:
    """Groups as the notation writes them: ``c1 c2 c3 | b5 b5 b5``."""
    return "  ".join(_words(g) for g in groups)
