"""The quiz protocol in process: any line gets a message, never an exception; answers
are graded like the app's."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mj_trainer.quizzes.protocol import ProtocolRound, parse_kinds, set_tiles
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from tests.quizzes.conftest import qhand

# All Chows 5 + Concealed Hand 5 = 10 (R10 ids 1.2 and 1.3).
CHOWS = "c123 c456 b234 b567 k5 +k5"


def _round(kind: QuestionKind = QuestionKind.PATTERNS) -> ProtocolRound:
    rnd = Round(ListSource([qhand(CHOWS)]), RoundSettings(kinds=(kind,), length=1,
                                                                 seed=1))
    return ProtocolRound(rnd)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=10)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=60), json_values.map(json.dumps)))
def test_any_line_gets_a_message_and_never_raises(line: str) -> None:
    pr = _round()
    pr.start()
    out = pr.handle(line)
    assert out and out[0]["type"] in ("error", "grade", "hint", "summary")
    if out[0]["type"] == "error":
        assert pr.round.current is not None and pr.round.position == 0  # still open


def test_right_answer_full_credit_and_wrong_claim_listed() -> None:
    pr = _round()
    assert pr.start()[0]["kind"] == "patterns"
    grade = pr.handle('{"patterns": {"1.2": 1, "1.3": 1, "8.1.1": 1}, "total": 10}')[0]
    assert grade["right"] == ["1.2", "1.3"] and grade["wrong"] == ["8.1.1"]
    assert grade["missed"] == [] and grade["total"] == {"given": 10, "correct": 10, "ok": True}
    assert 0 < grade["credit"] < 1 and grade["explanations"][0]["about"] == "8.1.1"


def test_after_the_last_question_the_summary_follows() -> None:
    pr = _round(QuestionKind.TOTAL)
    pr.start()
    out = pr.handle('{"total": 10}')
    assert [m["type"] for m in out] == ["grade", "summary"]
    assert out[1]["credit"] == 1.0 and pr.done
    assert pr.handle('{"total": 10}')[0]["type"] == "error"
    assert pr.close() == []  # the summary comes once


def test_no_hint_for_yes_no_questions() -> None:
    pr = _round(QuestionKind.IS_WIN)
    pr.start()
    assert pr.handle('{"hint": true}')[0]["type"] == "error"
    assert pr.handle('{"win": true}')[0]["credit"] == 1.0


def test_kinds_and_tiles() -> None:
    assert parse_kinds("patterns, counts,win") == (
        QuestionKind.PATTERNS, QuestionKind.DOES_COUNT, QuestionKind.IS_WIN)
    assert set_tiles(("c123", "[we we we]", "{k8888}", "dr")) == [
        "c1", "c2", "c3", "we", "we", "we", "k8", "k8", "k8", "k8", "dr"]
