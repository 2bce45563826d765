"""Review's choice of what to ask: weak spots first, a missed pattern confirmed before
it counts as mastered, and one hand covering several weak patterns."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from mj_trainer.engine.ruleset import DEFAULT, load
from mj_trainer.quizzes.mastery import mastery
from mj_trainer.quizzes.questions import PatternsAnswer
from mj_trainer.quizzes.review_queue import review_refs
from mj_trainer.quizzes.round import Round, RoundSettings, review_source
from mj_trainer.quizzes.sources import ListSource, ReviewSource
from mj_trainer.quizzes.store import ProgressStore
from tests.quizzes import hands as H
from tests.quizzes.conftest import qhand

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _play(store: ProgressStore, text: str, answer: PatternsAnswer, when: datetime) -> None:
    rnd = Round(ListSource([qhand(text)]), RoundSettings(), recorder=store, now=lambda: when)
    rnd.ask()
    rnd.answer(answer)
    rnd.finish()


def test_missed_patterns_come_before_other_due_cards(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        _play(store, H.CHOWS, PatternsAnswer.of(["1.3"], 5), T0)  # 1.2 missed, 1.3 right
        # Years later both cards are due; the missed one (and patterns before
        # families) first.
        later = T0 + timedelta(days=3650)
        source = review_source(store, later, pool=[qhand(H.CHOWS)], confirm=False)
        assert source.items == ["1.2", "1.3"]  # the families share the ids: asked once
        assert source.weak == {"1.2"}


def test_a_missed_pattern_is_confirmed_before_it_is_mastered(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path) as store:
        _play(store, H.CHOWS, PatternsAnswer.of(["1.3"], 5), T0)  # 1.2 missed
        _play(store, H.CHOWS, PatternsAnswer.of(["1.2", "1.3"], 10), T0 + timedelta(hours=1))
        soon = T0 + timedelta(hours=2)  # nothing is due yet
        assert review_source(store, soon, pool=[qhand(H.CHOWS)], confirm=False).items == []
        # 1.2 was missed once and answered right once: asked again; 1.3 never missed: not.
        assert review_source(store, soon, pool=[qhand(H.CHOWS)]).items == ["1.2"]


def test_one_hand_covers_several_weak_patterns() -> None:
    # WINDS counts 8.1.1, 6.1.1 and 2.2.2: after it serves 8.1.1, the other two weak
    # patterns are not asked again in the same round; 1.2 still is.
    pool = [qhand(H.WINDS, "winds"), qhand(H.CHOWS, "chows")]
    src = ReviewSource(["8.1.1", "6.1.1", "2.2.2", "1.2"], pool=pool,
                       weak={"8.1.1", "6.1.1", "2.2.2", "1.2"})
    assert [(h.id, h.focus) for h in src] == [("winds", "8.1.1"), ("chows", "1.2")]
    # Without weak patterns named, every item gets its own question when a hand is left.
    plain = ReviewSource(["8.1.1", "1.2"], pool=pool)
    assert [h.id for h in plain] == ["winds", "chows"]


def test_the_mastery_home_already_has_gives_the_same_queue(tmp_path: Path) -> None:
    """Home reads mastery and then what review would ask: handed the rows it has, the
    queue is the one review_refs reads by itself (1.2 to confirm after a miss)."""
    rules = load(DEFAULT)
    with ProgressStore.open(tmp_path) as store:
        _play(store, H.CHOWS, PatternsAnswer.of(["1.3"], 5), T0)  # 1.2 missed
        _play(store, H.CHOWS, PatternsAnswer.of(["1.2", "1.3"], 10), T0 + timedelta(hours=1))
        soon = T0 + timedelta(hours=2)
        rows = mastery(store, rules, soon)
        alone = review_refs(store, soon, ruleset=rules)
        assert alone == (["1.2"], set())
        assert review_refs(store, soon, ruleset=rules, rows=rows) == alone
        # The rows handed in are what is read: none, nothing to confirm.
        assert review_refs(store, soon, ruleset=rules, rows=[]) == ([], set())
