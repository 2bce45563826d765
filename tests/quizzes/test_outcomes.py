"""The honest record: each answer item is right, missed, wrongly claimed (absent,
outranked, too many), replaced by a limit, revealed by a hint or skipped, and the
summary, the stored answers, the statistics, review and export keep them apart."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.quizzes import store_schema as schema_mod
from mj_trainer.quizzes.export import history
from mj_trainer.quizzes.grading import grade
from mj_trainer.quizzes.outcomes import ItemOutcome
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, YesNoAnswer
from mj_trainer.quizzes.review import Rating
from mj_trainer.quizzes.round import Round, RoundSettings
from mj_trainer.quizzes.sources import ListSource
from mj_trainer.quizzes.store import AnswerRecord, ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand, question

IO = ItemOutcome


def _outcome(text: str, claim: dict[str, int], total: int, pid: str) -> ItemOutcome:
    g = grade(question(text), PatternsAnswer.of(claim, total))
    return g.outcomes[f"pattern:{pid}"]


# --------------------------------------------------------------------------- grading


def test_each_claim_outcome_on_hand_made_hands() -> None:
    # CHOWS counts 1.2 and 1.3 (10).
    assert _outcome(H.CHOWS, {"1.2": 1, "1.3": 1}, 10, "1.2") is IO.RIGHT
    assert _outcome(H.CHOWS, {"1.2": 1}, 10, "1.3") is IO.MISSED
    # 8.1.1 Wind Pung: no wind in the hand at all.
    assert _outcome(H.CHOWS, {"1.2": 1, "1.3": 1, "8.1.1": 1}, 10, "8.1.1") is IO.ABSENT
    # WINDS: 2.2.1 is present but outranked by 2.2.2 (R10); 8.1.1 counts 3 times.
    assert _outcome(H.WINDS, {**H.WINDS_COUNTED, "2.2.1": 1}, 210, "2.2.1") is IO.OUTRANKED
    assert _outcome(H.WINDS, {**H.WINDS_COUNTED, "8.1.1": 4}, 225, "8.1.1") is IO.TOO_MANY
    # BIG_FOUR: All Pungs is present but the limit Big Four Winds stands alone (R12).
    assert _outcome(H.BIG_FOUR, {"8.1.5": 1, "2.1": 1}, 430, "2.1") is IO.LIMIT


def test_a_skipped_question_is_skipped_not_missed() -> None:
    g = grade(question(H.CHOWS), None)
    assert set(g.outcomes.values()) == {IO.SKIPPED}
    assert g.items == {k: False for k in g.outcomes}


def test_family_takes_the_plainest_mistake() -> None:
    # WINDS: 2.2.1 outranked (claimed) and 2.2.2 missed (not claimed): family 2.2 missed.
    claim = {k: v for k, v in H.WINDS_COUNTED.items() if k != "2.2.2"} | {"2.2.1": 1}
    g = grade(question(H.WINDS), PatternsAnswer.of(claim, 210))
    assert g.outcomes["family:2.2"] is IO.MISSED


def test_yes_no_answers_have_outcomes() -> None:
    yes_absent = grade(question(H.CHOWS, QuestionKind.DOES_COUNT, target="8.1.1"),
                       YesNoAnswer(True))
    assert yes_absent.outcomes["pattern:8.1.1"] is IO.ABSENT
    no_missed = grade(question(H.CHOWS, QuestionKind.DOES_COUNT, target="1.3"),
                      YesNoAnswer(False))
    assert no_missed.outcomes["pattern:1.3"] is IO.MISSED


# --------------------------------------------------------------------------- round


def _played(store: ProgressStore) -> Round:
    hands = [qhand(H.CHOWS, "a"), qhand(H.WINDS, "b"), qhand(H.BIG_FOUR, "c"),
             qhand(H.CHOWS, "d"), qhand(H.CHOWS, "e")]
    rnd = Round(ListSource(hands), RoundSettings(length=5, seed=0), recorder=store)
    rnd.answer(PatternsAnswer.of({"1.2": 1, "8.1.1": 1}, 10))  # a: 1.3 missed, 8.1.1 absent
    rnd.answer(PatternsAnswer.of({**H.WINDS_COUNTED, "2.2.1": 1}, 210))  # b: 2.2.1 outranked
    rnd.answer(PatternsAnswer.of({"8.1.5": 1, "2.1": 1}, 400))  # c: 2.1 replaced by the limit
    hint = rnd.hint({})  # d: a hint reveals one pattern
    assert hint is not None
    rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10))
    rnd.skip()  # e
    return rnd


def test_outcomes_reach_the_summary(store: ProgressStore) -> None:
    s = _played(store).finish()
    assert [(m.id, m.misses) for m in s.missed_patterns] == [("1.3", 1)]
    assert sorted((m.id, m.misses) for m in s.wrong_patterns) == [
        ("2.1", 1), ("2.2.1", 1), ("8.1.1", 1)]
    assert s.outcomes["skipped"] == 2  # e's 1.2 and 1.3
    assert s.outcomes["hint"] == 1
    assert s.outcomes["absent"] == 1 and s.outcomes["outranked"] == 1
    assert s.outcomes["limit"] == 1 and s.outcomes["missed"] == 1


def test_outcomes_reach_the_store_stats_and_review(store: ProgressStore) -> None:
    rnd = _played(store)
    rnd.finish()
    answers = store.answers()
    assert answers[0].outcome("pattern:1.3") is IO.MISSED
    assert answers[0].outcome("pattern:8.1.1") is IO.ABSENT
    assert answers[4].outcome("pattern:1.3") is IO.SKIPPED
    st = store.stats_for("pattern:1.3")
    assert st is not None
    # a missed, d right or hinted, e skipped: the skip is no mistake.
    assert st.count(IO.SKIPPED) == 1 and st.missed == 1
    assert st.misses == st.attempts - st.correct - 1
    outranked = store.stats_for("pattern:2.2.1")
    assert outranked is not None and outranked.wrongly_claimed == 1 and outranked.missed == 0
    # Review: an outranked claim is Hard, a miss Again, a skip leaves no rating.
    ratings = {item: r for item, r, _ in store.review_log()}
    assert ratings["pattern:2.2.1"] is Rating.Hard
    assert ratings["pattern:2.1"] is Rating.Hard
    assert store.review_log("pattern:8.1.1")[0][1] is Rating.Again  # a; b had it right
    log_13 = [r for item, r, _ in store.review_log("pattern:1.3")]
    assert len(log_13) == 3  # a, b (WINDS counts it too) and d, not the skipped e
    hinted = next(p for p in ("1.2", "1.3") if answers[3].outcome(f"pattern:{p}") is IO.HINT)
    assert Rating.Again in [r for _, r, _ in store.review_log(f"pattern:{hinted}")]


def test_outcomes_reach_the_export(store: ProgressStore) -> None:
    _played(store).finish()
    data = history(store)
    first = data["answers"][0]["outcomes"]
    assert first["pattern:1.3"] == "missed" and first["pattern:8.1.1"] == "absent"
    assert data["answers"][4]["outcomes"]["pattern:1.2"] == "skipped"
    row = next(p for p in data["patterns"] if p["id"] == "2.2.1")
    assert row["outcomes"] == {"outranked": 1}


def test_a_round_with_no_answer_is_not_saved(store: ProgressStore) -> None:
    rnd = Round(ListSource([qhand(H.CHOWS, "a")]), RoundSettings(length=1), recorder=store)
    s = rnd.finish()
    assert s.asked == 0
    assert store.rounds() == []


def test_by_kind_counts_answered_questions_not_planned(store: ProgressStore) -> None:
    hands = [qhand(H.CHOWS, "a"), qhand(H.CHOWS, "b"), qhand(H.CHOWS, "c")]
    rnd = Round(ListSource(hands), RoundSettings(length=3), recorder=store)
    rnd.answer(PatternsAnswer.of({"1.2": 1, "1.3": 1}, 10))
    s = rnd.finish()  # ended early, after one answer
    assert s.by_kind == {"patterns": (1, 1)}
    assert s.percent == pytest.approx(100.0)


# --------------------------------------------------------------------------- migration


def _old_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A version 3 progress file: a missed pattern, a wrong claim and a skip."""
    with monkeypatch.context() as m:
        m.setattr(schema_mod, "MIGRATIONS", schema_mod.MIGRATIONS[:3])
        m.setattr(schema_mod, "SCHEMA_VERSION", 3)
        with ProgressStore.open(path) as s:
            rid = s.start_round(source="hands", source_name="old", ruleset="mj-score-eval",
                                kinds=["patterns"], planned=2)
            common: dict[str, Any] = {
                "hand_id": "h", "hand": H.CHOWS, "ruleset": "mj-score-eval",
                "kind": "patterns", "target": None, "seconds": 5.0, "mistakes": [],
                "expected": {"patterns": {"1.2": 1, "1.3": 1}, "total": 10}}
            s.record_answer(rid, AnswerRecord(
                seq=1, answer={"patterns": {"1.2": 1, "8.1.1": 1}, "total": 10}, credit=0.4,
                correct=False, items={"pattern:1.2": True, "pattern:1.3": False,
                                      "pattern:8.1.1": False}, **common))
            s.record_answer(rid, AnswerRecord(
                seq=2, answer=None, credit=0.0, correct=False,
                items={"pattern:1.2": False, "pattern:1.3": False}, **common))


def test_version_3_answers_get_their_outcomes(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _old_file(tmp_path, monkeypatch)
    with ProgressStore.open(tmp_path) as s:
        assert s.schema_version == schema_mod.SCHEMA_VERSION == 5
        first, second = s.answers()
        assert first.outcome("pattern:1.2") is IO.RIGHT
        assert first.outcome("pattern:1.3") is IO.MISSED
        assert first.outcome("pattern:8.1.1") is IO.WRONG  # kind of wrong claim unknown
        assert second.outcome("pattern:1.3") is IO.SKIPPED
        st = s.stats_for("pattern:1.3")
        assert st is not None and st.attempts == 2 and st.missed == 1
    conn = sqlite3.connect(tmp_path / "progress.sqlite3")
    try:
        kept = conn.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    finally:
        conn.close()
    assert kept == 2


def test_a_skipped_question_never_says_you_missed() -> None:
    g = grade(question(H.CHOWS), None)
    assert g.explanations
    assert all("You missed" not in e.text for e in g.explanations)
    assert any("Concealed Hand (1.3) counts" in e.text for e in g.explanations)
    yes_no = grade(question(H.CHOWS, QuestionKind.DOES_COUNT, target="1.3"), None)
    assert all("You missed" not in e.text for e in (*yes_no.explanations, *yes_no.notes))
