"""Detectors of the classical ruleset (seed 004, R32): points per set and pair, the
winner's bonus points and doublings, the all-players doublings and the limit hands.

Set points follow R3 for what is concealed: a pung completed by another player's
discard is exposed; a kong is concealed only when declared concealed.  The set and
pair detectors and the all-players doublings also read a loser's partial hand, since
every player scores his hand in the classical settlement.
"""

from __future__ import annotations

from collections.abc import Callable

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import (
    PE_LING_PARTNER,
    Arrangement,
    Group,
    GroupKind,
    special_form,
)
from mj_trainer.engine.hand import Hand, Incidental, MeldKind
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.patterns.gaps import (
    discarded,
    exposed,
    first,
    holds,
    lacks,
    only,
    pair_here,
    sets_here,
    shape_is_not,
    suits_beyond,
    tiles_not,
    winning_group,
)
from mj_trainer.engine.patterns.gaps import said_not as _said_not
from mj_trainer.engine.patterns.registry import (
    ANYTHING,
    NUMBER_SUITS,
    SETS,
    SETS_AND_PARTIAL,
    TERMINAL_MASK,
    HandFacts,
    HandFlag,
    Needs,
    Proof,
    Reading,
    Shown,
    Trait,
    hand_detector,
    reading_detector,
    whole_hand,
)
from mj_trainer.engine.patterns.shows import (
    groups,
    is_pair,
    is_pung,
    pung_of,
    said,
    said_of_winning_tile,
    suit_names,
    winning,
)
from mj_trainer.engine.patterns.suits import (
    NINE_GATES_COUNTS,
    NOT_GREEN,
    mixed_one_suit_text,
    pure_one_suit_text,
)
from mj_trainer.engine.shape import PEKING_GARDEN, STRAIGHT_OF_DRAGONS, STRAIGHT_OF_WINDS, Shape

# Why the generator has no template for the classical detectors: a hand aimed at one
# is drawn at random and kept when the scorer counts the pattern.
_COMMON = ("common in random hands: an aimed request draws hands at random and keeps "
           "those the scorer counts it in")
_NOT_YET = ("no template written yet for the classical rules: an aimed request draws "
            "hands at random and keeps those the scorer counts it in")
_RARE_LIMIT = ("no template written yet for this classical limit hand: random draws "
               "rarely find it, so an aimed request may fail")

_PAIRS = frozenset({Shape.SEVEN_PAIRS})
_SPECIAL = frozenset({Shape.SPECIAL})
_C1 = tiles.CODE_TO_TILE["c1"]
_C5 = tiles.CODE_TO_TILE["c5"]


# --- what breaks a pattern, shared by several detectors --------------------------------

def _hidden_kong(g: Group, hand: Hand) -> bool:
    return g.kind is GroupKind.KONG and g.concealed


def _lucky_tile(hand: Hand, events: frozenset[Incidental], how: str, tile: int) -> str:
    needs = f"needs a win on {how} that is {tiles.code(tile)}"
    if not hand.incidentals & events:
        return f"{needs}, and this hand was not won on {how}"
    return f"{needs}, and the winning tile was {winning(hand)}"


def _lacks_honor(needs: str) -> Proof:
    return lacks(lambda t: tiles.IS_HONOR[t], needs, "honor")


def _lacks_number(needs: str) -> Proof:
    return lacks(lambda t: tiles.IS_NUMBER[t], needs, "number tile")


def _snake_gap(needs: str) -> Proof:
    return first(tiles_not(lambda t: not tiles.IS_HONOR[t], needs), suits_beyond(1, needs),
                 holds(needs))


_LAST_DRAW = frozenset({Incidental.FINAL_DRAW})
_LIVE = "needs a winning tile drawn from the live wall"
_LIVE_WALL_GAP = first(discarded(_LIVE),
                       _said_not(f"{_LIVE}, and this one was a kong's replacement tile"))
_HIDDEN = "needs nothing exposed and a self-drawn winning tile"
_HIDDEN_GAP = first(exposed(_HIDDEN), discarded(_HIDDEN))
_CLEAN = "needs honors with one number suit, or with only 1s and 9s"
_VERY_CLEAN = "needs honors with only the 1s and 9s of one suit"
_ONE_KIND = "needs one number suit and nothing else, or honors and nothing else"
_CLEAN_GAP = first(_lacks_honor(_CLEAN), suits_beyond(1, _CLEAN), _lacks_number(_CLEAN))
_VERY_CLEAN_GAP = first(_lacks_honor(_VERY_CLEAN), suits_beyond(1, _VERY_CLEAN),
                        tiles_not(lambda t: not tiles.IS_SIMPLE[t], _VERY_CLEAN),
                        _lacks_number(_VERY_CLEAN))
_PURE_GAP = first(suits_beyond(1, _ONE_KIND),
                  tiles_not(lambda t: not tiles.IS_HONOR[t], _ONE_KIND))
_JADE_GAP = tiles_not(lambda t: t in tiles.GREEN_TILES,
                      "needs only b2, b3, b4, b6, b8 and green dragons", lambda t: "not green")
_GATES_ANY = "needs 1112345678999 of one suit and one more of it, all concealed"


# --- points for every set and pair (every player) ------------------------------------

def _set_points(name: str, kind: GroupKind, major: bool, concealed: bool) -> None:
    """A pung or kong of simples (2-8) or of 'majors' (1s, 9s, winds, dragons)."""

    def counted(g: Group, hand: Hand) -> bool:
        return g.kind is kind and g.concealed is concealed and tiles.IS_ORPHAN[g.tile] is major

    how = "a concealed" if concealed else "an exposed"
    what = "1s, 9s or honors" if major else "simples"
    wanted = f"needs {how} {kind.name.lower()} of {what}"

    @reading_detector(name, SETS_AND_PARTIAL, shows=groups(counted), no_template=_COMMON,
                      needs=Needs(pungs=1),
                      breaks=sets_here(is_pung, wanted, "pungs and kongs", "pung or kong"))
    def detect(r: Reading) -> int:
        return sum(1 for g in r.arrangement.groups if counted(g, r.facts.hand))


for _kind, _word in ((GroupKind.PUNG, "pung"), (GroupKind.KONG, "kong")):
    for _major, _what in ((False, "simples"), (True, "majors")):
        for _concealed, _how in ((False, "exposed"), (True, "concealed")):
            _set_points(f"{_word}_{_what}_{_how}", _kind, _major, _concealed)


def _eyes(hand: Hand, a: Arrangement | None) -> Shown | None:
    if a is None:
        return None
    return Shown(tuple(g for g in a.groups[-1:]
                       if g.kind in (GroupKind.PAIR, GroupKind.PE_LING_PAIR)))


def _pair(name: str, test: Callable[[Reading, int], bool], needs: Needs, what: str) -> None:
    @reading_detector(name, SETS_AND_PARTIAL, shows=_eyes, no_template=_COMMON, needs=needs,
                      breaks=pair_here(f"needs a pair of {what}"))
    def detect(r: Reading) -> int:
        return int(r.eyes >= 0 and test(r, r.eyes))


_pair("pair_of_dragons", lambda r, t: tiles.IS_DRAGON[t], Needs(has=HandFlag.DRAGONS),
      "dragons")
_pair("pair_of_seat_wind", lambda r, t: t == r.facts.hand.seat_wind, Needs(has=HandFlag.WINDS),
      "the seat wind")
_pair("pair_of_prevailing_wind", lambda r, t: t == r.facts.hand.prevailing_wind,
      Needs(has=HandFlag.WINDS), "the prevailing wind")


# --- the winner's basic points -------------------------------------------------------

@hand_detector("mahjong", traits=Trait.EVERY_WIN, no_template=_COMMON,
               shows=said("the hand went out, which every winning hand scores"),
               breaks=_said_not("counts for every winning hand, and this one is not a win"))
def mahjong(f: HandFacts) -> int:
    # Going out is worth the same to every winning hand.
    return 1


_LOOSE_TILE = frozenset({Incidental.WIN_ON_KONG, Incidental.KONG_ON_KONG})
_LOOSE_READS = tuple(sorted(i.value for i in _LOOSE_TILE))


@hand_detector("self_drawn_live_wall", reads=_LOOSE_READS, no_template=_COMMON,
               needs=Needs(has=HandFlag.SELF_DRAWN),
               shows=said_of_winning_tile(
    lambda w: f"the winning tile {w} was drawn from the live wall, not as a kong's "
              "replacement"),
               breaks=_LIVE_WALL_GAP)
def self_drawn_live_wall(f: HandFacts) -> int:
    # A kong's replacement tile comes from the dead wall, so it does not count.
    return int(f.hand.self_drawn and not f.incidentals & _LOOSE_TILE)


@hand_detector("only_possible_tile", no_template=_NOT_YET, traits=Trait.WAITS,
               shows=said_of_winning_tile(
    lambda w: f"no tile but {w} could have completed the hand"),
               breaks=_said_not(lambda hand: f"needs a hand that only {winning(hand)} could "
                                "complete, and this one waited on more tiles"))
def only_possible_tile(f: HandFacts) -> int:
    # The hand could be completed by this one tile and no other.
    return int(f.waits is not None and f.waits == (f.hand.winning_tile,))


def _winning_group(r: Reading) -> Group | None:
    return next((g for g in r.arrangement.groups if g.winning), None)


def _completed_pair(hand: Hand, a: Arrangement | None) -> Shown | None:
    pair = next((g for g in a.groups if g.winning), None) if a is not None else None
    if pair is None:
        return None
    return Shown((pair,), phrase=f"the winning tile {winning(hand)} made the pair "
                                 f"{group_text(pair)}")


def _pe_ling_pair(hand: Hand, a: Arrangement | None) -> Shown | None:
    if a is None:
        return None
    return Shown(a.groups[-1:], phrase=f"the winning {winning(hand)} made the pair with the "
                                       f"lone {tiles.code(PE_LING_PARTNER)}")


@reading_detector("completing_the_pair", shows=_completed_pair, no_template=_NOT_YET,
                  traits=Trait.PLACEMENTS,
                  breaks=winning_group("needs the winning tile to complete the pair"))
def completing_the_pair(r: Reading) -> int:
    g = _winning_group(r)
    return int(g is not None and g.kind in (GroupKind.PAIR, GroupKind.PE_LING_PAIR))


@reading_detector("pe_ling", shows=_pe_ling_pair, no_template=_NOT_YET, traits=Trait.PE_LING,
                  breaks=_said_not("needs the winning c1 to pair with a lone b1, and this "
                                   "reading has no such pair"))
def pe_ling(r: Reading) -> int:
    return int(r.arrangement.pe_ling)


# --- the winner's doublings ----------------------------------------------------------

@hand_detector("plum_blossom", no_template=_NOT_YET, reads=_LOOSE_READS,
               needs=Needs(has=HandFlag.INCIDENTAL), shows=said_of_winning_tile(
    lambda w: f"the hand was won on a kong's replacement tile, and that tile was {w}"),
               breaks=_said_not(lambda hand: _lucky_tile(hand, _LOOSE_TILE,
                                                         "a kong's replacement tile", _C5)))
def plum_blossom(f: HandFacts) -> int:
    # Out on a kong's replacement tile, and that tile is the 5 of coins.
    return int(bool(f.incidentals & _LOOSE_TILE) and f.hand.winning_tile == _C5)


@hand_detector("moon_from_the_sea", no_template=_NOT_YET, reads=(Incidental.FINAL_DRAW.value,),
               needs=Needs(has=HandFlag.INCIDENTAL),
               shows=said_of_winning_tile(lambda w: "the hand was won on the last tile of "
                                          f"the wall, and that tile was {w}"),
               breaks=_said_not(lambda hand: _lucky_tile(hand, _LAST_DRAW,
                                                         "the last tile of the wall", _C1)))
def moon_from_the_sea(f: HandFacts) -> int:
    # Out on the last tile of the wall, and that tile is the 1 of coins.
    return int(Incidental.FINAL_DRAW in f.incidentals and f.hand.winning_tile == _C1)


@hand_detector("hidden_treasure", no_template=_COMMON,
               needs=Needs(has=HandFlag.SELF_DRAWN, lacks=HandFlag.EXPOSED),
               shows=said_of_winning_tile(
    lambda w: f"nothing was exposed and the winning tile {w} was self-drawn"),
               breaks=_HIDDEN_GAP)
def hidden_treasure(f: HandFacts) -> int:
    # Every tile drawn by the player: nothing exposed and the winning tile self-drawn.
    return int(f.hand.self_drawn and not f.hand.has_exposed_meld)




# --- the doublings for all players ---------------------------------------------------

_HIDDEN_KONGS = groups(lambda g, hand: g.kind is GroupKind.KONG and g.concealed)


def _clean_text(hand: Hand) -> str:
    if suit_names(hand)[0] == 1:
        return mixed_one_suit_text(hand)
    return "every tile is a 1, a 9 or an honor"


@reading_detector("seat_wind_pung", SETS_AND_PARTIAL, no_template=_COMMON,
                  shows=groups(pung_of(lambda t, hand: t == hand.seat_wind)),
                  needs=Needs(wind_pungs=1),
                  breaks=only(lambda g, hand: g.tile == hand.seat_wind,
                              "needs a pung or kong of the seat wind",
                              "the hand has no seat wind"))
def seat_wind_pung(r: Reading) -> int:
    return sum(1 for t in r.pungs if t == r.facts.hand.seat_wind)


@reading_detector("prevailing_wind_pung", SETS_AND_PARTIAL, no_template=_COMMON,
                  shows=groups(pung_of(lambda t, hand: t == hand.prevailing_wind)),
                  needs=Needs(wind_pungs=1),
                  breaks=only(lambda g, hand: g.tile == hand.prevailing_wind,
                              "needs a pung or kong of the prevailing wind",
                              "the hand has no prevailing wind"))
def prevailing_wind_pung(r: Reading) -> int:
    return sum(1 for t in r.pungs if t == r.facts.hand.prevailing_wind)


@hand_detector("concealed_kongs_3", SETS_AND_PARTIAL, shows=_HIDDEN_KONGS,
               no_template=_NOT_YET, needs=Needs(has=HandFlag.KONG),
               breaks=only(_hidden_kong,
                           "needs three concealed kongs",
                           "the hand has no concealed kong"))
def concealed_kongs_3(f: HandFacts) -> int:
    return int(sum(1 for m in f.hand.melds if m.kind is MeldKind.KONG and not m.exposed) >= 3)


@hand_detector("clean_hand", shows=said(_clean_text), no_template=_NOT_YET,
               needs=Needs(has=HandFlag.HONOR),
               breaks=_CLEAN_GAP)
def clean_hand(f: HandFacts) -> int:
    # One number suit with honors, or only 1s and 9s with honors.
    if not f.has_honor:
        return 0
    return int(len(f.number_suits) == 1 or (f.has_terminal and not f.has_simple))


@hand_detector("very_clean_hand", no_template=_NOT_YET,
               needs=Needs(has=HandFlag.HONOR | HandFlag.ONE_SUIT, lacks=HandFlag.SIMPLE),
               shows=said(lambda h: f"only the 1s and 9s of {suit_names(h)[1]}, and honors"),
               breaks=_VERY_CLEAN_GAP)
def very_clean_hand(f: HandFacts) -> int:
    # Only the 1s and 9s of one suit, with honors.
    return int(f.has_honor and len(f.number_suits) == 1 and not f.has_simple)


@hand_detector("pure_hand", shows=said(pure_one_suit_text), no_template=_NOT_YET,
               breaks=_PURE_GAP)
def pure_hand(f: HandFacts) -> int:
    # One number suit and nothing else, or honors and nothing else.
    if f.has_honor:
        return int(not f.number_suits)
    return int(len(f.number_suits) == 1)


# --- regular limit hands -------------------------------------------------------------

@reading_detector("imperial_jade", SETS, no_template=_RARE_LIMIT, needs=Needs(lacks=NOT_GREEN),
                  shows=said("every tile is green: b2, b3, b4, b6, b8 or the green dragon"),
                  breaks=_JADE_GAP)
def imperial_jade(r: Reading) -> int:
    # Sets and a pair made only of green tiles: b2 b3 b4 b6 b8 and the green dragon.
    return int(r.facts.kinds <= tiles.GREEN_TILES)


@hand_detector("four_hidden_kongs", shows=_HIDDEN_KONGS, no_template=_RARE_LIMIT,
               needs=Needs(has=HandFlag.KONG),
               breaks=only(_hidden_kong,
                           "needs four concealed kongs",
                           "the hand has no concealed kong"))
def four_hidden_kongs(f: HandFacts) -> int:
    melds = f.hand.melds
    return int(len(melds) == 4 and all(m.kind is MeldKind.KONG and not m.exposed for m in melds))


@reading_detector("heads_and_tails", SETS, no_template=_RARE_LIMIT,
                  needs=Needs(has=HandFlag.TERMINAL, lacks=HandFlag.HONOR | HandFlag.SIMPLE),
                  shows=said("every set and the pair are 1s and 9s"),
                  breaks=tiles_not(lambda t: tiles.IS_TERMINAL[t], "needs only 1s and 9s"))
def heads_and_tails(r: Reading) -> int:
    # Pungs and a pair of 1s and 9s only (any suits); they may be exposed.
    return int(r.facts.only(TERMINAL_MASK))


_GATES = NINE_GATES_COUNTS


def _one_suit_counts(f: HandFacts) -> tuple[int, ...] | None:
    """The 9 counts of the hand's only suit when it has no honors, else None."""
    if f.has_honor or len(f.number_suits) != 1:
        return None
    base = int(next(iter(f.number_suits))) * 9
    return tuple(f.counts[base : base + 9])


_ONE_PURE_SUIT = Needs(has=HandFlag.ONE_SUIT, lacks=HandFlag.HONOR)


@hand_detector("winding_snake", shows=whole_hand, no_template=_RARE_LIMIT, needs=_ONE_PURE_SUIT,
               breaks=_snake_gap("needs 111, 2345678 and 999 of one suit and one more 2, 5 or 8"))
def winding_snake(f: HandFacts) -> int:
    # 111 2345678 999 of one suit plus a 2, 5 or 8 to pair; it may be exposed.
    counts = _one_suit_counts(f)
    if counts is None:
        return 0
    extra = [c - g for c, g in zip(counts, _GATES, strict=True)]
    return int(sorted(extra) == [0] * 8 + [1] and extra.index(1) in (1, 4, 7))


# --- irregular limit hands -----------------------------------------------------------

@hand_detector("nine_gates_any", shows=whole_hand, no_template=_RARE_LIMIT,
               needs=Needs(has=HandFlag.ONE_SUIT, lacks=HandFlag.HONOR | HandFlag.MELDS),
               breaks=first(exposed(_GATES_ANY), _snake_gap(_GATES_ANY)))
def nine_gates_any(f: HandFacts) -> int:
    # 1112345678999 of one suit plus any tile of that suit, all concealed.  Unlike
    # R17 (the default ruleset), it does not matter which tile came last.
    counts = _one_suit_counts(f)
    if counts is None or f.hand.melds:
        return 0
    return int(all(c >= g for c, g in zip(counts, _GATES, strict=True)))


def _special(name: str) -> None:
    needs = "needs an irregular hand of single tiles of its own kind"
    @reading_detector(name, _SPECIAL, shows=whole_hand, traits=Trait.SPECIAL_FORM,
                      no_template=_RARE_LIMIT,
                      breaks=first(shape_is_not(Shape.SPECIAL, needs),
                                   _said_not(f"{needs}, and these tiles make another one")))
    def detect(r: Reading) -> int:
        return int(r.shape is Shape.SPECIAL and special_form(r.facts.counts, name))


for _form in (STRAIGHT_OF_WINDS, STRAIGHT_OF_DRAGONS, PEKING_GARDEN):
    _special(_form)


def _twins(name: str, test: Callable[[HandFacts], bool], needs: Needs = ANYTHING,
           gap: Proof | None = None) -> None:
    pairs = shape_is_not(Shape.SEVEN_PAIRS, "needs seven pairs")

    @reading_detector(name, _PAIRS, shows=groups(is_pair), no_template=_RARE_LIMIT, needs=needs,
                      breaks=first(pairs, gap) if gap is not None else pairs)
    def detect(r: Reading) -> int:
        return int(r.shape is Shape.SEVEN_PAIRS and test(r.facts))


_twins("twins", lambda f: True)
_CLEAN_FLAGS = HandFlag.HONOR | HandFlag.ONE_SUIT
_twins("twins_clean", lambda f: f.has_honor and len(f.number_suits) == 1,
       Needs(has=_CLEAN_FLAGS),
       first(_lacks_honor(_CLEAN), suits_beyond(1, _CLEAN), _lacks_number(_CLEAN)))
_twins("twins_very_clean",
       lambda f: f.has_honor and len(f.number_suits) == 1 and not f.has_simple,
       Needs(has=_CLEAN_FLAGS, lacks=HandFlag.SIMPLE),
       first(_lacks_honor(_VERY_CLEAN), suits_beyond(1, _VERY_CLEAN),
             tiles_not(lambda t: not tiles.IS_SIMPLE[t], _VERY_CLEAN),
             _lacks_number(_VERY_CLEAN)))
_twins("twins_pure", lambda f: not f.has_honor and len(f.number_suits) == 1, _ONE_PURE_SUIT,
       _PURE_GAP)
_twins("twins_honors", lambda f: not f.number_suits, Needs(lacks=NUMBER_SUITS),
       tiles_not(lambda t: tiles.IS_HONOR[t], "needs only winds and dragons",
                 lambda t: "a number tile"))
