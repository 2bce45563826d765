"""The glossary: every word the course teaches, and every pattern, in one list.

The words live in `glossary.toml`, once: a lesson shows the entries it introduces,
and the app's glossary screen lists them all.  A pattern's entry is its description
in the ruleset file (engine/rulesets/*.toml), the same text the reference and the
lessons show.  Entries are worded for the ruleset's scheme (the classical doublings
have words of their own) and name the ruleset's own word for a family.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mj_trainer.engine.ruleset import Ruleset
from mj_trainer.quizzes.course.plan import build
from mj_trainer.quizzes.course.texts import applies, term_text, terms


@dataclass(frozen=True, slots=True)
class Entry:
    """One glossary entry: a term (`pattern` None) or a pattern (its id)."""

    id: str  # a term id ("terminal") or "pattern:8.2.1"
    word: str  # as shown: "terminal", "Dragon Pung (8.2.1)"
    text: str
    see: tuple[str, ...] = ()  # ids of related entries
    pattern: str | None = None  # the pattern id of a pattern entry
    lesson: str | None = None  # the id of the lesson that teaches it


def term_ids(rules: Ruleset) -> tuple[str, ...]:
    """The ids of the terms of this ruleset's glossary, in the file's order."""
    return tuple(t["id"] for t in terms() if applies(t, rules))


@lru_cache(maxsize=16)
def glossary(rules: Ruleset) -> tuple[Entry, ...]:
    """Every term (in the file's order), then every pattern (in id order), each with
    the lesson that teaches it."""
    taught_by: dict[str, str] = {}
    for one in build(rules):
        for term_id in one.terms:
            taught_by.setdefault(term_id, one.id)
        for pid in one.patterns:
            taught_by[f"pattern:{pid}"] = one.id
    out: list[Entry] = []
    for t in terms():
        if not applies(t, rules):
            continue
        word, text = term_text(rules, t["id"])
        see = tuple(s for s in t.get("see", ()) if any(
            x["id"] == s and applies(x, rules) for x in terms()))
        out.append(Entry(t["id"], word, text, see, lesson=taught_by.get(t["id"])))
    for p in rules.patterns:
        key = f"pattern:{p.id}"
        out.append(Entry(key, f"{p.name} ({p.id})", p.description, pattern=p.id,
                         lesson=taught_by.get(key)))
    return tuple(out)


def entry(rules: Ruleset, entry_id: str) -> Entry:
    """One entry by id (a term id, or "pattern:ID"); KeyError naming the id."""
    for e in glossary(rules):
        if e.id == entry_id:
            return e
    raise KeyError(f"no glossary entry {entry_id!r} for {rules.id}")
