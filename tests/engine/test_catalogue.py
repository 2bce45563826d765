"""The rule catalogue: every detector declared once, with its evidence and traits,
and the evidence API that explanations and the app point with."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine import tiles
from mj_trainer.engine.evidence import evidence, what_breaks
from mj_trainer.engine.generator import generate_scored
from mj_trainer.engine.notation import group_text
from mj_trainer.engine.patterns import HAND_DETECTORS, READING_DETECTORS
from mj_trainer.engine.patterns.registry import CATALOGUE, Trait, whole_hand, with_trait
from mj_trainer.engine.ruleset import builtin_names, load
from tests.helpers import scored


def test_every_detector_function_is_in_the_catalogue() -> None:
    assert set(HAND_DETECTORS) | set(READING_DETECTORS) <= set(CATALOGUE)
    scorer_only = set(CATALOGUE) - set(HAND_DETECTORS) - set(READING_DETECTORS)
    assert scorer_only == {"chicken_hand", "illegal_call"}
    assert all(CATALOGUE[d].scope == "scorer" for d in scorer_only)


def test_every_enabled_detector_declares_its_evidence() -> None:
    for name in builtin_names():
        for p in load(name).patterns:
            entry = CATALOGUE.get(p.detector)
            assert entry is not None, (name, p.id, p.detector)
            assert entry.shows is not None, (name, p.id, p.detector)


def test_traits_keep_the_sets_the_modules_used_to_spell_out() -> None:
    # The generator and the scorer used to keep these as lists of names.
    assert with_trait(Trait.KONG) == {"kongs_1", "kongs_2", "kongs_3", "kongs_4",
                                      "win_on_kong", "kong_on_kong"}
    assert with_trait(Trait.WAITS) == {"only_possible_tile"}
    assert with_trait(Trait.PLACEMENTS) == {"completing_the_pair"}
    assert with_trait(Trait.PE_LING) == {"pe_ling"}
    assert with_trait(Trait.SPECIAL_FORM) == {"straight_of_winds", "straight_of_dragons",
                                              "peking_garden"}
    assert with_trait(Trait.DEALS_BONUS) == {
        "bonus_tile", "all_flowers", "all_seasons", "all_bonus_tiles", "win_on_bonus",
        "bonus_tile_loose", "bonus_tile_proper", "bonus_tile_improper"}
    assert with_trait(Trait.ANY_BONUS_TILE) == {
        "bonus_tile", "bonus_tile_loose", "bonus_tile_proper", "bonus_tile_improper"}
    incidentals = {"final_draw", "final_discard", "win_on_kong", "win_on_bonus",
                   "robbing_kong", "blessing_of_heaven", "blessing_of_earth", "kong_on_kong"}
    assert with_trait(Trait.CIRCUMSTANCE) == incidentals | (
        with_trait(Trait.DEALS_BONUS) - {"win_on_bonus"})
    assert with_trait(Trait.CONCEALED) == {"concealed_hand"}
    assert with_trait(Trait.SELF_DRAWN) == {"self_drawn"}


def test_evidence_of_a_per_set_pattern_is_its_sets() -> None:
    result = scored("we we we ws ws ws c123 b456 dr +dr")
    ev = evidence(result, "8.1.1")  # Wind Pung, twice
    assert ev.sets == ("we we we", "ws ws ws")
    assert not ev.whole_hand and ev.tiles == ()
    assert ev.phrase == "we we we, ws ws ws"


def test_evidence_of_the_winning_tile_and_of_bonus_tiles() -> None:
    result = scored("c123 c456 b234 b567 k5 +k5 self f1 s3")
    drawn = evidence(result, "1.4")  # Self Drawn
    assert drawn.tiles == (tiles.CODE_TO_TILE["k5"],) and drawn.groups == ()
    assert "drawn from the wall" in drawn.phrase
    bonus = evidence(result, "13.1")
    assert bonus.sets == ("f1", "s3")


def test_a_whole_hand_pattern_points_at_every_group() -> None:
    result = scored("c1112345678999 +c5")  # Nine Gates
    p = result.ruleset.with_detector("nine_gates")
    assert p is not None and CATALOGUE["nine_gates"].shows is whole_hand
    ev = evidence(result, p)
    assert ev.whole_hand and ev.arrangement is not None
    assert ev.groups == ev.arrangement.groups
    assert ev.phrase.startswith("the whole hand, read as")


def test_what_breaks_an_absent_pattern() -> None:
    result = scored("c123 c456 b234 k5 [b567] +k5")
    concealed = what_breaks(result, "1.3")  # Concealed Hand: the exposed chow
    assert concealed is not None and concealed.sets == ("[b567]",)
    simples = what_breaks(scored("c123 c456 b234 b567 dr +dr"), "1.5")  # All Simples
    assert simples is not None
    assert {tiles.code(t) for t in simples.tiles} == {"c1", "dr"}
    assert what_breaks(result, "1.2") is None  # All Chows is present: nothing breaks it


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_evidence_points_inside_the_hand(seed: int) -> None:
    for g in generate_scored(2, seed=seed):
        result = g.score
        reading = result.arrangement
        held = set(result.hand.all_tiles()) | set(result.hand.bonus)
        for hit in result.best.hits:
            ev = evidence(result, hit.pattern)
            assert ev.phrase
            if reading is not None:
                assert set(ev.groups) <= set(reading.groups), hit.pattern.id
            assert set(ev.tiles) <= held, hit.pattern.id
            assert len(ev.sets) == len(ev.groups) + len(ev.tiles)
            assert all(s in ev.sets for s in map(group_text, ev.groups))


_OPENINGS = ("needs ", "counts only", "is only", "mixes ")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(builtin_names()))
def test_every_absent_pattern_is_broken_by_something_in_the_hand(seed: int, name: str) -> None:
    # Whatever the ruleset, a pattern the hand lacks names what in the hand rules it out.
    rules = load(name)
    for g in generate_scored(1, seed=seed, ruleset=rules):
        result = g.score
        if not result.winning:
            continue
        reading = result.arrangement
        present = {h.pattern.id for h in result.best.hits}
        held = set(result.hand.all_tiles()) | set(result.hand.bonus)
        for p in rules.patterns:
            gap = what_breaks(result, p)
            if p.id in present:
                assert gap is None, p.id
                continue
            assert gap is not None, (name, p.id, p.detector)
            assert gap.phrase.startswith(_OPENINGS), gap.phrase
            if reading is not None:
                assert set(gap.groups) <= set(reading.groups), p.id
            assert set(gap.tiles) <= held, p.id
            assert all(s in gap.phrase for s in map(group_text, gap.groups)), gap.phrase
