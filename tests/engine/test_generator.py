"""The hand generator: legal hands, aimed hands that score their aim, reproducible seeds.

Every generated hand must pass `validate` (R6) and, when aimed at a pattern, the
engine must count that pattern.  The structural checks below re-derive the shape
of the rarest limit hands from the rules, independently of the scorer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.arrangements import arrangements
from mj_trainer.engine.generator import (
    GenerationError,
    generate,
    generate_scored,
    iter_generated,
    iter_hands,
    plan,
)
from mj_trainer.engine.generator.wincheck import is_win, one_swap_shapes
from mj_trainer.engine.hand import Hand, Incidental, MeldKind, validate
from mj_trainer.engine.jsonio import hand_from_json, hand_to_json
from mj_trainer.engine.ruleset import load
from mj_trainer.engine.scoring import score

RULES = load()
PATTERN_IDS = [p.id for p in RULES.patterns]
ILLEGAL_ID = "1.7"


def _counted_ids(hand: Hand) -> set[str]:
    return {h.pattern.id for h in score(hand).counted}


def _legal(hand: Hand) -> None:
    assert validate(hand) == [], hand
    # R6 again by hand: four copies at most, one of each bonus tile, winning tile held.
    assert max(Counter(hand.all_tiles()).values()) <= 4
    assert len(set(hand.bonus)) == len(hand.bonus)
    assert hand.winning_tile in hand.concealed
    assert len(hand.all_tiles()) == 14 + hand.kong_count


# -- every pattern can be aimed at -------------------------------------------------------


@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_every_pattern_of_the_default_ruleset_can_be_targeted(pattern_id: str) -> None:
    hands = generate(6, seed=f"target-{pattern_id}", target=pattern_id)
    assert len(hands) == 6
    for hand in hands:
        _legal(hand)
        result = score(hand)
        counted = {h.pattern.id for h in result.counted}
        assert pattern_id in counted, (pattern_id, hand)
        # R7: only an Illegal Call target gives hands that are not a win.
        assert result.winning is (pattern_id != ILLEGAL_ID)


def test_nine_gates_holds_the_gates_before_the_winning_tile() -> None:
    # R17: all concealed, one suit, and the 13 tiles before the winning tile are
    # exactly 1112345678999 of that suit.
    for hand in generate(20, seed=1, target="6.2"):
        assert hand.melds == ()
        suits = {tiles.SUIT[t] for t in hand.concealed}
        assert len(suits) == 1
        before = list(hand.concealed)
        before.remove(hand.winning_tile)
        assert [tiles.RANK[t] for t in sorted(before)] == [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9]
        assert score(hand).total == 480  # 6.2 is a limit of 480 (R12)


def test_all_honor_pairs_are_the_seven_honors_in_pairs() -> None:
    # R23: seven pairs, one of each wind and dragon.
    for hand in generate(10, seed=2, target="8.3.2"):
        assert sorted(hand.concealed) == sorted(list(range(27, 34)) * 2)
        assert score(hand).total == 480


def test_big_mountain_uses_all_eight_terminals_of_one_suit() -> None:
    # R20: one suit, no honors, every set and the eyes hold a 1 or a 9, all eight
    # terminals of the suit used.
    for hand in generate(20, seed=3, target="7.1.6"):
        all_tiles = hand.all_tiles()
        assert len({tiles.SUIT[t] for t in all_tiles}) == 1
        assert sum(1 for t in all_tiles if tiles.IS_TERMINAL[t]) == 8
        result = score(hand)
        assert result.arrangement is not None
        assert all(any(tiles.IS_TERMINAL[t] for t in g.tiles) for g in result.arrangement.groups)
        assert result.total == 400


def test_three_mothers_has_three_consecutive_pungs_and_their_chow() -> None:
    # R19: pungs of n, n+1, n+2 and the chow n n+1 n+2, one suit; 400 as a limit.
    for hand in generate(20, seed=4, target="5.2.3"):
        result = score(hand)
        assert result.total == 400
        arrangement = result.arrangement
        assert arrangement is not None
        pungs = {g.tile for g in arrangement.sets if g.is_pung}
        chows = [g.tile for g in arrangement.sets if not g.is_pung]
        assert any({c, c + 1, c + 2} <= pungs for c in chows)


def test_blessing_of_heaven_is_east_self_drawn_with_the_dealt_hand() -> None:
    # R26 and 12.4.1: East only, a self-drawn win, nothing declared (not even a
    # concealed kong).
    for hand in generate(20, seed=5, target="12.4.1"):
        assert hand.seat_wind == tiles.EAST
        assert hand.self_drawn
        assert hand.melds == ()
        assert Incidental.BLESSING_OF_HEAVEN in hand.incidentals


def test_all_bonus_tiles_holds_all_eight() -> None:
    # R11: 13.1.3 64 + 8 x 13.1 2 = 80 on top of the rest of the hand.
    for hand in generate(10, seed=6, target="13.1.3"):
        assert hand.bonus == tiles.FLOWERS + tiles.SEASONS
        points = {h.pattern.id: h.points for h in score(hand).counted}
        if score(hand).limit is None:
            assert points["13.1.3"] == 64
            assert points["13.1"] == 16


def test_chicken_hand_counts_nothing_but_bonus_tiles() -> None:
    # R13: 1.1 only when nothing else counts except the 13.x bonus patterns.
    for hand in generate(30, seed=7, target="1.1"):
        counted = _counted_ids(hand)
        assert "1.1" in counted
        assert all(pid == "1.1" or pid.startswith("13.") for pid in counted)


def test_illegal_call_hands_are_near_misses() -> None:
    # R7: well formed, no winning reading; one exchange of a concealed tile wins.
    for hand in generate(30, seed=8, target="1.7"):
        _legal(hand)
        assert arrangements(hand) == []
        assert not is_win(hand)
        assert one_swap_shapes(hand), hand
        result = score(hand)
        assert not result.winning
        assert result.total == -40  # the 1.7 penalty alone (R14)


def test_not_winning_flag_gives_illegal_calls() -> None:
    for hand in generate(10, seed=9, winning=False):
        assert not score(hand).winning


# -- families, categories, names ----------------------------------------------------------


@pytest.mark.parametrize("family", sorted({p.family for p in RULES.patterns}))
def test_every_family_can_be_targeted(family: str) -> None:
    members = {p.id for p in RULES.patterns if p.family == family}
    for hand in generate(4, seed=family, target=f"family:{family}"):
        assert _counted_ids(hand) & members, (family, hand)


CATEGORIES = sorted({p.category for p in RULES.patterns}, key=lambda c: (len(c), c))


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_category_can_be_targeted(category: str) -> None:
    members = {p.id for p in RULES.patterns if p.category == category}
    for hand in generate(4, seed=category, target=f"category:{category}"):
        assert _counted_ids(hand) & members, (category, hand)


def test_a_bare_family_id_targets_the_family() -> None:
    # "8.1" is no pattern id, so it names the wind family.
    for hand in generate(10, seed=10, target="8.1"):
        assert any(pid.startswith("8.1.") for pid in _counted_ids(hand))


def test_category_target_gives_winning_hands() -> None:
    # Category 1 holds Illegal Call too; a category target still means winning hands.
    for hand in generate(20, seed=11, target="1"):
        assert score(hand).winning


def test_a_pattern_name_works_as_a_target() -> None:
    for hand in generate(3, seed=12, target="nine gates"):
        assert "6.2" in _counted_ids(hand)


# -- avoid and bounds ----------------------------------------------------------------------


COMMON = ["1.3", "1.4", "1.5", "1.6", "2.1", "2.2.1", "8.1.1", "8.2.1", "13.1", "9.1.1", "1.2"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    avoid=st.lists(st.sampled_from(COMMON), min_size=1, max_size=3, unique=True),
    mode=st.sampled_from(["rich", "natural"]),
)
def test_avoided_patterns_never_count(seed: int, avoid: list[str], mode: str) -> None:
    for hand in generate(5, seed=seed, avoid=avoid, mode=mode):
        assert not _counted_ids(hand) & set(avoid)


def test_avoiding_a_family_avoids_every_member() -> None:
    family = {p.id for p in RULES.patterns if p.family == "8.1"}
    for hand in generate(40, seed=13, avoid=["8.1"]):
        assert not _counted_ids(hand) & family


@cache
def _seen_totals() -> frozenset[int]:
    """Totals that generated hands were seen to reach (so they are possible)."""
    seen = {g.total for g in generate_scored(1500, seed=99)}
    seen |= {g.total for g in generate_scored(1500, seed=99, mode="natural")}
    seen |= {g.total for g in generate_scored(300, seed=99, difficulty="easy")}
    return frozenset(seen)


@settings(max_examples=200, deadline=None)
@given(low=st.integers(-60, 600), span=st.integers(0, 120))
def test_refused_bounds_are_really_impossible(low: int, span: int) -> None:
    high = low + span
    try:
        plan(min_total=low, max_total=high)
    except GenerationError:
        assert not any(low <= t <= high for t in _seen_totals()), (low, high)


@pytest.mark.parametrize(
    ("low", "high"),
    [(1, 1), (3, 3), (1, 10), (20, 60), (100, 200), (250, 320), (320, 320), (400, 400),
     (480, 480), (None, 15), (200, None)],
)
def test_totals_stay_within_bounds(low: int | None, high: int | None) -> None:
    for g in generate_scored(8, seed=20, min_total=low, max_total=high):
        assert low is None or g.total >= low
        assert high is None or g.total <= high
        assert score(g.hand).total == g.total


@pytest.mark.parametrize(
    ("low", "high"),
    [
        # Below the limit every pattern is worth a multiple of 5, except the chicken
        # (1, only beside bonus tiles, R13) and the bonus tiles (2 each, 12, 64):
        (2, 2),  # bonus tiles alone bring the chicken: 1 + 2 = 3
        (4, 4),  # chicken 1 + 2 x 2 = 5, chicken alone 1: never 4
        (6, 6),  # 5 + 2 = 7, chicken 1 + 2 x 2 = 5, 1 + 3 x 2 = 7: never 6
        (8, 8),  # odd with the chicken, 5 + 3 or 10 - 2 impossible: never 8
        (321, 399),  # above the 320 cap only limit hands, worth 400 or 480 (R12)
        (481, 1000),
        (-100, 0),  # a winning hand never totals zero or less
    ],
)
def test_impossible_totals_are_refused_from_the_data(low: int, high: int) -> None:
    started = time.perf_counter()
    with pytest.raises(GenerationError):
        generate(1, min_total=low, max_total=high)
    assert time.perf_counter() - started < 0.5  # decided, not searched


def test_targets_respect_a_maximum_total() -> None:
    for g in generate_scored(10, seed=14, target="8.2.1", max_total=30):
        assert g.total <= 30
        assert "8.2.1" in {h.pattern.id for h in g.score.counted}


def test_targets_respect_a_minimum_total() -> None:
    for g in generate_scored(10, seed=15, target="1.2", min_total=60):
        assert g.total >= 60


# -- legality under random options ------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    target=st.one_of(st.none(), st.sampled_from(PATTERN_IDS)),
    mode=st.sampled_from(["rich", "natural"]),
)
def test_every_generated_hand_is_legal_and_scores_its_target(
    seed: int, target: str | None, mode: str
) -> None:
    for hand in generate(3, seed=seed, target=target, mode=mode):
        _legal(hand)
        if target is not None:
            assert target in _counted_ids(hand)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(["rich", "natural"]))
def test_context_agrees_with_the_tiles(seed: int, mode: str) -> None:
    # R26: incidentals agree with how the hand was won and with the seat.
    for hand in generate(10, seed=seed, mode=mode):
        inc = hand.incidentals
        if Incidental.BLESSING_OF_HEAVEN in inc:
            assert hand.seat_wind == tiles.EAST and hand.self_drawn and not hand.melds
        if Incidental.BLESSING_OF_EARTH in inc:
            assert hand.seat_wind != tiles.EAST and not hand.self_drawn and not hand.melds
        if Incidental.WIN_ON_KONG in inc:
            assert hand.self_drawn and hand.kong_count >= 1
        if Incidental.WIN_ON_BONUS in inc:
            assert hand.self_drawn and hand.bonus
        if Incidental.ROBBING_KONG in inc:
            assert not hand.self_drawn
            assert hand.all_tiles().count(hand.winning_tile) == 1
        # Only kongs may be concealed melds.
        for meld in hand.melds:
            assert meld.exposed or meld.kind is MeldKind.KONG


def test_all_shapes_appear_in_natural_play() -> None:
    # Natural mode shows regular hands with exposed and concealed sets and kongs,
    # seven pairs now and then, and hands won both ways.
    results = generate_scored(1500, seed=16, mode="natural")
    shapes = Counter(g.score.arrangement.shape.value for g in results
                     if g.score.arrangement is not None)
    assert shapes["regular"] > 1300
    assert shapes["seven_pairs"] > 10
    assert any(m.kind is MeldKind.KONG and not m.exposed for g in results for m in g.hand.melds)
    assert any(m.kind is MeldKind.KONG and m.exposed for g in results for m in g.hand.melds)
    assert any(m.kind is MeldKind.CHOW for g in results for m in g.hand.melds)
    self_drawn = sum(g.hand.self_drawn for g in results)
    assert 300 < self_drawn < 800  # about one win in three is self-drawn
    four_alike = sum(
        1 for g in results
        if g.score.arrangement is not None and g.score.arrangement.shape.value == "seven_pairs"
        and max(Counter(g.hand.concealed).values()) == 4
    )
    assert four_alike >= 1


def test_natural_hands_are_plainer_than_rich_ones() -> None:
    natural = generate_scored(600, seed=17, mode="natural")
    rich = generate_scored(600, seed=17, mode="rich")
    limits_natural = sum(g.score.limit is not None for g in natural)
    limits_rich = sum(g.score.limit is not None for g in rich)
    assert limits_natural < limits_rich
    patterns_natural = len({h.pattern.id for g in natural for h in g.score.counted})
    patterns_rich = len({h.pattern.id for g in rich for h in g.score.counted})
    assert patterns_rich > patterns_natural
    assert limits_natural < 600 * 0.02  # limit hands are rare in real play


# -- reproducibility ---------------------------------------------------------------------------


def test_same_seed_same_hands() -> None:
    assert generate(20, seed=42) == generate(20, seed=42)
    assert generate(5, seed="drill", target="8.2") == generate(5, seed="drill", target="8.2")


def test_different_seeds_differ() -> None:
    assert generate(10, seed=1) != generate(10, seed=2)


def test_a_longer_run_starts_with_the_shorter_one() -> None:
    assert generate(12, seed=5)[:4] == generate(4, seed=5)


def test_iterators_match_the_list_form() -> None:
    stream = iter_hands(seed=3, difficulty="medium")
    assert [next(stream) for _ in range(5)] == generate(5, seed=3, difficulty="medium")
    scored_stream = iter_generated(seed=3, difficulty="medium")
    first = next(scored_stream)
    assert first.total == score(first.hand).total


def test_iterators_refuse_impossible_requests_at_once() -> None:
    with pytest.raises(GenerationError):
        iter_hands(target="10.1", max_total=50)


_REPRO = (
    "import json, sys\n"
    "from engine.generator import generate\n"
    "from engine.jsonio import hand_to_json\n"
    "out = [hand_to_json(h) for h in generate(30, seed=2024, mode=sys.argv[1])]\n"
    "out += [hand_to_json(h) for h in generate(10, seed=7, target='8', difficulty='hard')]\n"
    "print(json.dumps(out))\n"
)


@pytest.mark.parametrize("mode", ["rich", "natural"])
def test_seeds_do_not_depend_on_string_hashing(mode: str) -> None:
    # The same seed must give the same hands in every process, whatever the hash seed.
    outputs = []
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", _REPRO, mode], capture_output=True,
                             text=True, check=True, env=env)
        outputs.append(json.loads(run.stdout))
    assert outputs[0] == outputs[1] == outputs[2]


# -- round trips -------------------------------------------------------------------------------


def test_hands_survive_the_json_contract() -> None:
    for hand in generate(200, seed=18):
        assert hand_from_json(hand_to_json(hand)) == hand


def test_count_zero_and_negative() -> None:
    assert generate(0, seed=1) == []
    with pytest.raises(GenerationError):
        generate(-1)


def test_hands_carry_the_ruleset_name() -> None:
    for name in ("mj-score-eval",):
        for hand in generate(5, seed=19, ruleset=name):
            assert hand.ruleset == name


def test_the_generator_imports_no_user_interface() -> None:
    # The engine stays free of Textual and Rich (README, "Architecture").
    code = (
        "import sys, mj_trainer.engine.generator\n"
        "mj_trainer.engine.generator.generate(3, seed=1)\n"
        "print(','.join(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich') or m.startswith('mj_trainer.tui'))))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == ""
