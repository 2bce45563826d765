"""Hand objects decoded straight into typed structs (msgspec), for the batch scorer.

A hand object in the plain form the contract shows (its own fields only, exact
lower-case tile codes and wind names, known incidentals, no losers, every field of its
type) becomes a `Hand` without a dict in between.  Anything else -- a field the contract
does not name (it may hold a number Python's json refuses), a wrong type, a code to
normalise, a problem to report, losers to settle -- gets None here, and the caller
reads the same text the usual way (`json` and `engine.jsonio`), which words every
problem as the contract says.  So this module never decides what a hand means, only
that a plain hand needs no more care.
"""

from __future__ import annotations

from typing import Final

import msgspec

from mj_trainer.engine.frozen import builder
from mj_trainer.engine.hand import DEFAULT_RULESET, Hand, Incidental, Meld, MeldKind, validate
from mj_trainer.engine.tiles import CODE_TO_TILE, WIND_BY_NAME


class _Meld(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    tile: str
    exposed: bool = True


class _Hand(msgspec.Struct, forbid_unknown_fields=True):
    concealed: list[str]
    winning_tile: str
    melds: list[_Meld] = []
    self_drawn: bool = False
    bonus: list[str] = []
    seat_wind: str = "east"
    prevailing_wind: str = "east"
    incidentals: list[str] = []
    ruleset: str = DEFAULT_RULESET
    losers: msgspec.Raw = msgspec.Raw()  # kept undecoded: a hand with losers goes the long way


_LIST: Final = msgspec.json.Decoder(list[_Hand])
_ONE: Final = msgspec.json.Decoder(_Hand)
_KINDS: Final = {kind.value: kind for kind in MeldKind}
_INCIDENTALS: Final = {item.value: item for item in Incidental}
_new_hand = builder(Hand)
_new_meld = builder(Meld)
_NO_INCIDENTALS: Final[frozenset[Incidental]] = frozenset()


def plain_hands(text: str, ruleset: str | None = None) -> list[Hand] | None:
    """The hands of a JSON list given as text, or None unless every one is plain.

    `ruleset` (the --ruleset option) replaces each hand's own, as it would later.
    """
    try:
        objects = _LIST.decode(text)
    except (msgspec.DecodeError, RecursionError):  # not JSON, not plain, too deep
        return None
    hands = []
    for obj in objects:
        hand = _plain(obj, ruleset)
        if hand is None:
            return None
        hands.append(hand)
    return hands


def plain_hand(text: str, ruleset: str | None = None) -> Hand | None:
    """One hand object given as text (a line of JSON Lines), or None unless plain."""
    try:
        obj = _ONE.decode(text)
    except (msgspec.DecodeError, RecursionError):
        return None
    return _plain(obj, ruleset)


def _plain(obj: _Hand, ruleset: str | None) -> Hand | None:
    code = CODE_TO_TILE
    try:
        concealed = list(map(code.__getitem__, obj.concealed))
        win = code[obj.winning_tile]
        seat = WIND_BY_NAME[obj.seat_wind]
        prevailing = WIND_BY_NAME[obj.prevailing_wind]
        melds = tuple(_new_meld(_KINDS[m.type], code[m.tile], m.exposed)
                      for m in obj.melds) if obj.melds else ()
        bonus = tuple(sorted(code[c] for c in obj.bonus)) if obj.bonus else ()
        incidentals = (frozenset(_INCIDENTALS[i] for i in obj.incidentals)
                       if obj.incidentals else _NO_INCIDENTALS)
    except KeyError:
        return None
    if obj.losers or not obj.ruleset or len(incidentals) != len(obj.incidentals):
        return None
    concealed.sort()
    hand = _new_hand(tuple(concealed), win, melds, obj.self_drawn, bonus, seat, prevailing,
                     incidentals, ruleset if ruleset is not None else obj.ruleset)
    return None if validate(hand) else hand
