"""A detector declares its generator template where it is declared (the one way to
declare a template), so that adding a detector touches its module, a ruleset file and
tests only."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mj_trainer.engine.generator.templates import TEMPLATES, declared_templates
from mj_trainer.engine.patterns import basics
from mj_trainer.engine.patterns.registry import (
    CATALOGUE,
    DeclaredTemplate,
    HandFacts,
    hand_detector,
    whole_hand,
)
from mj_trainer.engine.shape import Shape


def _build(d: Any) -> None:
    d.closed = True


def test_a_declared_template_becomes_a_generator_template() -> None:
    entry = replace(CATALOGUE["all_simples"], name="scratch", no_template="",
                    template=DeclaredTemplate(_build, (Shape.REGULAR, Shape.SEVEN_PAIRS),
                                              (basics.concealed_hand, "all_simples")))
    (made,) = declared_templates({"scratch": entry})
    assert made.detector == "scratch" and made.build is _build
    assert made.shapes == (Shape.REGULAR, Shape.SEVEN_PAIRS)
    # Implied detectors are named, whether given as functions or names; seven pairs
    # are always concealed on top of that.
    assert made.implied(Shape.REGULAR) == ("concealed_hand", "all_simples")
    assert made.implied(Shape.SEVEN_PAIRS).count("concealed_hand") == 2


def test_the_generator_has_exactly_the_declared_templates() -> None:
    declared = {name for name, entry in CATALOGUE.items() if entry.template is not None}
    assert set(TEMPLATES) == declared
    for made in declared_templates(CATALOGUE):
        assert TEMPLATES[made.detector] == made
        declaration = CATALOGUE[made.detector].template
        assert declaration is not None and made.build is declaration.build


def test_templates_that_build_alike_are_declared_alike() -> None:
    # Two detectors may share a build (any bonus tile), and a family of detectors
    # each gets its own (one to four kongs), implying the smaller ones.
    assert TEMPLATES["bonus_tile"].build is TEMPLATES["bonus_tile_loose"].build
    assert TEMPLATES["kongs_4"].implies == ("kongs_1", "kongs_2", "kongs_3")
    assert TEMPLATES["kongs_1"].build is not TEMPLATES["kongs_2"].build
    # Regular hands of Mixed Greater Terminals are Mixed Lesser Terminals as well.
    greater = TEMPLATES["mixed_greater_terminals"]
    assert greater.implied(Shape.REGULAR) == ("mixed_lesser_terminals",)
    assert "mixed_lesser_terminals" not in greater.implied(Shape.SEVEN_PAIRS)


def test_a_template_and_a_reason_for_none_cannot_both_be_declared() -> None:
    with pytest.raises(AssertionError, match="not both"):
        @hand_detector("scratch_both", shows=whole_hand, no_template="why not",
                       template=DeclaredTemplate(_build))
        def scratch_both(f: HandFacts) -> int:
            return 0
    assert "scratch_both" not in CATALOGUE
