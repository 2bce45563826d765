"""Difficulty levels: the classifier on hand-made hands, and generated hands that
never leave the level they were asked for (engine/generator/DIFFICULTY.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine.arrangements import GroupKind, arrangements
from mj_trainer.engine.generator import (
    GenerationError,
    Level,
    generate,
    generate_scored,
    level_of,
    reasons,
)
from mj_trainer.engine.generator.targets import pattern_levels
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.scoring import Score, score
from tests.helpers import scored

RULES = load()


# -- the classifier on hands worked out by hand -------------------------------------------


@pytest.mark.parametrize(
    ("text", "level"),
    [
        # 1.2 All Chows 5 + 1.3 Concealed Hand 5, one reading, no kong: easy.
        ("c123 c456 b234 b567 k5 +k5", Level.EASY),
        # Chicken hand (R13): one pattern worth 1, the pung k555 drawn: easy.
        ("[c123] c456 b789 k555 k9 +k9", Level.EASY),
        # The discard completes b555, which is then not concealed (R3): medium.
        ("[b234] [k678] c11 c789 b55 +b5", Level.MEDIUM),
        # A concealed kong (R4): 1.3 5 + 2.3.1 5 = 10, but kongs are medium.
        ("{c2222} b123 b456 k789 dg +dg", Level.MEDIUM),
        # 6.1.2 Pure One-Suit is worth 80 > 40: medium (one reading: 123 456 789 789 55).
        ("[c123] [c456] [c789] c789 c5 +c5", Level.MEDIUM),
        # Two bonus tiles on a chicken hand: hard (1 + 2 x 2 = 5, R13).
        ("[c123] c456 b789 k555 k9 +k9 f1 s2", Level.HARD),
        # c111 c222 c333 reads as pungs or as three identical chows (R1): hard.
        ("c111222333 k789 b5 +b5", Level.HARD),
        # Four alike as two of the seven pairs (R5): hard.
        ("c1111 b22 b33 k44 k55 dr +dr", Level.HARD),
        # Big Four Winds is a limit hand (R12): hard.
        ("we we we ws ws ws ww ww ww wn wn wn dr +dr", Level.HARD),
        # Three concealed pungs: Two Concealed Pungs is outranked (R10): hard.
        ("c111 b222 k333 c456 k9 +k9", Level.HARD),
        # An incidental bonus: hard.
        ("[c123] c456 b789 k555 k9 +k9 final-discard", Level.HARD),
    ],
)
def test_level_of_hand_made_hands(text: str, level: Level) -> None:
    result = scored(text)
    assert level_of(result) is level, (text, reasons(result))
    assert reasons(result)


@pytest.mark.parametrize(
    ("text", "level"),
    [
        # Two sets and eight scattered tiles: no single exchange makes two more sets
        # and the eyes, nor seven pairs, nor thirteen orphans: easy.
        ("c123 c456 c9 b1 b5 b9 k1 k5 k9 +dr", Level.EASY),
        # Four sets and k5 k6: exchanging k6 for k5 gives the eyes: medium.
        ("c123 c456 b234 b567 k5 +k6", Level.MEDIUM),
        # Six pairs and two odd tiles: one exchange makes seven pairs: hard.
        ("c11 c55 b22 b77 k33 k99 dr +dg", Level.HARD),
    ],
)
def test_level_of_hands_that_are_not_a_win(text: str, level: Level) -> None:
    result = scored(text)
    assert not result.winning
    assert level_of(result) is level


# -- independent restatements of the definitions -------------------------------------------


def _discard_pung(result: Score) -> bool:
    arrangement = result.arrangement
    assert arrangement is not None
    return not result.hand.self_drawn and any(
        g.winning and g.kind is GroupKind.PUNG and not g.declared for g in arrangement.groups
    )


def _four_alike_pairs(result: Score) -> bool:
    arrangement = result.arrangement
    assert arrangement is not None
    return arrangement.shape.value == "seven_pairs" and len(
        {g.tile for g in arrangement.groups}
    ) < 7


def _traps(result: Score) -> bool:
    return bool(
        result.limit is not None
        or result.capped
        or result.not_counted
        or result.others
        or _four_alike_pairs(result)
        or result.hand.incidentals
        or result.hand.bonus
    )


def _lifts(result: Score) -> bool:
    return bool(
        result.hand.kong_count
        or _discard_pung(result)
        or len(result.counted) > 3
        or any(h.points > 40 for h in result.counted)
    )


def _check_definition(result: Score, level: Level) -> None:
    assert result.winning
    if level is Level.EASY:
        assert 1 <= len(result.counted) <= 3
        assert all(h.points <= 40 for h in result.counted)
        assert result.hand.kong_count == 0
        assert not result.others and not result.not_counted
        assert not result.hand.bonus and not result.hand.incidentals
        assert not _traps(result) and not _lifts(result)
        assert result.total <= 120
    elif level is Level.MEDIUM:
        assert not _traps(result)
        assert _lifts(result)
    else:
        assert _traps(result)


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("mode", ["rich", "natural"])
def test_untargeted_hands_keep_to_their_level(level: Level, mode: str) -> None:
    for g in generate_scored(250, seed=f"{level.value}-{mode}", difficulty=level, mode=mode):
        _check_definition(score(g.hand), level)


def _targets_for(level: Level) -> list[str]:
    return [
        p.id for p in RULES.patterns
        if p.detector != "illegal_call" and level in pattern_levels(p, RULES)
    ]


@pytest.mark.parametrize("level", list(Level))
def test_every_pattern_allowed_at_a_level_can_be_drilled_there(level: Level) -> None:
    for pid in _targets_for(level):
        for g in generate_scored(3, seed=pid, target=pid, difficulty=level):
            result = score(g.hand)
            assert pid in {h.pattern.id for h in result.counted}
            _check_definition(result, level)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_targeted_hands_keep_to_their_level(seed: int, data: st.DataObject) -> None:
    level = data.draw(st.sampled_from(list(Level)))
    target = data.draw(st.sampled_from(_targets_for(level)))
    mode = data.draw(st.sampled_from(["rich", "natural"]))
    for hand in generate(2, seed=seed, target=target, difficulty=level, mode=mode):
        _check_definition(score(hand), level)


# -- levels that a pattern cannot reach are refused --------------------------------------------


@pytest.mark.parametrize(
    ("target", "level"),
    [
        ("6.2", "easy"),  # a limit hand is always hard (R12)
        ("8.3.2", "medium"),
        ("12.4.1", "medium"),  # incidentals are hard
        ("13.1", "easy"),  # bonus tiles are hard
        ("2.3.1", "easy"),  # a kong lifts a hand to medium at least
        ("2.2.2", "medium"),  # it always holds 2.2.1, outranked (R10)
        ("8.2.3", "easy"),  # worth 130, over the easy ceiling of 40
        ("11.1", "medium"),  # 1.3 and 1.6 are present but not for this shape (R16)
    ],
)
def test_impossible_levels_are_refused(target: str, level: str) -> None:
    with pytest.raises(GenerationError, match="never occurs"):
        generate(1, target=target, difficulty=level)


def test_easy_with_a_high_minimum_is_refused() -> None:
    # An easy hand counts at most 3 patterns of at most 40 points: 120 at most.
    with pytest.raises(GenerationError, match="at most 120"):
        generate(1, difficulty="easy", min_total=121)


@pytest.mark.parametrize(
    "ruleset", [n for n in ("mj-score-eval", "zung-jung") if n in builtin_names()]
)
def test_hard_chicken_hands_have_bonus_tiles_or_two_readings(ruleset: str) -> None:
    # Any other trap would score a pattern and end the chicken hand (R13).  Zung
    # Jung counts bonus tiles against a chicken hand, so there only readings remain.
    for g in generate_scored(20, seed=1, target="chicken hand", difficulty="hard",
                             ruleset=ruleset):
        result = g.score
        assert result.hand.bonus or result.others
        assert {h.pattern.detector for h in result.counted} - {"chicken_hand"} <= {
            "bonus_tile"}


# -- non-winning levels, checked by brute force on the engine's arrangements --------------------


def _one_exchange_wins(hand: Hand) -> set[str]:
    """Shapes of the winning hands one exchange of a concealed tile away."""
    from dataclasses import replace

    shapes: set[str] = set()
    used = hand.all_tiles()
    for i, old in enumerate(hand.concealed):
        for new in range(34):
            if new == old or used.count(new) >= 4:
                continue
            rest = list(hand.concealed)
            rest[i] = new
            trial = replace(hand, concealed=tuple(sorted(rest)), winning_tile=rest[0],
                            incidentals=frozenset())
            shapes.update(a.shape.value for a in arrangements(trial))
    return shapes


@pytest.mark.parametrize("level", list(Level))
def test_non_winning_hands_keep_to_their_level(level: Level) -> None:
    for hand in generate(12, seed=level.value, winning=False, difficulty=level):
        assert arrangements(hand) == []
        shapes = _one_exchange_wins(hand)
        if level is Level.EASY:
            assert not shapes
        elif level is Level.MEDIUM:
            assert shapes == {"regular"} and hand.kong_count == 0
        else:
            assert shapes and (hand.kong_count or shapes - {"regular"})


def test_the_difficulty_document_defines_every_level() -> None:
    from mj_trainer.engine import generator

    doc = Path(generator.__file__).with_name("DIFFICULTY.md").read_text(encoding="utf-8")
    for word in ("**easy**", "**medium**", "**hard**"):
        assert word in doc
