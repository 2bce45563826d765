"""Where a pattern comes from in a hand: the groups or tiles of the chosen
arrangement that make it, in words and in notation."""

from __future__ import annotations

from mj_trainer.engine import arrangements as arr
from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import Arrangement, Group, GroupKind
from mj_trainer.engine.hand import Incidental
from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.scoring import Outcome, Score
from mj_trainer.quizzes.rule_refs import NOT_A_WIN_RULE, rule_refs
from mj_trainer.quizzes.wording import group_text, shape_text

_WIND_SETS = frozenset({"wind_pung"})
_WIND_HANDS = frozenset(
    {"little_three_winds", "big_three_winds", "little_four_winds", "big_four_winds"}
)
_DRAGON_SETS = frozenset({"dragon_pung"})
_DRAGON_HANDS = frozenset({"little_three_dragons", "big_three_dragons"})
_IDENTICAL = frozenset(
    {"two_identical_chows", "two_identical_chows_twice", "three_identical_chows",
     "four_identical_chows"}
)
_RUN_CHOWS = frozenset(
    {"three_consecutive_chows", "three_consecutive_chows_twice", "four_consecutive_chows",
     "nine_tile_straight"}
)
_RUN_PUNGS = frozenset({"three_consecutive_pungs", "four_consecutive_pungs", "three_mothers"})
_PAIR_HANDS = frozenset(
    {"seven_pairs", "seven_shifted_pairs", "shifted_pairs_coins", "shifted_pairs_bamboo",
     "shifted_pairs_characters", "all_honor_pairs", "twins", "twins_clean",
     "twins_very_clean", "twins_pure", "twins_honors"}
)
_EYES = frozenset({"pair_of_dragons", "pair_of_seat_wind", "pair_of_prevailing_wind"})
_BONUS = frozenset({"bonus_tile", "bonus_tile_loose", "all_flowers", "all_seasons",
                    "all_bonus_tiles"})
_INCIDENTAL_BY_DETECTOR = {
    "final_draw": Incidental.FINAL_DRAW,
    "final_discard": Incidental.FINAL_DISCARD,
    "win_on_kong": Incidental.WIN_ON_KONG,
    "win_on_bonus": Incidental.WIN_ON_BONUS,
    "robbing_kong": Incidental.ROBBING_KONG,
    "blessing_of_heaven": Incidental.BLESSING_OF_HEAVEN,
    "blessing_of_earth": Incidental.BLESSING_OF_EARTH,
    "kong_on_kong": Incidental.KONG_ON_KONG,
}
# The classical set-points detectors: {pung|kong}_{simples|majors}_{exposed|concealed}.
_SET_POINTS = frozenset(
    f"{kind}_{what}_{how}" for kind in ("pung", "kong") for what in ("simples", "majors")
    for how in ("exposed", "concealed")
)


def _chows(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.kind is GroupKind.CHOW]


def _pungs(a: Arrangement) -> list[Group]:
    return [g for g in a.groups if g.is_pung]


def _suit_groups(groups: list[Group], at_least: int) -> list[Group]:
    """Number groups of the suits that hold at least `at_least` of them."""
    per_suit: dict[int, list[Group]] = {}
    for g in groups:
        if tiles.IS_NUMBER[g.tile]:
            per_suit.setdefault(g.tile // 9, []).append(g)
    return [g for gs in per_suit.values() if len(gs) >= at_least for g in gs]


def _set_points_groups(det: str, a: Arrangement) -> list[Group]:
    kind_word, what, how = det.split("_")
    kind = GroupKind.PUNG if kind_word == "pung" else GroupKind.KONG
    major = what == "majors"
    concealed = how == "concealed"
    return [g for g in a.groups
            if g.kind is kind and g.concealed is concealed and tiles.IS_ORPHAN[g.tile] is major]


def _focus(pattern: Pattern, a: Arrangement, result: Score) -> list[Group] | None:
    """The groups of reading `a` that make `pattern`, or None for the whole hand."""
    det = pattern.detector
    rank = tiles.RANK
    hand = result.hand
    if det in _SET_POINTS:
        return _set_points_groups(det, a)
    if det in _EYES:
        return [g for g in a.groups[-1:] if g.kind in (GroupKind.PAIR, GroupKind.PE_LING_PAIR)]
    if det in _WIND_SETS:
        return [g for g in _pungs(a) if tiles.IS_WIND[g.tile]]
    if det == "seat_wind_pung":
        return [g for g in _pungs(a) if g.tile == hand.seat_wind]
    if det == "prevailing_wind_pung":
        return [g for g in _pungs(a) if g.tile == hand.prevailing_wind]
    if det in _WIND_HANDS:
        return [g for g in a.groups if tiles.IS_WIND[g.tile]]
    if det in _DRAGON_SETS:
        return [g for g in _pungs(a) if tiles.IS_DRAGON[g.tile]]
    if det in _DRAGON_HANDS:
        return [g for g in a.groups if tiles.IS_DRAGON[g.tile]]
    if det.startswith("concealed_pungs_"):
        return [g for g in _pungs(a) if g.concealed]
    if det in ("concealed_kongs_3", "four_hidden_kongs"):
        return [g for g in a.groups if g.kind is GroupKind.KONG and g.concealed]
    if det.startswith("kongs_"):
        return [g for g in a.groups if g.kind is GroupKind.KONG]
    if det == "all_chows":
        return _chows(a)
    if det == "all_pungs":
        return _pungs(a)
    if det == "value_honor":
        # Zung Jung: the dragons and the seat wind; the prevailing wind earns nothing.
        return [g for g in _pungs(a) if tiles.IS_DRAGON[g.tile] or g.tile == hand.seat_wind]
    if det in _IDENTICAL:
        starts = [g.tile for g in _chows(a)]
        return [g for g in _chows(a) if starts.count(g.tile) >= 2]
    if det == "three_similar_chows":
        chows = _chows(a)
        return [g for g in chows
                if len({h.tile // 9 for h in chows if rank[h.tile] == rank[g.tile]}) == 3]
    if det in ("three_similar_pungs", "little_three_similar_pungs"):
        numbered = [g for g in a.groups if tiles.IS_NUMBER[g.tile] and g.kind is not
                    GroupKind.CHOW]
        return [g for g in numbered
                if len({h.tile // 9 for h in numbered if rank[h.tile] == rank[g.tile]}) >= 2]
    if det in _RUN_CHOWS:
        return _suit_groups(_chows(a), 3)
    if det in _RUN_PUNGS:
        pungs = _suit_groups(_pungs(a), 3)
        if det == "three_mothers":
            suits = {g.tile // 9 for g in pungs}
            pungs += [g for g in _chows(a) if g.tile // 9 in suits]
        return pungs
    if det == "two_tailed_terminal_chows":
        return [g for g in _chows(a) if rank[g.tile] in (1, 7)]
    if det == "two_tailed_terminal_pungs":
        return [g for g in _pungs(a) if rank[g.tile] in (1, 9) and tiles.IS_NUMBER[g.tile]]
    if det == "two_tailed_terminals":
        return [g for g in a.groups if g.kind is not GroupKind.PAIR
                and tiles.IS_NUMBER[g.tile] and (
                    rank[g.tile] in (1, 7) if g.kind is GroupKind.CHOW else rank[g.tile] in (1, 9)
                )]
    if det in _PAIR_HANDS:
        return [g for g in a.groups if g.kind is GroupKind.PAIR]
    return None


def _types_text(result: Score) -> str:
    firsts: dict[tiles.Suit, int] = {}
    for t in sorted(result.hand.all_tiles()):
        firsts.setdefault(tiles.SUIT[t], t)
    return ", ".join(f"{tiles.SUIT_NAMES[s]} ({tiles.code(t)})" for s, t in firsts.items())


def chicken_condition(rules: Ruleset) -> str:
    """When the chicken hand counts, in words (R13 default; R31 Zung Jung)."""
    ignored = sorted(rules.chicken_ignores, key=lambda c: int(c) if c.isdigit() else 0)
    if not ignored:
        return "no other pattern scores at all, not even a bonus tile"
    names = " or ".join(rules.categories.get(c, c).lower() for c in ignored)
    return f"nothing but {names} scores"


def _bonus_shown(result: Score, det: str) -> tuple[str, ...]:
    """The bonus tiles a bonus pattern is about (Zung Jung splits proper and improper)."""
    hand = result.hand
    own = hand.seat_wind - tiles.EAST + 1
    chosen = hand.bonus
    if det == "bonus_tile_proper":
        chosen = tuple(t for t in hand.bonus if tiles.RANK[t] == own)
    elif det == "bonus_tile_improper":
        chosen = tuple(t for t in hand.bonus if tiles.RANK[t] != own)
    return tuple(tiles.code(t) for t in chosen)


def evidence(result: Score, outcome: Outcome, pattern: Pattern) -> tuple[str, tuple[str, ...]]:
    """Where `pattern` is in the hand: a phrase and the sets it points at.

    The phrase completes "... counts here: <phrase>".
    """
    hand = result.hand
    rules = result.ruleset
    det = pattern.detector
    win = tiles.code(hand.winning_tile)
    if det == "self_drawn":
        return f"the winning tile {win} was drawn from the wall", (win,)
    if det == "self_drawn_live_wall":
        return (f"the winning tile {win} was drawn from the live wall, not as a kong's "
                "replacement", (win,))
    if det == "mahjong":
        return "the hand went out, which every winning hand scores", ()
    if det == "only_possible_tile":
        return f"no tile but {win} could have completed the hand", (win,)
    if det == "hidden_treasure":
        return f"nothing was exposed and the winning tile {win} was self-drawn", (win,)
    if det == "plum_blossom":
        return f"the hand was won on a kong's replacement tile, and that tile was {win}", (win,)
    if det == "moon_from_the_sea":
        return f"the hand was won on the last tile of the wall, and that tile was {win}", (win,)
    if det == "concealed_hand":
        kongs = tuple(group_text(g) for g in outcome.arrangement.groups
                      if g.declared) if outcome.arrangement else ()
        extra = f" (a concealed kong such as {kongs[0]} is allowed)" if kongs else ""
        how = "by self-draw" if hand.self_drawn else f"on the discarded {win}"
        return f"no set was exposed before winning {how}{extra}", kongs
    if det in _INCIDENTAL_BY_DETECTOR:
        what = _INCIDENTAL_BY_DETECTOR[det].value.replace("_", " ")
        return f"the hand was won with {what}", ()
    if det in _BONUS or det in ("bonus_tile_proper", "bonus_tile_improper"):
        shown = _bonus_shown(result, det)
        return f"the bonus tiles {' '.join(shown)}", shown
    if det == "chicken_hand":
        return f"{chicken_condition(rules)} ({rule_refs(rules).chicken})", ()
    if det == "illegal_call":
        return f"the tiles make no winning hand ({NOT_A_WIN_RULE})", ()
    if det == "all_types":
        return f"one tile of every type: {_types_text(result)}", ()
    if det == "all_simples":
        return "every tile is a number from 2 to 8", ()
    if det == "imperial_jade":
        return "every tile is green: b2, b3, b4, b6, b8 or the green dragon", ()
    if det == "heads_and_tails":
        return "every set and the pair are 1s and 9s", ()
    suits = sorted({tiles.SUIT[t] for t in hand.all_tiles() if tiles.IS_NUMBER[t]})
    suit_names = " and ".join(tiles.SUIT_NAMES[s] for s in suits)
    if det == "mixed_one_suit":
        return f"every number tile is {suit_names}, and the rest are honors", ()
    if det == "clean_hand":
        if len(suits) == 1:
            return f"every number tile is {suit_names}, and the rest are honors", ()
        return "every tile is a 1, a 9 or an honor", ()
    if det == "very_clean_hand":
        return f"only the 1s and 9s of {suit_names}, and honors", ()
    if det in ("pure_one_suit", "pure_hand"):
        if not suits:
            return "every tile is a wind or a dragon", ()
        return f"every tile is {suit_names}", ()
    if det == "pure_greater_terminals":
        return "every tile is a 1 or a 9", ()
    if det == "mixed_greater_terminals":
        return "every tile is a 1, a 9 or an honor, with some of each", ()
    if det == "all_honors":
        return "every tile is a wind or a dragon", ()
    a = outcome.arrangement
    if a is None:
        return "the whole hand", ()
    if det == "completing_the_pair":
        pair = next((g for g in a.groups if g.winning), None)
        if pair is not None:
            return f"the winning tile {win} made the pair {group_text(pair)}", (group_text(pair),)
    if det == "pe_ling":
        pair = a.groups[-1]
        return (f"the winning {win} made the pair with the lone "
                f"{tiles.code(arr.PE_LING_PARTNER)}", (group_text(pair),))
    groups = _focus(pattern, a, result)
    if groups:
        sets = tuple(group_text(g) for g in groups)
        return ", ".join(sets), sets
    sets = tuple(group_text(g) for g in a.groups)
    return f"the whole hand, read as {shape_text(a.shape)}: {'  '.join(sets)}", sets
