"""The JSON forms of `docs/contract.md`: hand objects in, result objects out.

Reading reports every problem with the field it concerns (`melds[1]: ...`) so the
command line can print `hand 3: concealed: five copies of c1`.  Unknown fields are
ignored: the contract grows only by optional fields, and old readers must cope.

The classical ruleset adds, all optional: the losers' hands on the winner's hand
object (`"losers": [{"concealed": [...], "melds": [...], "seat_wind": "south"}, ...]`),
and in the result `points` and `doubles`, a `doubles` count on each pattern, the
winner's `payoff` and, with the losers, the whole `settlement`.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from json.encoder import encode_basestring
from typing import Any, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Group, GroupKind, group_codes
from mj_trainer.engine.hand import (
    DEFAULT_RULESET,
    SELF_DRAWN,
    Hand,
    Incidental,
    Meld,
    MeldKind,
    Problem,
    validate,
)
from mj_trainer.engine.notation import format_hand, format_meld, format_tiles
from mj_trainer.engine.payoff import payoff
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.engine.ruleset_model import Scheme
from mj_trainer.engine.scoring import Hit, Outcome, Score, ignored_context
from mj_trainer.engine.settlement import LoserHand, LoserScore, Table, seat_name, validate_loser
from mj_trainer.engine.tiles import Tile

JSONObject = dict[str, Any]
_CODE_TO_TILE: Final = tiles.CODE_TO_TILE


class HandJSONError(ValueError):
    """A hand object that is not a valid hand; carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


def _tile(value: object, where: str, problems: list[Problem]) -> Tile | None:
    if not isinstance(value, str):
        problems.append(Problem(where, f"expected a tile code string, got {_kind(value)}"))
        return None
    tile = tiles.parse_code(value.strip())
    if tile is None:
        problems.append(Problem(where, f"unknown tile code {value!r}"))
    return tile


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _tile_list(obj: JSONObject, key: str, problems: list[Problem], required: bool) -> list[Tile]:
    if key not in obj:
        if required:
            problems.append(Problem(key, "missing (a list of tile codes)"))
        return []
    value = obj[key]
    if not isinstance(value, list):
        problems.append(Problem(key, f"expected a list of tile codes, got {_kind(value)}"))
        return []
    try:  # the usual case, every item a plain lower-case code: one lookup each
        return [_CODE_TO_TILE[item] for item in value]
    except (KeyError, TypeError):
        pass  # something to report or to normalise: item by item below
    out = []
    for i, item in enumerate(value):
        tile = _tile(item, f"{key}[{i}]", problems)
        if tile is not None:
            out.append(tile)
    return out


def _wind(obj: JSONObject, key: str, problems: list[Problem]) -> Tile:
    value = obj.get(key, "east")
    if isinstance(value, str) and value.lower() in tiles.WIND_BY_NAME:
        return tiles.WIND_BY_NAME[value.lower()]
    problems.append(Problem(key, f"expected east, south, west or north, got {_kind(value)}"))
    return tiles.EAST


def hand_from_json(obj: object) -> Hand:
    """A validated Hand from a contract hand object; raises HandJSONError."""
    problems: list[Problem] = []
    if not isinstance(obj, dict):
        raise HandJSONError([Problem("", f"a hand must be a JSON object, got {_kind(obj)}")])
    concealed = _tile_list(obj, "concealed", problems, required=True)
    bonus = _tile_list(obj, "bonus", problems, required=False)
    melds = _melds(obj, problems)
    winning: Tile | None = None
    if "winning_tile" not in obj:
        problems.append(Problem("winning_tile", "missing"))
    else:
        winning = _tile(obj["winning_tile"], "winning_tile", problems)
    self_drawn = obj.get(SELF_DRAWN, False)
    if not isinstance(self_drawn, bool):
        problems.append(Problem(SELF_DRAWN, f"expected true or false, got {_kind(self_drawn)}"))
        self_drawn = False
    seat = _wind(obj, "seat_wind", problems)
    prevailing = _wind(obj, "prevailing_wind", problems)
    incidentals: set[Incidental] = set()
    raw_inc = obj.get("incidentals", [])
    if not isinstance(raw_inc, list):
        problems.append(Problem("incidentals", f"expected a list, got {_kind(raw_inc)}"))
        raw_inc = []
    for i, name in enumerate(raw_inc):
        try:
            item = Incidental(name)
        except ValueError:
            known = ", ".join(x.value for x in Incidental)
            what = repr(name) if isinstance(name, str) else _kind(name)
            problems.append(Problem(f"incidentals[{i}]", f"unknown incidental {what} "
                                    f"(known: {known})"))
            continue
        if item in incidentals:
            problems.append(Problem(f"incidentals[{i}]", f"{name} is listed twice"))
        incidentals.add(item)
    ruleset = obj.get("ruleset", DEFAULT_RULESET)
    if not isinstance(ruleset, str) or not ruleset:
        problems.append(Problem("ruleset", f"expected a ruleset name, got {_kind(ruleset)}"))
        ruleset = DEFAULT_RULESET
    if problems or winning is None:
        raise HandJSONError(problems)
    hand = Hand(
        concealed=tuple(sorted(concealed)),
        winning_tile=winning,
        melds=tuple(melds),
        self_drawn=self_drawn,
        bonus=tuple(sorted(bonus)),
        seat_wind=seat,
        prevailing_wind=prevailing,
        incidentals=frozenset(incidentals),
        ruleset=ruleset,
    )
    problems = validate(hand)
    if problems:
        raise HandJSONError(problems)
    return hand


def _melds(obj: JSONObject, problems: list[Problem]) -> list[Meld]:
    melds: list[Meld] = []
    raw_melds = obj.get("melds", [])
    if not isinstance(raw_melds, list):
        problems.append(Problem("melds", f"expected a list, got {_kind(raw_melds)}"))
        raw_melds = []
    for i, m in enumerate(raw_melds):
        where = f"melds[{i}]"
        if not isinstance(m, dict):
            problems.append(Problem(where, f"expected an object, got {_kind(m)}"))
            continue
        kind_name = m.get("type")
        try:
            kind = MeldKind(kind_name)
        except ValueError:
            problems.append(Problem(f"{where}.type", f"expected chow, pung or kong, got "
                                    f"{_kind(kind_name)}"))
            continue
        tile = _tile(m.get("tile"), f"{where}.tile", problems)
        exposed = m.get("exposed", True)
        if not isinstance(exposed, bool):
            problems.append(Problem(f"{where}.exposed", f"expected true or false, got "
                                    f"{_kind(exposed)}"))
            continue
        if tile is not None:
            melds.append(Meld(kind, tile, exposed))
    return melds


_LOSER_FIELDS = ("concealed", "melds", "bonus", "seat_wind", "prevailing_wind")


def losers_from_json(obj: object, winner: Hand) -> list[LoserHand] | None:
    """The losers' hands of a winner's hand object, or None when it has no "losers".

    Each is a hand object without a winning tile: 13 tiles (plus one per kong) in
    `concealed` and `melds`, its `bonus` and its `seat_wind` (required).  The round's
    wind is the winner's.  Problems name the field, e.g. `losers[1].concealed`.
    """
    if not isinstance(obj, dict) or "losers" not in obj:
        return None
    raw = obj["losers"]
    if not isinstance(raw, list):
        raise HandJSONError([Problem("losers", f"expected a list of hand objects, got "
                                     f"{_kind(raw)}")])
    problems: list[Problem] = []
    out: list[LoserHand] = []
    for i, item in enumerate(raw):
        where = f"losers[{i}]"
        mine: list[Problem] = []
        if not isinstance(item, dict):
            problems.append(Problem(where, f"expected a hand object, got {_kind(item)}"))
            continue
        for key in ("winning_tile", SELF_DRAWN, "incidentals"):
            if key in item:
                mine.append(Problem(key, "a loser's hand has none: he did not win"))
        if "seat_wind" not in item:
            mine.append(Problem("seat_wind", "missing: the loser's seat decides who pays "
                                "double"))
        concealed = _tile_list(item, "concealed", mine, required=True)
        bonus = _tile_list(item, "bonus", mine, required=False)
        melds = _melds(item, mine)
        seat = _wind(item, "seat_wind", mine)
        prevailing = (_wind(item, "prevailing_wind", mine) if "prevailing_wind" in item
                      else winner.prevailing_wind)
        if not mine:
            loser = LoserHand(tuple(sorted(concealed)), seat, tuple(melds),
                              tuple(sorted(bonus)), prevailing)
            mine.extend(validate_loser(loser))
            out.append(loser)
        problems.extend(Problem(f"{where}.{p.field}" if p.field else where, p.message)
                        for p in mine)
    if problems:
        raise HandJSONError(problems)
    return out


def hand_to_json(hand: Hand) -> JSONObject:
    """The contract hand object of a hand (defaults written out in full)."""
    return {
        "concealed": [tiles.code(t) for t in hand.concealed],
        "melds": [
            {"type": m.kind.value, "tile": tiles.code(m.tile), "exposed": m.exposed}
            for m in hand.melds
        ],
        "winning_tile": tiles.code(hand.winning_tile),
        SELF_DRAWN: hand.self_drawn,
        "bonus": [tiles.code(t) for t in hand.bonus],
        "seat_wind": tiles.WIND_NAMES[hand.seat_wind - tiles.EAST],
        "prevailing_wind": tiles.WIND_NAMES[hand.prevailing_wind - tiles.EAST],
        "incidentals": sorted(i.value for i in hand.incidentals),
        "ruleset": hand.ruleset,
    }


def _hit(hit: Hit, doubling: bool = False) -> JSONObject:
    p = hit.pattern
    out: JSONObject = {"id": p.id, "name": p.name, "family": p.family, "count": hit.count,
                       "points": hit.points}
    if doubling:
        out["doubles"] = hit.doubles
    if not hit.counted:
        out["reason"] = hit.why.value if hit.why else "not_counted"
        if hit.by is not None:
            out["by"] = hit.by.id
        out["explanation"] = hit.reason()
    return out


def _outcome(o: Outcome, doubling: bool = False) -> JSONObject:
    out: JSONObject = {
        "total": o.total,
        "sum": o.sum,
        "limit": o.limit.id if o.limit else None,
        "capped": o.capped,
        "shape": o.arrangement.shape.value if o.arrangement else None,
        "patterns": [_hit(h, doubling) for h in o.counted],
        "not_counted": [_hit(h, doubling) for h in o.not_counted],
        "arrangement": o.arrangement.as_codes() if o.arrangement else None,
    }
    if doubling:
        out["points"] = o.points
        out["doubles"] = o.doubles
    return out


def _loser_json(ls: LoserScore, doubling: bool) -> JSONObject:
    o = _outcome(ls.outcome, doubling)
    out: JSONObject = {
        "seat": seat_name(ls.seat),
        "role": "loser",
        "total": ls.total,
        "hand": _loser_notation(ls.hand),
        "sets_total": o["total"],
        "patterns": o["patterns"],
        "arrangement": o["arrangement"],
    }
    if doubling:
        out["points"] = o["points"]
        out["doubles"] = o["doubles"]
    if ls.ready is not None:
        out["ready"] = {
            "limit": ls.ready.pattern.id,
            "name": ls.ready.pattern.name,
            "value": ls.ready.pattern.value,
            "half": ls.ready.half,
            "waits": [tiles.code(t) for t in ls.ready.tiles],
            "used": ls.uses_ready,
        }
    return out


def _loser_notation(hand: LoserHand) -> str:
    parts = [format_tiles(hand.concealed)] if hand.concealed else []
    for m in hand.melds:
        inner = format_tiles(m.tiles) if m.tile < 27 else " ".join(tiles.code(t) for t in m.tiles)
        parts.append(f"[{inner}]" if m.exposed else f"{{{inner}}}")
    parts.extend(tiles.code(t) for t in hand.bonus)
    parts.append("seat:" + seat_name(hand.seat_wind))
    return " ".join(parts)


def settlement_to_json(table: Table) -> JSONObject:
    """Every player's score, every payment and each balance (classical, R32)."""
    doubling = table.winner.ruleset.doubling
    s = table.settlement
    winner: JSONObject = {"seat": seat_name(s.winner), "role": "winner",
                          "total": table.winner.total}
    players = [winner, *(_loser_json(ls, doubling) for ls in table.losers)]
    players.sort(key=lambda p: tiles.WIND_NAMES.index(p["seat"]))
    return {
        "players": players,
        "payments": [{"from": seat_name(t.payer), "to": seat_name(t.payee), "amount": t.amount}
                     for t in s.transfers],
        "net": {seat_name(seat): n for seat, n in s.net().items()},
    }


def score_to_json(result: Score, *, all_arrangements: bool = False,
                  table: Table | None = None) -> JSONObject:
    """The contract result object, with the trace as extra fields."""
    doubling = result.ruleset.doubling
    best = _outcome(result.best, doubling)
    out: JSONObject = {
        "winning": result.winning,
        "total": best["total"],
        "ruleset": result.ruleset.id,
        "limit": best["limit"],
        "capped": best["capped"],
        "patterns": best["patterns"],
        "arrangement": best["arrangement"],
        "shape": best["shape"],
        "sum": best["sum"],
        "not_counted": best["not_counted"],
        "hand": format_hand(result.hand),
    }
    if doubling:
        out["points"] = best["points"]
        out["doubles"] = best["doubles"]
    ignored = ignored_context(result.hand, result.ruleset)
    if ignored:
        out["ignored"] = list(ignored)
    pay = payoff(result)
    if pay is not None:
        out["payoff"] = {
            "scheme": pay.scheme,
            "winner_gets": pay.winner_gets,
            "payments": [{"who": p.who, "amount": p.amount} for p in pay.payments],
        }
    if table is not None:
        out["settlement"] = settlement_to_json(table)
    if all_arrangements:
        out["alternatives"] = [_outcome(o, doubling) for o in result.others]
    return out


# --- a result as JSON text, quickly ------------------------------------------------------
#
# `score --json` writes one result per hand.  Most of a result is decided by the best
# reading's resolution, which the scorer shares between every hand that resolves the
# same way (one `hits` tuple), so its text is kept per resolution; only the arrangement
# and the hand's notation are written afresh.  The text is exactly what `json.dumps`
# makes of `score_to_json` (the tests hold the two together).

# One kept resolution: its hits (held, so that their id is not reused while kept), the
# ruleset, total and sum it was made for, and the text before the arrangement and
# between the arrangement and the hand.
_Texts = tuple[tuple[Hit, ...], Ruleset, int, int, str, str]
_RESOLUTION_TEXTS: dict[int, _Texts] = {}
_TEXTS_LIMIT: Final = 50_000
# The JSON text of every group's tile codes, by kind and tile (kind * stride + tile).
_KINDS_STRIDE: Final = tiles.NUM_KINDS
_GROUP_TEXTS: Final = tuple(json.dumps(list(group_codes(Group(kind, tile, True))))
                            for kind in GroupKind for tile in range(tiles.NUM_KINDS))


def score_json_text(result: Score, *, all_arrangements: bool = False,
                    table: Table | None = None) -> str:
    """`json.dumps(score_to_json(result, ...), ensure_ascii=False)`, made faster for the
    common result (a win without a payoff, settlement or alternatives)."""
    rules = result.ruleset
    if (table is not None or all_arrangements or not result.winning
            or rules.scheme is Scheme.DOUBLING
            or (rules.payoff is not None and payoff(result) is not None)):
        return json.dumps(score_to_json(result, all_arrangements=all_arrangements,
                                        table=table), ensure_ascii=False)
    best = result.best
    arrangement = best.arrangement
    assert arrangement is not None  # a win always has its reading
    hits = best.hits
    texts = _RESOLUTION_TEXTS.get(id(hits))
    if (texts is None or texts[0] is not hits or texts[1] is not rules
            or texts[2] != best.total or texts[3] != best.sum):
        texts = _resolution_texts(best, rules)
    hand = result.hand
    texts_of = _GROUP_TEXTS
    sets = ", ".join([texts_of[g[0] * _KINDS_STRIDE + g[1]] for g in arrangement.groups])
    out = f"{texts[4]}[{sets}]{texts[5]}{encode_basestring(_notation(hand))}"
    if hand.incidentals or hand.bonus:
        ignored = ignored_context(hand, rules)
        if ignored:
            return f'{out}, "ignored": {json.dumps(list(ignored), ensure_ascii=False)}}}'
    return out + "}"


def _resolution_texts(best: Outcome, rules: Ruleset) -> _Texts:
    if len(_RESOLUTION_TEXTS) >= _TEXTS_LIMIT:
        _RESOLUTION_TEXTS.clear()
    assert best.arrangement is not None
    limit = encode_basestring(best.limit.id) if best.limit else "null"
    head = (f'{{"winning": true, "total": {best.total}, '
            f'"ruleset": {encode_basestring(rules.id)}, "limit": {limit}, '
            f'"capped": {"true" if best.capped else "false"}, '
            f'"patterns": {json.dumps([_hit(h) for h in best.counted], ensure_ascii=False)}, '
            '"arrangement": ')
    mid = (f', "shape": {encode_basestring(best.arrangement.shape.value)}, '
           f'"sum": {best.sum}, "not_counted": '
           f'{json.dumps([_hit(h) for h in best.not_counted], ensure_ascii=False)}, '
           '"hand": ')
    texts = _RESOLUTION_TEXTS[id(best.hits)] = (best.hits, rules, best.total, best.sum,
                                                head, mid)
    return texts


_TILE_CODES: Final = tiles.CODES
_RANK_DIGITS: Final = tuple(str(t % 9 + 1) for t in range(27))
_digits = _RANK_DIGITS.__getitem__
_codes_of = _TILE_CODES.__getitem__


def _notation(hand: Hand) -> str:
    """`format_hand(hand)`, in fewer steps: the concealed tiles are cut at the suits'
    boundaries in sorted order and written a suit at a time."""
    win = hand.winning_tile
    rest = sorted(hand.concealed)
    try:
        rest.remove(win)  # the winning tile is written apart
    except ValueError:
        return format_hand(hand)  # not a hand the contract accepts: the long way
    b, k, h = bisect_left(rest, 9), bisect_left(rest, 18), bisect_left(rest, 27)
    out = [f"{letter}{''.join(map(_digits, rest[lo:hi]))}"
           for letter, lo, hi in (("c", 0, b), ("b", b, k), ("k", k, h)) if lo < hi]
    if h < len(rest):
        out.extend(map(_codes_of, rest[h:]))
    if hand.melds:
        out.extend(format_meld(m) for m in hand.melds)
    out.append("+" + _TILE_CODES[win])
    if hand.self_drawn:
        out.append("self")
    if hand.bonus:
        out.extend(_TILE_CODES[t] for t in sorted(hand.bonus))
    if hand.seat_wind != tiles.EAST:
        out.append("seat:" + tiles.WIND_NAMES[hand.seat_wind - tiles.EAST])
    if hand.prevailing_wind != tiles.EAST:
        out.append("wind:" + tiles.WIND_NAMES[hand.prevailing_wind - tiles.EAST])
    if hand.incidentals:
        out.extend(sorted(i.value.replace("_", "-") for i in hand.incidentals))
    if hand.ruleset != DEFAULT_RULESET:
        out.append("ruleset:" + hand.ruleset)
    return " ".join(out)
