"""Every detector's `Needs` is a promise the scorer relies on to skip it: check them all.

A detector whose needs a hand (or reading) does not meet must answer 0 for it, or the
scorer would miss a pattern.  The hands: typical and closed sample hands, and hands
the generator aims at every pattern of every built-in ruleset, so each detector meets
hands where it fires and hands where it does not.  The hand flags the pre-checks read
are checked against the tiles themselves.
"""

from __future__ import annotations

from functools import cache

from benchmarks.sample_hands import closed_hands, typical_hands
from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import arrangements, partial_arrangements
from mj_trainer.engine.generator import GenerationError
from mj_trainer.engine.generator.api import iter_hands
from mj_trainer.engine.hand import Hand, MeldKind
from mj_trainer.engine.patterns.registry import (
    ANYTHING,
    CATALOGUE,
    HAND_DETECTORS,
    READING_DETECTORS,
    HandFacts,
    HandFlag,
    Reading,
)
from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.tiles import Suit

_PER_TARGET = 2


@cache
def _hands() -> tuple[Hand, ...]:
    out = [*typical_hands(600, 11), *closed_hands(300, 12), *closed_hands(200, 13, one_suit=True)]
    for name in sorted(builtin_names()):
        rules = load(name)
        for p in rules.patterns:
            try:
                stream = iter_hands(seed=3, target=p.id, ruleset=rules)
                out.extend(next(stream) for _ in range(_PER_TARGET))
            except GenerationError:
                continue  # a pattern no hand can be aimed at (illegal call, say)
    return tuple(out)


def _flags_from_tiles(hand: Hand) -> HandFlag:
    held = hand.all_tiles()
    suits = {tiles.SUIT[t] for t in held}
    number = suits & {Suit.COINS, Suit.BAMBOO, Suit.CHARACTERS}
    flags = HandFlag(0)
    for suit, flag in ((Suit.COINS, HandFlag.COINS), (Suit.BAMBOO, HandFlag.BAMBOO),
                       (Suit.CHARACTERS, HandFlag.CHARACTERS), (Suit.WINDS, HandFlag.WINDS),
                       (Suit.DRAGONS, HandFlag.DRAGONS)):
        if suit in suits:
            flags |= flag
    checks = (
        (HandFlag.HONOR, any(tiles.IS_HONOR[t] for t in held)),
        (HandFlag.TERMINAL, any(tiles.IS_TERMINAL[t] for t in held)),
        (HandFlag.SIMPLE, any(tiles.IS_SIMPLE[t] for t in held)),
        (HandFlag.ONE_SUIT, len(number) == 1),
        (HandFlag.MELDS, bool(hand.melds)),
        (HandFlag.KONG, any(m.kind is MeldKind.KONG for m in hand.melds)),
        (HandFlag.EXPOSED, hand.has_exposed_meld),
        (HandFlag.SELF_DRAWN, hand.self_drawn),
        (HandFlag.INCIDENTAL, bool(hand.incidentals)),
        (HandFlag.BONUS, bool(hand.bonus)),
    )
    for flag, present in checks:
        if present:
            flags |= flag
    return flags


def test_the_hands_reach_every_kind_of_flag() -> None:
    seen = HandFlag(0)
    for hand in _hands():
        seen |= HandFlag(HandFacts.of(hand).flags)
    assert seen == HandFlag(sum(HandFlag))


def test_hand_facts_agree_with_the_tiles() -> None:
    for hand in _hands():
        facts = HandFacts.of(hand)
        assert HandFlag(facts.flags) == _flags_from_tiles(hand), hand
        assert facts.kinds == frozenset(hand.all_tiles())
        assert facts.counts == [hand.all_tiles().count(t) for t in range(tiles.NUM_KINDS)]


def test_a_detector_whose_needs_are_unmet_answers_zero() -> None:
    guarded = {name: entry for name, entry in CATALOGUE.items() if entry.needs != ANYTHING}
    assert len(guarded) > 40  # most detectors declare what they need
    fired_while_guarded: dict[str, int] = dict.fromkeys(guarded, 0)
    skipped: dict[str, int] = dict.fromkeys(guarded, 0)
    for hand in _hands():
        facts = HandFacts.of(hand)
        readings = [Reading(facts, a) for a in arrangements(
            hand, distinct_waits=True, special=frozenset({"straight_of_winds",
                                                          "straight_of_dragons",
                                                          "peking_garden"}), pe_ling=True)]
        readings.extend(Reading(facts, a) for a in partial_arrangements(hand))
        for name, entry in guarded.items():
            if name in HAND_DETECTORS:
                met = entry.needs.met_by_hand(facts.flags)
                answer = HAND_DETECTORS[name](facts)
                assert met or answer == 0, (name, hand)
                skipped[name] += not met
                fired_while_guarded[name] += bool(answer)
            else:
                fn = READING_DETECTORS[name]
                for r in readings:
                    met = entry.needs.met_by_reading(r.signature)
                    answer = fn(r)
                    assert met or answer == 0, (name, hand, r.arrangement)
                    skipped[name] += not met
                    fired_while_guarded[name] += bool(answer)
    # Each promise was put to the test: the detector fired on some hand and was
    # skipped on another.
    never_fired = sorted(n for n, k in fired_while_guarded.items() if not k)
    never_skipped = sorted(n for n, k in skipped.items() if not k)
    assert never_skipped == [], never_skipped
    assert len(never_fired) < len(guarded) // 4, never_fired
