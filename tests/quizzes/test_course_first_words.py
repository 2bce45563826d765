"""Sentences of the first lessons (1.1 to 2.1) a beginner reads, checked against the
guide (seed 000) after a walk through them as a learner."""

from __future__ import annotations

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import load
from mj_trainer.quizzes.course import course, lesson, worked_hands
from mj_trainer.quizzes.course.texts import term_text

RULES = load("mj-score-eval")
CLASSICAL = load("classical")


def _note(lesson_id: str, hand_text: str) -> str:
    """The note of the worked hand of `lesson_id` whose notation is `hand_text`."""
    for w in worked_hands(RULES, lesson(RULES, lesson_id)):
        if w.item.hand == parse(hand_text):
            return w.note
    raise AssertionError(f"no worked hand {hand_text} in lesson {lesson_id}")


def test_the_illegal_call_hand_is_none_of_the_three_shapes() -> None:
    # Lesson 1.2 teaches three winning shapes; its Illegal Call hand said only that no
    # reading makes four sets and the eyes, which is not enough to call it a false call.
    note = _note("1.2", "c123 b456 k789 dr dr we ws +ws")
    assert "four sets and the eyes" in note
    assert "neither seven pairs nor thirteen orphans" in note


def test_sets_made_with_a_discard_are_called_exposed_in_lesson_2_1() -> None:
    # 'claimed' is not taught (lesson 1.3 says exposed), and the drill uses 'claimed'
    # for the patterns a learner ticks.
    chows = _note("2.1", "[c123] b456 b678 k345 c5 +c5")
    drawn = _note("2.1", "[k678] c234 b456 b999 we +we self")
    assert "even though the c123 was exposed" in chows
    assert "The exposed k678 rules out Concealed Hand" in drawn
    assert "claimed" not in chows + drawn


def test_total_says_the_cap_and_the_limit_come_later() -> None:
    # 'total' is a word of lesson 2.1; the cap (2.5) and limit hands (2.4) come later.
    first = next(one for one in course(RULES) if "total" in one.terms)
    cap = next(one for one in course(RULES) if "cap" in one.terms)
    assert [one.id for one in course(RULES)].index(first.id) < \
        [one.id for one in course(RULES)].index(cap.id)
    for rules in (RULES, CLASSICAL):
        _, text = term_text(rules, "total")
        assert "Two rules of later lessons bound it" in text
        assert "held at the cap" not in text


def test_honors_make_kongs_too() -> None:
    # Lesson 1.1's advice to start a reading with the honors: seed 000 2.3 and 8.1
    # give honors kongs ('pungs / kongs of Winds'), so not 'only pungs or a pair'.
    text = " ".join(lesson(RULES, "1.1").paragraphs)
    assert "which can only make pungs, kongs or a pair, never a chow" in text


def test_lesson_1_3_teaches_the_word_claimed_with_exposed() -> None:
    # The curated notes of later lessons say "a claimed chow", "the claimed kong" for a
    # set made with a discard (a learner's walk found about thirty); lesson 1.3, which
    # teaches exposed sets, now gives the word too, in its glossary entry.
    three = lesson(RULES, "1.3")
    assert "exposed" in three.terms
    for rules in (RULES, CLASSICAL):
        word, text = term_text(rules, "exposed")
        assert word == "exposed"
        assert "claim" in text and "also call such a set claimed" in text
        assert "another player's discard" in text  # what makes it exposed (seed 000 §1.3)


def test_a_category_lesson_names_its_category_as_one() -> None:
    # "This lesson teaches 6 patterns of Trivial Patterns." read as a slip.
    first = lesson(RULES, "2.1").paragraphs[0]
    assert first.startswith("This lesson teaches 6 patterns of the category Trivial Patterns.")
    both = lesson(load("zung-jung"), "2.1").paragraphs[0]
    assert "of the categories Basics and Trivial Patterns." in both
    one = lesson(RULES, "2.14").paragraphs[0]
    assert one.startswith("This lesson teaches one pattern of the category Irregular Hands.")


def test_lesson_1_1_says_the_blessings_come_later() -> None:
    # Lesson 1.1 named the Blessings (12.4) before any pattern is taught.
    for rules in (RULES, load("zung-jung")):
        text = " ".join(lesson(rules, "1.1").paragraphs)
        assert "Blessings (" in text and "taught in a later lesson)" in text
