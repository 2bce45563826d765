"""The basis of a total says what the total is, under every built-in ruleset.

A limit hand's total is its value (R12, R32); a capped total is the cap, under the
sum (additive) or under the computation (doubling); a plain sum and an uncapped
computation are what their names say; a hand that is not a win is never anything else.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.scoring import score
from mj_trainer.engine.total_basis import TotalBasis, outcome_basis, total_basis
from tests.engine.test_properties import winning_hands

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(winning_hands, st.sampled_from(builtin_names()))
def test_the_basis_says_what_the_total_is(h: Hand, name: str) -> None:
    rules = load(name)
    s = score(replace(h, ruleset=name), rules)
    assert s.winning
    for outcome in (s.best, *s.others):
        basis = outcome_basis(outcome, rules)
        assert basis is not TotalBasis.NOT_A_WIN
        assert basis.doubled == (rules.doubling and outcome.limit is None)
        if basis is TotalBasis.LIMIT:
            assert outcome.limit is not None
            assert [hit.pattern for hit in outcome.counted] == [outcome.limit]
        elif basis.capped:
            assert outcome.total == rules.cap < outcome.sum
        elif basis is TotalBasis.DOUBLED:
            assert outcome.total == outcome.points * 2**outcome.doubles
        else:
            assert basis is TotalBasis.SUM
            assert outcome.total == sum(hit.points for hit in outcome.counted)
    assert total_basis(s) is outcome_basis(s.best, rules)


@pytest.mark.parametrize("name", builtin_names())
def test_a_hand_that_is_no_win_has_no_other_basis(name: str) -> None:
    s = score(parse("c1 c3 c5 c7 c9 b2 b4 b6 b8 k1 k3 k5 k7 +k9"), load(name))
    assert not s.winning
    assert total_basis(s) is TotalBasis.NOT_A_WIN
    assert not total_basis(s).capped and not total_basis(s).doubled
