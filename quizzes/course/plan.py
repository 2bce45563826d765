"""The course of a ruleset: its lessons in order, each with what it teaches.

Part 1 teaches reading a hand (the tiles and the sets, what a win is, exposed and
concealed); part 2 teaches the patterns, one category at a time, with the rules of
combination as soon as the patterns that show them are taught: families with the first
category whose patterns build on each other (the kongs), stacking with the honors, the
limits and the cap right after, competing arrangements once identical and consecutive
sets are known.  A rule taught with a category is drilled with it.
Every pattern of the ruleset is taught by exactly one lesson, every rule by one.

The order of each built-in ruleset is a small table (`LAYOUTS`); a ruleset that
extends another (the early guide, a house-rules file) follows its base's order, and a
category the table does not know gets a lesson of its own at the end.  The words come
from `lessons.toml` and the glossary (`glossary.toml`); the definitions are the
patterns' descriptions in the ruleset files.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from mj_trainer.engine.ruleset import Pattern, Ruleset
from mj_trainer.engine.ruleset_model import CHICKEN_HAND, ILLEGAL_CALL
from mj_trainer.quizzes.course.model import Drill, Lesson, LessonKind
from mj_trainer.quizzes.course.rules import Rule, rules_of
from mj_trainer.quizzes.course.texts import fill, plural, term_text, words
from mj_trainer.quizzes.question_kind import QuestionKind


@dataclass(frozen=True, slots=True)
class Step:
    """One lesson of a layout: a reading lesson, the patterns of some categories, a rule
    of scoring, or patterns and a rule together."""

    reading: str = ""  # a [reading.NAME] of lessons.toml
    categories: tuple[str, ...] = ()
    rule: Rule | None = None


def _read(name: str) -> Step:
    return Step(reading=name)


def _cat(*categories: str, rule: Rule | None = None) -> Step:
    return Step(categories=categories, rule=rule)


def _rule(rule: Rule) -> Step:
    return Step(rule=rule)


_READING_STEPS: Final = (_read("tiles-sets"), _read("winning"), _read("exposure"))
_READING_RULES: Final = {"tiles-sets": (Rule.TILES, Rule.SETS), "winning": (Rule.WINNING,),
                         "exposure": (Rule.EXPOSURE,)}

LAYOUTS: Final[dict[str, tuple[Step, ...]]] = {
    "mj-score-eval": (
        *_READING_STEPS,
        _cat("1"), _cat("2", rule=Rule.FAMILIES), _cat("8", rule=Rule.STACKING),
        _rule(Rule.LIMITS), _rule(Rule.CAP), _cat("3"), _cat("4"), _cat("5"),
        _rule(Rule.ARRANGEMENTS), _cat("6"), _cat("7"), _cat("9"), _cat("10"), _cat("11"),
        _cat("12"), _cat("13"),
    ),
    "zung-jung": (
        *_READING_STEPS,
        _cat("0", "1"), _cat("4", rule=Rule.FAMILIES), _cat("3"), _rule(Rule.LIMITS),
        _rule(Rule.CAP), _cat("5"), _cat("6"), _cat("7"), _rule(Rule.ARRANGEMENTS),
        _cat("2"), _cat("8"), _cat("10"), _cat("9"), _cat("11", rule=Rule.STACKING),
    ),
    "classical": (
        *_READING_STEPS,
        _cat("1"), _cat("2"), _cat("6", rule=Rule.DOUBLINGS), _cat("5"), _rule(Rule.CAP),
        _cat("3", rule=Rule.LIMITS), _cat("4"), _rule(Rule.ARRANGEMENTS),
    ),
}


def base_id(rules: Ruleset) -> str:
    """The built-in ruleset whose course and facts a ruleset follows: itself, or the
    nearest ruleset it extends that has a layout (mj-score-eval by default)."""
    for rid in rules.lineage or (rules.id,):
        if rid in LAYOUTS:
            return rid
    return "classical" if rules.doubling else "mj-score-eval"


def layout(rules: Ruleset) -> tuple[Step, ...]:
    """The steps of a ruleset's course, with a lesson appended for each category the
    base layout does not place (a house ruleset's new category)."""
    steps = list(LAYOUTS[base_id(rules)])
    placed = {c for s in steps for c in s.categories}
    for cat in sorted(rules.categories, key=_num):
        if cat not in placed and any(p.category == cat for p in rules.patterns):
            steps.append(_cat(cat))
    taught = {s.rule for s in steps if s.rule is not None}
    for rule in rules_of(rules):  # a rule a layout forgot still gets its lesson
        if rule not in taught and rule not in (Rule.TILES, Rule.SETS, Rule.WINNING,
                                               Rule.EXPOSURE):
            steps.append(_rule(rule))
    return tuple(steps)


def _num(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(".") if x.isdigit())


def _facts(rules: Ruleset) -> dict[str, str]:
    facts: dict[str, str] = words()["facts"][base_id(rules)]
    return facts


def value_words(p: Pattern) -> str:
    """A pattern's value in words: '5 points', '10 points per set', '1 doubling'."""
    if p.doubles:
        return p.value_text()
    words_ = f"{p.value} {'point' if abs(p.value) == 1 else 'points'}"
    return words_ if p.unit == "hand" else f"{words_} per {p.unit}"


def definition_line(p: Pattern) -> str:
    """'All Chows (1.2), 5 points: <its description>' (a limit hand says so)."""
    lim = ", a limit hand" if p.is_limit else ""
    return f"{p.name} ({p.id}), {value_words(p)}{lim}: {p.description}"


def _illegal_words(rules: Ruleset) -> str:
    p = rules.illegal_call
    if p is None:
        return "it scores nothing"
    if p.value == 0:
        return f"it scores nothing ({p.name}, {p.id})"
    return f"it scores {p.value} points instead of a total ({p.name}, {p.id})"


def _stacking_words(rules: Ruleset) -> str:
    """The ruleset's stacking patterns, worked out from its file: which add on top of
    which, and what replaces what."""
    parts: list[str] = []
    alone: list[str] = []
    for p in rules.patterns:
        if not p.stacks:
            continue
        others = [q for q in rules.family_members(p.family) if q is not p]
        if not others:
            alone.append(f"{p.name} ({p.id})")
            continue
        over = [q for q in others if not q.stacks and not q.is_limit]  # a limit stands alone
        with_ = [q for q in others if q.stacks]
        bits = []
        if over:
            bits.append("on top of " + _or(q.name for q in over))
        if with_:
            bits.append(("and " if over else "") + "beside " + _and(q.name for q in with_))
        parts.append(f"{p.name} ({p.id}, {value_words(p)}) counts " + " ".join(bits) + ".")
    if alone:
        fam = rules.family_word
        parts.append(f"{_and(alone)} {'is a' if len(alone) == 1 else 'are each a'} {fam} of "
                     f"{'its' if len(alone) == 1 else 'their'} own, so "
                     f"{'it adds' if len(alone) == 1 else 'they add'} to the patterns of "
                     f"other {plural(fam)} like any {fam}.")
    replaced = [(p, [rules.pattern(r) for r in p.replaces]) for p in rules.patterns
                if p.replaces]
    for p, gone in replaced:
        parts.append(f"The one exception: {p.name} ({p.id}) replaces "
                     f"{_and(q.name for q in gone)}, which then add nothing.")
    if not parts:
        return "This ruleset has no stacking patterns."
    return " ".join(parts)


def _or(names: Iterable[str]) -> str:
    items = list(names)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _and(names: Iterable[str]) -> str:
    items = list(names)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _paragraphs(section: dict[str, Any], rules: Ruleset) -> tuple[str, ...]:
    raw = section.get("paragraphs_doubling") if rules.doubling else None
    facts = _facts(rules)
    extra = {"winds": facts["winds"], "bonus": facts["bonus"], "shapes": facts["shapes"],
             "illegal": _illegal_words(rules), "stacking": _stacking_words(rules)}
    return tuple(fill(p, rules, **extra) for p in (raw or section["paragraphs"]))


def _drill(kind: LessonKind, reading: str) -> Drill:
    if kind is LessonKind.READING:
        if reading == "winning":
            return Drill((QuestionKind.IS_WIN, QuestionKind.SPLIT))
        return Drill((QuestionKind.SPLIT,), ask_winning=reading == "exposure")
    if kind is LessonKind.RULE:
        return Drill((QuestionKind.PATTERNS, QuestionKind.PATTERNS, QuestionKind.TOTAL))
    return Drill((QuestionKind.PATTERNS, QuestionKind.PATTERNS, QuestionKind.DOES_COUNT))


def _assign(rules: Ruleset, steps: tuple[Step, ...]) -> list[tuple[str, ...]]:
    """The patterns each step teaches: a category's patterns go to the step that names
    the category; the Illegal Call goes to the lesson on winning hands, the chicken hand
    to the first step that names any category."""
    out: list[list[str]] = [[] for _ in steps]
    by_cat = {c: i for i, s in enumerate(steps) for c in s.categories}
    first_cat = next(i for i, s in enumerate(steps) if s.categories)
    winning = next(i for i, s in enumerate(steps) if s.reading == "winning")
    for p in rules.patterns:
        if p.detector == ILLEGAL_CALL:
            out[winning].append(p.id)
        elif p.detector == CHICKEN_HAND and p.category not in by_cat:
            out[first_cat].append(p.id)
        else:
            out[by_cat[p.category]].append(p.id)
    return [tuple(x) for x in out]


@lru_cache(maxsize=16)
def build(rules: Ruleset) -> tuple[Lesson, ...]:
    """The lessons of `rules`, in course order."""
    steps = layout(rules)
    taught_patterns = _assign(rules, steps)
    book = words()
    lessons: list[Lesson] = []
    scope: set[str] = set()
    taught: set[Rule] = set()
    part_two = 0
    by_id = rules.by_id()
    for step, patterns in zip(steps, taught_patterns, strict=True):
        if step.reading:
            section = book["reading"][step.reading]
            kind = LessonKind.READING
            lesson_rules: tuple[Rule, ...] = _READING_RULES[step.reading]
            lesson_id = f"1.{len(lessons) + 1}"
        else:
            if not patterns and step.rule is None:
                continue  # a category whose patterns are all switched off
            part_two += 1
            lesson_id = f"2.{part_two}"
            lesson_rules = (step.rule,) if step.rule is not None else ()
            kind = LessonKind.PATTERNS if patterns else LessonKind.RULE
            section = book["rule"][step.rule] if step.rule is not None else {}
        scope.update(patterns)
        taught.update(lesson_rules)
        title, covers, paragraphs, terms = _words(
            rules, step, section, patterns,
            first=bool(step.categories) and not any(x.kind is LessonKind.PATTERNS
                                                    for x in lessons))
        mine = [by_id[p] for p in patterns]
        text = _text(rules, paragraphs, terms, mine, kind)
        targets = _targets(rules, kind, mine, lesson_rules, frozenset(scope))
        lessons.append(Lesson(
            id=lesson_id, title=title, covers=covers, kind=kind, patterns=patterns,
            rules=lesson_rules, scope=frozenset(scope), taught=frozenset(taught),
            terms=terms, paragraphs=paragraphs, text=text,
            drill=_drill(kind, step.reading), targets=targets,
            difficulty="easy" if part_two <= 3 else "medium",
            categories=tuple(dict.fromkeys(p.category for p in mine))))
    return tuple(lessons)


def _words(rules: Ruleset, step: Step, section: dict[str, Any], patterns: tuple[str, ...],
           *, first: bool = False) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """Title, covers, paragraphs and terms of a lesson."""
    if step.reading or (step.rule is not None and not step.categories):
        return (fill(section["title"], rules), fill(section["covers"], rules),
                _paragraphs(section, rules), tuple(section.get("terms", ())))
    by_id = rules.by_id()
    members = [by_id[p] for p in patterns]
    cats = [c for c in step.categories if any(p.category == c for p in members)]
    names = [rules.categories[c] for c in cats]
    title = " and ".join(names)
    covers = ", ".join(p.name for p in members[:3]) + (
        f" and {len(members) - 3} more" if len(members) > 3 else "")
    book = words()["patterns"]
    # "6 patterns of the category Trivial Patterns": a category's name alone ("6
    # patterns of Trivial Patterns") read as a slip.
    what = ("the category " if len(names) == 1 else "the categories ") + " and ".join(names)
    intro = fill(book["intro_one"] if len(members) == 1 else book["intro"], rules,
                 count=f"{len(members)} patterns", category=what)
    paragraphs = [intro]
    if any(p.is_limit for p in members) and Rule.LIMITS not in (step.rule,):
        paragraphs.append(book["limit_note"])
    paragraphs.append(book["given_note"])
    terms: tuple[str, ...] = ()
    if first:  # the first lesson of patterns says what a pattern and a total are
        terms = tuple(book["first_terms"])
    if step.rule is not None:  # patterns and a rule together (classical doublings)
        rule_words = words()["rule"][step.rule]
        short = fill(rule_words["short"], rules)
        if short.casefold() != title.casefold():  # classical: "Limit Hands" is both
            title = f"{title}, and {short}"
        covers = f"{fill(rule_words['covers'], rules)}; {covers}"
        paragraphs = [paragraphs[0], *_paragraphs(rule_words, rules), *paragraphs[1:]]
        terms = (*terms, *rule_words.get("terms", ()))
    return title, covers, tuple(paragraphs), terms


def _text(rules: Ruleset, paragraphs: tuple[str, ...], terms: tuple[str, ...],
          patterns: list[Pattern], kind: LessonKind) -> str:
    """The lesson as plain text: its paragraphs, the words it introduces (from the
    glossary) and its patterns' definitions (from the ruleset's descriptions)."""
    out = [p for p in paragraphs if p]
    if terms:
        out.append("Words to know:\n" + "\n".join(
            f"- {word}: {text}" for word, text in (term_text(rules, t) for t in terms)))
    if patterns:
        out.append("The patterns:\n" + "\n".join(f"- {definition_line(p)}" for p in patterns))
    del kind
    return "\n\n".join(out)


def _targets(rules: Ruleset, kind: LessonKind, mine: list[Pattern],
             lesson_rules: tuple[Rule, ...], scope: frozenset[str]) -> tuple[str, ...]:
    """What the drill's hands are aimed at: the lesson's own patterns, or for a rule the
    patterns of the scope that show it."""
    if kind is LessonKind.PATTERNS:
        return tuple(p.id for p in mine)
    if kind is LessonKind.READING:
        return ()
    rule = lesson_rules[0]
    known = [p for p in rules.patterns if p.id in scope]
    if rule is Rule.FAMILIES:
        return tuple(p.id for p in known if not p.stacks and any(
            q.id in scope and q is not p and not q.stacks and q.value < p.value
            for q in rules.family_members(p.family)))
    if rule is Rule.STACKING:
        return tuple(p.id for p in known if (not p.stacks and any(
            q.id in scope and q.stacks for q in rules.family_members(p.family)))
            or p.replaces)
    if rule is Rule.LIMITS:
        return tuple(p.id for p in known if p.is_limit)
    if rule is Rule.CAP:
        if rules.doubling:
            return tuple(p.id for p in known if not p.is_limit and (p.doubles or p.value >= 8))
        return tuple(p.id for p in known if not p.is_limit and p.value >= 30)
    return tuple(p.id for p in known if not p.is_limit)
