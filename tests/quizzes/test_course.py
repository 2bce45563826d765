"""The course: what each ruleset's lessons teach, in which order, and what the words say.

Every pattern and every rule is taught by exactly one lesson; the reading lessons come
first; a rule comes before any drill that needs it; and the statements issue 22 found
wrong are right now (each test quotes the seed it follows)."""

from __future__ import annotations

import pytest

from mj_trainer.engine.ruleset import builtin_names, load
from mj_trainer.quizzes.course import (
    FIRST_LESSONS,
    LessonKind,
    Rule,
    course,
    definitions,
    easy_start_note,
    effective_difficulty,
    glossary,
    lesson,
    rules_of,
)
from mj_trainer.quizzes.course.plan import LAYOUTS, base_id
from mj_trainer.quizzes.questions import QuestionKind

RULESETS = sorted(builtin_names())


@pytest.mark.parametrize("name", RULESETS)
def test_every_pattern_and_every_rule_is_taught_by_exactly_one_lesson(name: str) -> None:
    rules = load(name)
    lessons = course(rules)
    taught = [p for one in lessons for p in one.patterns]
    assert sorted(taught) == sorted(p.id for p in rules.patterns)
    assert len(taught) == len(set(taught))
    ruled = [r for one in lessons for r in one.rules]
    assert sorted(ruled) == sorted(rules_of(rules))
    assert len(ruled) == len(set(ruled))


def test_the_additive_rulesets_have_nine_rules_and_classical_eight() -> None:
    for name in ("mj-score-eval", "mj-score-eval-early", "zung-jung"):
        assert [r.value for r in rules_of(load(name))] == [
            "tiles", "sets", "winning", "exposure", "families", "stacking", "limits", "cap",
            "arrangements"]
    assert [r.value for r in rules_of(load("classical"))] == [
        "tiles", "sets", "winning", "exposure", "limits", "cap", "arrangements", "doublings"]


@pytest.mark.parametrize("name", RULESETS)
def test_reading_comes_first_and_its_drills_never_ask_for_patterns(name: str) -> None:
    lessons = course(load(name))
    reading = lessons[:3]
    assert [one.kind for one in reading] == [LessonKind.READING] * 3
    assert [set(one.rules) for one in reading] == [{Rule.TILES, Rule.SETS}, {Rule.WINNING},
                                                    {Rule.EXPOSURE}]
    for one in reading:
        assert set(one.drill.kinds) <= {QuestionKind.SPLIT, QuestionKind.IS_WIN}
    assert reading[2].drill.ask_winning and not reading[0].drill.ask_winning
    assert all(one.kind is not LessonKind.READING for one in lessons[3:])


@pytest.mark.parametrize("name", RULESETS)
def test_scope_grows_lesson_by_lesson(name: str) -> None:
    seen: set[str] = set()
    rules_so_far: set[Rule] = set()
    for one in course(load(name)):
        seen.update(one.patterns)
        rules_so_far.update(one.rules)
        assert one.scope == frozenset(seen) and one.taught == frozenset(rules_so_far)


@pytest.mark.parametrize("name", RULESETS)
def test_a_lesson_defines_each_pattern_with_the_one_stored_text(name: str) -> None:
    rules = load(name)
    for one in course(rules):
        defs = definitions(rules, one)
        assert list(defs) == list(one.patterns)
        for pid, text in defs.items():
            assert text == rules.pattern(pid).description
            assert text in one.text, (one.id, pid)


@pytest.mark.parametrize("name", RULESETS)
def test_the_glossary_holds_every_lesson_term_and_every_pattern(name: str) -> None:
    rules = load(name)
    entries = {e.id: e for e in glossary(rules)}
    for one in course(rules):
        for term in one.terms:
            assert term in entries and entries[term].lesson is not None
            word, text = entries[term].word, entries[term].text
            assert f"- {word}: {text}" in one.text  # the lesson reads the glossary's words
    for p in rules.patterns:
        e = entries[f"pattern:{p.id}"]
        assert e.text == p.description and e.lesson is not None
    for term in ("terminal", "simple", "honor", "chow", "pung", "kong", "eyes", "exposed",
                 "concealed", "self-drawn", "family", "limit", "cap", "arrangement"):
        assert term in entries, term
    assert ("doubling" in entries) is rules.doubling
    assert ("stacking" in entries) is not rules.doubling
    assert all(e.see == tuple(s for s in e.see if s in entries) for e in entries.values())


def test_the_ruleset_word_for_a_family_is_used() -> None:
    assert "series" in lesson(load("zung-jung"), "2.2").text
    assert glossary(load("zung-jung"))[0].id == "tile"
    assert any(e.word == "series" for e in glossary(load("zung-jung")))


def test_a_house_ruleset_follows_its_base() -> None:
    early = load("mj-score-eval-early")
    assert base_id(early) == "mj-score-eval" and "mj-score-eval-early" not in LAYOUTS
    assert [one.title for one in course(early)] == [
        one.title for one in course(load("mj-score-eval"))]


def test_unknown_lesson_names_the_ones_there_are() -> None:
    with pytest.raises(KeyError, match=r"lessons: 1\.1, 1\.2, 1\.3, 2\.1"):
        lesson(load("mj-score-eval"), "9")


# --------------------------------------------------------------------------- statements


def _text(name: str, rule: Rule) -> str:
    """The lesson's own paragraphs (without its patterns' definitions)."""
    return "\n".join(next(one.paragraphs for one in course(load(name)) if rule in one.rules))


def test_a_win_is_three_shapes_and_bonus_tiles_are_not_part_of_it() -> None:
    # Seed 000 9.0 (seven pairs), 11.1 (thirteen orphans), 13.0: bonus tiles "do NOT
    # contribute to having the minimum requirements to win".
    text = _text("mj-score-eval", Rule.WINNING)
    assert "four sets and the eyes; seven pairs; or thirteen orphans" in text
    assert "Bonus tiles are never part of those fourteen tiles" in text
    assert "Illegal Call: it scores -40 points instead of a total" in text  # seed 000 1.7


@pytest.mark.parametrize("name", ["mj-score-eval", "mj-score-eval-early"])
def test_seat_and_prevailing_winds_score_nothing_under_the_guide(name: str) -> None:
    # Seed 000 8.1.1: "Seat wind and Prevailing Wind are not recognized" (R23).
    text = _text(name, Rule.TILES)
    assert "Under this ruleset they add nothing to a score" in text
    assert "matter" not in text.split("they add nothing")[0].rsplit(".", 1)[-1]
    zj = _text("zung-jung", Rule.TILES)  # Zung Jung: the seat wind is a Value Honor
    assert "a pung of your own seat wind scores like a dragon pung" in zj


def test_the_family_rule_has_exceptions_taught_as_stacking() -> None:
    # Seed 000, introduction: "... do not get counted, unless specifically noted
    # otherwise"; 8.2.2 "at least 40+10+10" (R11).
    families = _text("mj-score-eval", Rule.FAMILIES)
    assert "never added" not in families
    stacking = _text("mj-score-eval", Rule.STACKING)
    for name in ("Two-Tailed Terminal Chows (7.1.1", "Two-Tailed Terminal Pungs (7.1.2",
                 "Wind Pung (8.1.1", "Dragon Pung (8.2.1", "Bonus Tile (13.1"):
        assert name in stacking
    assert "All Bonus Tiles (13.1.3) replaces All Flowers and All Seasons" in stacking
    # The early guide's wind pungs do not stack (R30), and its Two-Tailed Terminals
    # replaces the couples: the stacking lesson says what that ruleset does.
    early = _text("mj-score-eval-early", Rule.STACKING)
    assert "Wind Pung (8.1.1" not in early
    assert "Two-Tailed Terminals (7.1.3) replaces" in early


def test_limit_hands_are_defined_by_value_and_the_best_one_counts() -> None:
    # Seed 000, introduction: limit hands reward "at or beyond this 320 points limit";
    # several limits "simply score the highest point value among them" (R12).
    text = _text("mj-score-eval", Rule.LIMITS)
    assert "A pattern worth 320 points or more is a limit hand" in text
    assert "rare" not in text.replace("not by how rare it is", "")
    assert "only the highest counts" in text


def test_the_classical_course_speaks_of_doublings_not_of_kongs_families() -> None:
    # Seed 004: points doubled once per doubling; no One/Two/Three Kongs, no Concealed
    # Hand (R32).
    rules = load("classical")
    text = "\n".join(one.text for one in course(rules))
    for wrong in ("One Kong", "Two Kongs", "Three Kongs", "Concealed Hand",
                  "add the families together"):
        assert wrong not in text
    doublings = _text("classical", Rule.DOUBLINGS)
    assert "Doublings multiply" in doublings
    assert "two make four times" in doublings


# --------------------------------------------------------------------------- difficulty


@pytest.mark.parametrize("chosen", ["easy", "medium", "hard", "mixed"])
def test_auto_level_is_easy_until_the_first_lessons_and_a_choice_is_kept(chosen: str) -> None:
    for passed in range(FIRST_LESSONS + 2):
        auto = effective_difficulty(chosen, passed, easy_start=True)
        if chosen == "medium" and passed < FIRST_LESSONS:
            assert auto == "easy"
        else:
            assert auto == chosen
        assert effective_difficulty(chosen, passed, easy_start=False) == chosen


def test_easy_start_note_counts_down_the_lessons_left() -> None:
    assert easy_start_note(0) == f"until you pass {FIRST_LESSONS} lessons"
    assert easy_start_note(FIRST_LESSONS - 1) == "until you pass 1 more lesson"
    assert easy_start_note(FIRST_LESSONS) == "" and easy_start_note(FIRST_LESSONS + 4) == ""


def test_all_flowers_points_at_the_flowers_only() -> None:
    # Seed 000 13.1.1: All Flowers is "a complete set of all 4 Flower tiles", f1 f2 f3 f4;
    # the first course's bonus lesson marked a season as one of its tiles.
    from mj_trainer.engine.evidence import evidence
    from mj_trainer.engine.notation import parse
    from mj_trainer.engine.scoring import score

    for ruleset, flowers, seasons in (("mj-score-eval", "13.1.1", "13.1.2"),
                                      ("zung-jung", "11.2.1", "11.2.2")):
        result = score(parse(f"b456777 k234 ww [c123] +ww f1 f2 f3 f4 s1 s2 s3 s4 "
                             f"ruleset:{ruleset}"))
        assert evidence(result, flowers).sets == ("f1", "f2", "f3", "f4")
        assert evidence(result, seasons).sets == ("s1", "s2", "s3", "s4")


@pytest.mark.parametrize("name", RULESETS)
def test_a_title_never_says_the_same_thing_twice(name: str) -> None:
    # Classical's limit hands are both a category and a rule: its lesson said
    # "Limit Hands, and limit hands".
    for one in course(load(name)):
        parts = [part.strip().removeprefix("and ").casefold() for part in one.title.split(",")]
        assert len(parts) == len(set(parts)), one.title
