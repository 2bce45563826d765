"""The reference's own explanations: rulings pages, families, related rulings.

Every text here is written for the trainer (not taken from the scoring guide).
Ruling pages are Textual markup; numbers that depend on the ruleset (the cap, the
limit, the Illegal Call penalty) are filled in from the ruleset being shown, and
patterns are named through their detectors so that a ruleset that numbers its
patterns differently still gets its own ids.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mj_trainer.engine.patterns.registry import CATALOGUE, DETECTOR_SHAPES, Trait, with_trait
from mj_trainer.engine.ruleset import DEFAULT, Pattern, Ruleset
from mj_trainer.engine.shape import Shape

RULING_ID: Final = re.compile(r"[Rr](\d{1,2})")
_TAG_START: Final = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")


def escape(text: str) -> str:
    """`text` made safe to put inside Textual markup: a bracket that could open a tag
    is preceded by a backslash (this module stays free of Textual)."""
    out = _TAG_START.sub(lambda m: m.group(1) * 2 + "\\" + m.group(2), text)
    if out.endswith("\\") and not out.endswith("\\\\"):
        out += "\\"
    return out


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling page: its id, a short title and a body built for a ruleset."""

    id: str
    title: str
    body: Callable[[Ruleset], str]
    detectors: tuple[str, ...] = ()  # the patterns that cite it (the rule catalogue)

    def text(self, ruleset: Ruleset) -> str:
        return self.body(ruleset)


def cited_by(ruling: str) -> tuple[str, ...]:
    """The detectors whose catalogue entry cites `ruling`."""
    return tuple(name for name, entry in CATALOGUE.items() if ruling in entry.rulings)


def ref(ruleset: Ruleset, detector: str, fallback: str = "") -> str:
    """'Wind Pung (8.1.1)' for a detector in this ruleset, escaped for markup."""
    p = ruleset.with_detector(detector)
    if p is None:
        return escape(fallback) if fallback else "(not in this ruleset)"
    return f"[b]{escape(p.name)}[/b] ({p.id})"


def _value(ruleset: Ruleset, detector: str) -> str:
    p = ruleset.with_detector(detector)
    return p.value_text() if p is not None else "?"


_PLACEHOLDER: Final = re.compile(r"\{(pattern|value):([a-z0-9_]+)\}|\{([a-z_]+)\}")
_BOLD: Final = re.compile(r"\*\*(.+?)\*\*")
_ITALIC: Final = re.compile(r"\*(.+?)\*")
_HEADING: Final = re.compile(r"^## (R\d+) (.+)$", re.MULTILINE)


def _stacking(r: Ruleset) -> str:
    listed = ", ".join(f"[b]{escape(p.name)}[/b] ({p.id}, {escape(p.value_text())})"
                       for p in r.patterns if p.stacks)
    return listed or "none in this ruleset"


def _chicken_flowers(r: Ruleset) -> str:
    """What flowers add to a chicken hand, where the chicken hand lets them."""
    per_tile = with_trait(Trait.ANY_BONUS_TILE)
    bonus = next((p for p in r.patterns if p.detector in per_tile), None)
    if bonus is None or bonus.category not in r.chicken_ignores:
        return ""
    return (f": a bare win with two flowers scores the chicken point plus {bonus.value} "
            "for each flower")


_FILLS: Final[dict[str, Callable[[Ruleset], str]]] = {
    "cap": lambda r: str(r.cap),
    "limit": lambda r: str(r.limit),
    "stacking": _stacking,
    "chicken_flowers": _chicken_flowers,
}


def _render(source: str) -> Callable[[Ruleset], str]:
    """A ruling page's body as Textual markup, filled in for a ruleset."""
    marked = _ITALIC.sub(r"[i]\1[/i]", _BOLD.sub(r"[b]\1[/b]", escape(source)))

    def body(r: Ruleset) -> str:
        def fill(m: re.Match[str]) -> str:
            kind, detector, word = m.groups()
            if kind == "pattern":
                return ref(r, detector)
            if kind == "value":
                return escape(_value(r, detector))
            return _FILLS[word](r)

        return _PLACEHOLDER.sub(fill, marked)

    return body


def _load(text: str) -> dict[str, Ruling]:
    """The pages of `rulings.md`: each ``## R12 Title`` heading and the text under it."""
    heads = list(_HEADING.finditer(text))
    out: dict[str, Ruling] = {}
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        source = "\n\n".join(par.strip().replace("\n", " ") for par in
                              text[m.end():end].strip().split("\n\n"))
        key = m.group(1)
        out[key] = Ruling(key, m.group(2).strip(), _render(source), cited_by(key))
    return out


RULINGS_FILE: Final = Path(__file__).with_name("rulings.md")
RULINGS: Final[dict[str, Ruling]] = _load(RULINGS_FILE.read_text(encoding="utf-8"))


def ruling_key(text: str) -> str | None:
    """'R12' for 'r12' or 'R12' when there is a page for it, else None."""
    m = RULING_ID.fullmatch(text.strip())
    if m is None:
        return None
    key = f"R{int(m.group(1))}"
    return key if key in RULINGS else None


def related_rulings(pattern: Pattern, ruleset: Ruleset) -> list[str]:
    """The rulings worth reading next to a pattern, most general first."""
    out: list[str] = []
    members = ruleset.family_members(pattern.family)
    if len(members) > 1:
        out.append("R10")
    if any(p.stacks for p in members):
        out.append("R11")
    if pattern.is_limit or pattern.value >= ruleset.cap:
        out.append("R12")
    shapes = DETECTOR_SHAPES.get(pattern.detector)
    if shapes is not None and Shape.SEVEN_PAIRS not in shapes:
        out.append("R5")
    if Shape.THIRTEEN_ORPHANS in pattern.not_for:
        out.append("R16")
    if Shape.SEVEN_PAIRS in pattern.not_for:
        out.append("R5")
    entry = CATALOGUE.get(pattern.detector)
    out.extend(r for r in (entry.rulings if entry else ()) if r in RULINGS)
    seen: list[str] = []
    for r in out:
        if r not in seen:
            seen.append(r)
    return seen


def family_text(ruleset: Ruleset, family: str) -> str:
    """How the patterns of one family combine, in markup."""
    members = ruleset.family_members(family)
    plain = [p for p in members if not p.stacks]
    stacking = [p for p in members if p.stacks]
    parts: list[str] = []
    if len(plain) > 1:
        parts.append(
            f"Only one of its {len(plain)} ranked patterns counts in a hand: the one "
            "worth the most.  The others are present but [i]outranked[/i] (R10).")
    elif plain:
        parts.append("It has a single ranked pattern, which adds to patterns of other "
                     "families.")
    if stacking:
        names = ", ".join(f"[b]{escape(p.name)}[/b] ({escape(p.value_text())})"
                          for p in stacking)
        one = len(stacking) == 1
        parts.append(f"{names} {'counts' if one else 'count'} for every set or tile and "
                     f"{'stacks' if one else 'stack'} on top of the ranked pattern (R11).")
    for p in members:
        for other in p.replaces:
            try:
                gone = ruleset.pattern(other)
            except KeyError:
                continue
            parts.append(f"[b]{escape(p.name)}[/b] includes [b]{escape(gone.name)}[/b], "
                         "which then does not count.")
    limits = [p for p in members if p.is_limit]
    if limits:
        names = ", ".join(escape(p.name) for p in limits)
        parts.append(f"Limit hands here: {names} -- they replace the sum (R12).")
    return "  ".join(parts)


def family_title(ruleset: Ruleset, family: str) -> str:
    """A family's name from its members: 'Two Concealed Pungs to Four Concealed Pungs'."""
    members = ruleset.family_members(family)
    if not members:
        return family
    if len(members) == 1:
        return members[0].name
    return f"{members[0].name} to {members[-1].name}"


def overview_text(ruleset: Ruleset) -> str:
    """The first page: how a hand is scored under this ruleset, in a few lines of markup."""
    from mj_trainer.quizzes.rule_refs import rule_refs

    refs = rule_refs(ruleset)
    word = refs.family_word
    count = len(ruleset.patterns)
    limits = sum(1 for p in ruleset.patterns if p.is_limit)
    note = ""
    if ruleset.id != DEFAULT:
        note = ("\n\n[i]The rulings pages R1-R29 are written for the default ruleset "
                f"{DEFAULT}; {escape(ruleset.name)} may differ in details "
                f"({refs.total} settles them).[/i]")
    if ruleset.doubling:
        def cats(kind: str) -> str:
            found = sorted({p.category for p in ruleset.patterns
                            if p.kind == kind and not p.is_limit and p.value > 0},
                           key=lambda c: (len(c), c))
            return ", ".join(found) or "-"

        steps = (
            "1. Find the best way to read the tiles (R1).\n"
            f"2. Add the points: every set and pair, the winner's 20 for going out and "
            f"the winner's extras (categories {cats('points')}).\n"
            f"3. Count the doublings (categories {cats('doubles')}); in each {word} only "
            f"the biggest counts ({refs.family}).\n"
            f"4. Total = points x 2^doublings, held to the cap of {ruleset.cap} "
            f"({refs.cap}).\n"
            f"5. A limit hand ({limits} of them) replaces the computation with its own "
            f"value ({refs.limit}).\n\n")
    else:
        chicken = ruleset.chicken
        stack_refs = "R10, R11" if refs.family == "R10" else refs.family
        steps = (
            "1. Find the best way to read the tiles (R1).\n"
            "2. List every pattern the reading shows.\n"
            f"3. In each {word} keep only the best pattern, plus the stacking ones "
            f"({stack_refs}).\n"
            f"4. Add them up; the sum stops at the cap of {ruleset.cap}, and a limit hand "
            f"replaces it ({refs.limit}).\n")
        if chicken is not None:
            steps += (f"5. With nothing else to score, a win is a {escape(chicken.name)}, "
                      f"worth {chicken.value} ({refs.chicken}).\n")
        steps += "\n"
    return (
        f"[b]{escape(ruleset.name)}[/b]\n{escape(ruleset.description)}\n\n"
        f"{count} patterns in {len(ruleset.categories)} categories, {limits} of them limit "
        "hands.\n\n"
        "[b]How a hand is scored[/b]\n" + steps +
        "Move with the arrow keys, type [b]/[/b] to search by id, name or Chinese name, "
        "and press [b]p[/b] on a pattern to practise it." + note
    )
