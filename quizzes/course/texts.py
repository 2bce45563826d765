"""The words of the course, read once from its files: the lessons' words
(`lessons.toml`) and the glossary's terms (`glossary.toml`), with the ruleset's own
values put in ({cap}, {limit}, its word for a family)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final

from mj_trainer.engine import toml_cache
from mj_trainer.engine.ruleset import Ruleset

HERE: Final = Path(__file__).resolve().parent


@cache
def words() -> dict[str, Any]:
    """lessons.toml, read once."""
    return toml_cache.loads((HERE / "lessons.toml").read_text(encoding="utf-8"))


@cache
def terms() -> tuple[dict[str, Any], ...]:
    """The [[term]] tables of glossary.toml, in the file's order."""
    return tuple(toml_cache.loads((HERE / "glossary.toml").read_text(encoding="utf-8"))["term"])


def plural(word: str) -> str:
    """family -> families, group -> groups, series -> series."""
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def fill(text: str, rules: Ruleset, **extra: str) -> str:
    """A text of lessons.toml or glossary.toml with the ruleset's values put in."""
    family = rules.family_word
    families = plural(family)
    values = {"cap": str(rules.cap), "limit": str(rules.limit), "family": family,
              "families": families, "Family": family.capitalize(),
              "Families": families.capitalize(), **extra}
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


def applies(term: dict[str, Any], rules: Ruleset) -> bool:
    """Is a glossary term part of this ruleset's glossary (`only` a scheme)?"""
    only = term.get("only")
    return only is None or only == ("doubling" if rules.doubling else "additive")


def term_text(rules: Ruleset, term_id: str) -> tuple[str, str]:
    """(word, text) of one glossary term under `rules`; KeyError for an unknown id."""
    for t in terms():
        if t["id"] == term_id and applies(t, rules):
            raw = t.get("text_doubling") if rules.doubling else None
            return fill(t["word"], rules), fill(raw or t["text"], rules)
    raise KeyError(f"no glossary term {term_id!r} for {rules.id}")
