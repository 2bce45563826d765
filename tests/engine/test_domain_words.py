"""Domain words are types: a loaded ruleset's scheme, and each pattern's unit and kind,
are enum members (still equal to the words of the TOML file), and a question's kind
is its protocol word."""

from __future__ import annotations

import pytest

from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.engine.ruleset_model import PatternKind, Scheme, Unit
from mj_trainer.quizzes.protocol import KINDS_BY_NAME
from mj_trainer.quizzes.questions import QuestionKind


@pytest.mark.parametrize("name", builtin_names())
def test_a_loaded_ruleset_speaks_in_enum_members(name: str) -> None:
    rules = load(name)
    assert isinstance(rules.scheme, Scheme)
    assert rules.doubling == (rules.scheme is Scheme.DOUBLING)
    for p in rules.patterns:
        assert isinstance(p.unit, Unit) and isinstance(p.kind, PatternKind)
        assert p.doubles == (p.kind == "doubles")
    assert any(p.unit is Unit.HAND for p in rules.patterns)


def test_question_kinds_are_their_protocol_words() -> None:
    assert {str(k) for k in QuestionKind} == {k.value for k in QuestionKind}
    assert all(KINDS_BY_NAME[str(k)] is k for k in KINDS_BY_NAME.values())
