"""A round from start to summary, with sources, timing and the store."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.engine.hand import Hand
from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.questions import PatternsAnswer, QuestionKind, TotalAnswer
from mj_trainer.quizzes.round import Round, RoundSettings, curated_source, plan_kinds
from mj_trainer.quizzes.sources import (
    CuratedSource,
    GeneratorSource,
    HandSource,
    ListSource,
    Order,
    QuizHand,
    generated_id,
)
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand

# The kinds any hand can be asked (a split question is asked of wins only: tested apart).
ALL_KINDS = tuple(k for k in QuestionKind if k is not QuestionKind.SPLIT)


def _pool() -> list[QuizHand]:
    texts = [H.WINDS, H.CHOWS, H.NO_WIN, H.PAIRS, H.CAPPED, H.ORPHANS, H.TWO_READINGS,
             H.BIG_FOUR]
    return [qhand(t, f"t-{i + 1}") for i, t in enumerate(texts)]


class FakeClock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_sources_satisfy_the_protocol() -> None:
    assert isinstance(ListSource([]), HandSource)
    assert isinstance(CuratedSource("s", []), HandSource)
    assert isinstance(GeneratorSource(seed=1), HandSource)


def test_kinds_are_mixed_in_fair_shares() -> None:
    rnd = Round(ListSource(_pool()), RoundSettings(kinds=ALL_KINDS, length=8, seed=1))
    assert Counter(q.kind for q in rnd.questions) == {k: 2 for k in ALL_KINDS}


def test_a_kind_listed_twice_comes_twice_as_often() -> None:
    import random

    kinds = plan_kinds([QuestionKind.PATTERNS, QuestionKind.PATTERNS, QuestionKind.TOTAL], 6,
                       random.Random(0))
    assert Counter(kinds) == {QuestionKind.PATTERNS: 4, QuestionKind.TOTAL: 2}


def test_the_same_seed_gives_the_same_round() -> None:
    def kinds(seed: int) -> list[tuple[QuestionKind, str | None]]:
        rnd = Round(ListSource(_pool()), RoundSettings(kinds=ALL_KINDS, length=8, seed=seed))
        return [(q.kind, q.target) for q in rnd.questions]

    assert kinds(5) == kinds(5)


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        RoundSettings(kinds=())
    with pytest.raises(ValueError):
        RoundSettings(length=0)


def test_round_flow_and_summary() -> None:
    clock = FakeClock()
    hands = [qhand(H.WINDS, "a"), qhand(H.CHOWS, "b"), qhand(H.NO_WIN, "c"),
             qhand(H.CHOWS, "d")]
    rnd = Round(ListSource(hands), RoundSettings(length=10, seed=0), clock=clock)
    assert len(rnd.questions) == 4  # the source had only four
    q = rnd.ask()
    assert q is not None and q.hand_id == "a"
    clock.now += 12
    g = rnd.answer(PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL))  # 1.0
    assert g.correct and g.seconds == 12
    rnd.ask()
    clock.now += 30
    rnd.answer(PatternsAnswer.of(["1.2"], H.CHOWS_TOTAL))  # 0.6 x 1/2 + 0.4 = 0.7
    rnd.ask()
    clock.now += 3
    rnd.skip()  # 0
    rnd.ask()
    clock.now += 5
    rnd.answer(PatternsAnswer.of(["1.2"], 5))  # 0.6 x 1/2 = 0.3
    assert rnd.finished and rnd.ask() is None
    with pytest.raises(RuntimeError):
        rnd.answer(None)
    s = rnd.finish()
    assert s.questions == 4 and s.answered == 3 and s.skipped == 1
    assert s.score == pytest.approx(2.0)  # 1.0 + 0.7 + 0 + 0.3
    assert s.correct == 1
    assert s.accuracy == pytest.approx(0.25)
    assert s.percent == pytest.approx(50.0)
    assert s.seconds == pytest.approx(50.0)  # 12 + 30 + 3 + 5
    # 1.3 was missed twice (b and d); the skipped illegal call (1.7) is a skip, not a miss.
    assert [(m.id, m.misses) for m in s.missed_patterns] == [("1.3", 2)]
    assert s.missed_patterns[0].name == "Concealed Hand"
    assert [(m.id, m.misses) for m in s.missed_families] == [("1.3", 2)]
    assert s.outcomes == {"right": 7, "missed": 2, "skipped": 1}
    assert s.by_kind == {"patterns": (1, 4)}
    assert rnd.finish() is s  # finishing twice changes nothing
    assert s.to_json()["percent"] == 50.0


def test_family_names_in_the_summary() -> None:
    rnd = Round(ListSource([qhand(H.WINDS)]), RoundSettings(length=1))
    rnd.answer(PatternsAnswer.of({}, 0))
    names = {m.id: m.name for m in rnd.summary().missed_families}
    assert names["8.1"] == "Wind Pung to Big Four Winds"
    assert names["6.1"] == "Mixed One-Suit to Pure One-Suit"


def test_time_runs_from_the_first_ask() -> None:
    clock = FakeClock()
    rnd = Round(ListSource([qhand(H.CHOWS)]), RoundSettings(kinds=(QuestionKind.TOTAL,)),
                clock=clock)
    clock.now += 100  # the round was built, but the question not yet shown
    rnd.ask()
    clock.now += 4
    rnd.ask()  # asking again does not restart the timer
    clock.now += 3
    assert rnd.answer(TotalAnswer(10)).seconds == 7


def test_an_empty_source_makes_an_empty_round(store: ProgressStore) -> None:
    rnd = Round(ListSource([]), recorder=store)
    assert rnd.finished and rnd.current is None
    s = rnd.finish()
    assert s.questions == 0 and s.accuracy == 0.0
    assert store.rounds() == []


def test_ruleset_override(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[ruleset]\nid = "house"\nextends = "mj-score-eval"\n\n'
                     '[patterns."1.2"]\nvalue = 7\n', encoding="utf-8")
    rnd = Round(ListSource([qhand(H.CHOWS)]),
                RoundSettings(kinds=(QuestionKind.TOTAL,), ruleset=str(house)))
    q = rnd.ask()
    assert q is not None
    # All Chows worth 7 in the house rules: 7 + 5 = 12.
    assert q.expected() == TotalAnswer(12)


def test_every_answer_is_in_the_store_as_soon_as_it_is_given(store: ProgressStore) -> None:
    rnd = Round(ListSource(_pool()), RoundSettings(kinds=ALL_KINDS, length=4, seed=2),
                recorder=store)
    assert rnd.round_id is not None
    for n in range(1, 5):
        q = rnd.ask()
        assert q is not None
        rnd.answer(q.expected())
        assert len(store.answers(rnd.round_id)) == n
    record = store.round(rnd.round_id)
    assert record is not None and not record.finished
    rnd.finish()
    record = store.round(rnd.round_id)
    assert record is not None and record.finished
    assert (record.answered, record.correct, record.score) == (4, 4, 4.0)


def _answer_all(rnd: Round) -> list[str]:
    asked = []
    while (q := rnd.ask()) is not None:
        asked.append(q.hand_id)
        rnd.answer(q.expected())
    rnd.finish()
    return asked


def test_curated_set_resumes_where_it_stopped(store: ProgressStore) -> None:
    hands = [qhand(H.CHOWS, f"set-{i}") for i in range(1, 6)]
    settings = RoundSettings(kinds=(QuestionKind.IS_WIN,), length=2)

    def next_round() -> list[str]:
        source = curated_source("demo", hands, store=store)
        return _answer_all(Round(source, settings, recorder=store))

    assert next_round() == ["set-1", "set-2"]
    assert next_round() == ["set-3", "set-4"]
    assert next_round() == ["set-5"]  # the end of the set
    progress = store.set_progress("demo")
    assert progress is not None and progress.finished and progress.rounds == 3
    assert progress.best_score == 1.0
    assert next_round() == ["set-1", "set-2"]  # and round again


def test_shuffled_set_keeps_its_shuffle_when_resumed(store: ProgressStore) -> None:
    hands = [qhand(H.CHOWS, f"set-{i}") for i in range(1, 9)]
    settings = RoundSettings(kinds=(QuestionKind.IS_WIN,), length=3)
    first = curated_source("mix", hands, store=store, order=Order.SHUFFLED, seed=11)
    whole = [h.id for h in first]
    assert sorted(whole) == sorted(h.id for h in hands) and whole != [h.id for h in hands]
    asked = _answer_all(Round(first, settings, recorder=store))
    resumed = curated_source("mix", hands, store=store, order=Order.SHUFFLED)
    asked += _answer_all(Round(resumed, settings, recorder=store))
    assert asked == whole[:6]


def test_restart_and_changed_sets_start_from_the_top(store: ProgressStore) -> None:
    hands = [qhand(H.CHOWS, f"set-{i}") for i in range(1, 6)]
    settings = RoundSettings(kinds=(QuestionKind.IS_WIN,), length=2)
    _answer_all(Round(curated_source("demo", hands, store=store), settings, recorder=store))
    again = curated_source("demo", hands, store=store, restart=True)
    assert next(iter(again)).id == "set-1"
    grown = curated_source("demo", [*hands, qhand(H.CHOWS, "set-6")], store=store)
    assert next(iter(grown)).id == "set-1"


def test_generator_source_passes_its_request_to_the_generator() -> None:
    calls: list[dict[str, Any]] = []
    rest: list[dict[str, Any]] = []

    def fake(count: int, *, seed: int, target: str | None, avoid: Sequence[str],
             difficulty: str | None, ruleset: str | Ruleset, mode: str,
             winning: bool | None) -> list[Hand]:
        calls.append({"count": count, "seed": seed, "target": target,
                      "difficulty": difficulty})
        rest.append({"avoid": avoid, "ruleset": ruleset, "mode": mode, "winning": winning})
        return [parse(H.CHOWS)] * count

    source = GeneratorSource(seed=40, target="8.1", difficulty="easy", ruleset="x",
                             batch=2, generate=fake, mode="rich")
    got = list(islice(source, 3))
    assert [c["seed"] for c in calls] == [40, 41]
    assert calls[0] == {"count": 2, "seed": 40, "target": "8.1", "difficulty": "easy"}
    assert all(h.focus == "8.1" and h.source == "random" for h in got)
    assert got[0].id == generated_id(parse(H.CHOWS)) and got[0].id.startswith("gen-")
    assert rest[0] == {"avoid": (), "ruleset": "x", "mode": "rich", "winning": None}


def test_generator_source_stops_when_the_generator_runs_dry() -> None:
    fake: Callable[..., list[Hand]] = lambda count, **kw: []  # noqa: E731
    assert list(GeneratorSource(seed=1, generate=fake)) == []


def test_curated_hands_keep_their_set_and_notes(monkeypatch: pytest.MonkeyPatch) -> None:
    # A curated set's hands become quiz hands with their id, title, note and focus, and
    # the set they came from; a set is found by its id or its name.
    import sys
    import types

    from mj_trainer.engine.notation import parse
    from mj_trainer.quizzes import sources
    from mj_trainer.quizzes.sets import CuratedHand, HandSet

    entry = CuratedHand(id="fam-001", set_id="families", title="Winds", text=H.WINDS,
                        hand=parse(H.WINDS), note="three winds", focus=("8.1.2",))
    hand_set = HandSet(id="families", name="Families", description="", order=1,
                       ruleset="mj-score-eval", hands=(entry,))
    fake = types.ModuleType("mj_trainer.quizzes.sets")
    fake.builtin_sets = lambda: [hand_set]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mj_trainer.quizzes.sets", fake)
    got = sources.curated_hands("Families")
    assert [(h.id, h.title, h.source) for h in got] == [("fam-001", "Winds", "families")]
    assert (got[0].note, got[0].about, got[0].hand) == ("three winds", ("8.1.2",),
                                                        parse(H.WINDS))
    assert sources.curated_hands("families") == got
    with pytest.raises(KeyError, match="families"):
        sources.curated_hands("Nope")


def test_a_round_ended_early_takes_no_more_answers(store: ProgressStore) -> None:
    """Ending a round before its first answer forgets it in the store; an answer that
    arrives after that (an enter queued behind the key that ended it) is refused
    instead of being written into a round that is gone."""
    hands = [qhand(H.WINDS, "a"), qhand(H.CHOWS, "b")]
    rnd = Round(ListSource(hands), RoundSettings(length=2, seed=0), recorder=store)
    assert rnd.ask() is not None
    rnd.finish()
    assert rnd.ended and not rnd.finished  # questions remain, but the round is over
    with pytest.raises(RuntimeError):
        rnd.answer(PatternsAnswer.of(H.WINDS_COUNTED, H.WINDS_TOTAL))
    assert store.rounds() == [] and store.answers() == []
