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
from typing import Final

from mj_trainer.engine.arrangements import Shape
from mj_trainer.engine.patterns.registry import DETECTOR_SHAPES
from mj_trainer.engine.ruleset import DEFAULT, Pattern, Ruleset

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
    detectors: tuple[str, ...] = ()  # the patterns it is mostly about

    def text(self, ruleset: Ruleset) -> str:
        return self.body(ruleset)


def ref(ruleset: Ruleset, detector: str, fallback: str = "") -> str:
    """'Wind Pung (8.1.1)' for a detector in this ruleset, escaped for markup."""
    p = ruleset.with_detector(detector)
    if p is None:
        return escape(fallback) if fallback else "(not in this ruleset)"
    return f"[b]{escape(p.name)}[/b] ({p.id})"


def _value(ruleset: Ruleset, detector: str) -> str:
    p = ruleset.with_detector(detector)
    return p.value_text() if p is not None else "?"


def _r1(r: Ruleset) -> str:
    return (
        "The same fourteen tiles can often be cut into sets in more than one way, and "
        "a hand of pairs may also be read as seven pairs.  The trainer tries every "
        "reading -- four sets and the eyes, seven pairs, thirteen orphans -- and every "
        "place the winning tile could have gone, scores each one, and keeps the "
        "reading with the [b]highest total[/b].\n\n"
        "When two readings score the same, the one with fewer patterns wins (it is the "
        "easier one to explain), and after that the one with more chows.  The quiz "
        "feedback shows the reading it used; the other readings are listed when asked."
    )


def _r2(r: Ruleset) -> str:
    return (
        "If the last tile could finish more than one set -- say it completes either a "
        "chow or a pung -- each choice is a different reading, and the best one counts "
        "(R1).  Where the winning tile sits matters most for concealed pungs: a pung "
        "finished by a discard is not concealed (R3)."
    )


def _r3(r: Ruleset) -> str:
    return (
        "A pung is [b]concealed[/b] only when the player drew all of its tiles from the "
        "wall.  A pung completed by another player's discard -- even the winning "
        f"discard -- is treated as exposed for {ref(r, 'concealed_pungs_2')} and its "
        "bigger relatives.\n\n"
        f"That is not the same as {ref(r, 'concealed_hand')}: a hand with nothing "
        "declared is still a concealed hand when it wins on a discard.  A concealed "
        "kong counts as a concealed pung.  A tile robbed from someone's kong counts as "
        "a discard."
    )


def _r4(r: Ruleset) -> str:
    return (
        "Anything that asks for a pung is also happy with a kong of the same tile.  "
        "Each kong makes the hand one tile longer (fourteen plus one per kong).\n\n"
        f"For {ref(r, 'kongs_1')} and the other kong counts it does not matter how the "
        "kong was made: exposed, concealed, or promoted from an exposed pung.  Only a "
        "concealed kong counts as a concealed pung."
    )


def _r5(r: Ruleset) -> str:
    return (
        f"{ref(r, 'seven_pairs')} is a hand of seven pairs.  Four identical tiles may "
        "serve as two of the pairs, as long as they were not declared as a kong.\n\n"
        "Patterns that talk about chows, pungs, kongs or sets [b]never[/b] apply to a "
        "seven-pairs hand: All Chows, the pung and kong counts, identical, similar and "
        "consecutive sets, the two-tailed terminal patterns, the lesser terminals and "
        "the honor patterns built from pungs.  Patterns about which tiles the hand uses "
        "still can: All Simples, All Types, the one-suit patterns, the color hands, the "
        "greater terminals and all-honor hands.  In this trainer a seven-pairs hand is "
        f"always concealed, so {ref(r, 'concealed_hand')} applies to it."
    )


def _r6(r: Ruleset) -> str:
    return (
        "Some inputs are not hands at all: the wrong number of tiles, a fifth copy of a "
        "tile, a winning tile that is not in the hand, or circumstances that cannot "
        "happen together (self-drawn and a final discard, say).  They are refused with "
        "a message naming the problem and are never scored."
    )


def _r7(r: Ruleset) -> str:
    return (
        "A hand with the right number of tiles that cannot be read as any winning "
        f"shape is a false call: it scores {ref(r, 'illegal_call')}, worth "
        f"[b]{escape(_value(r, 'illegal_call'))}[/b], and nothing else counts."
    )


def _r10(r: Ruleset) -> str:
    return (
        "The id tells you the family: a pattern [b]X.Y.Z[/b] belongs to family "
        "[b]X.Y[/b], and a pattern numbered just [b]X.Y[/b] is a family on its own.\n\n"
        "Patterns of one family do not add up.  When several are present, only the one "
        "worth the most counts and the others are shown as [i]outranked[/i].  For "
        f"example a hand with three concealed pungs also holds two: {ref(r, 'concealed_pungs_3')} "
        f"counts and {ref(r, 'concealed_pungs_2')} does not.\n\n"
        "Patterns of [b]different[/b] families add up freely.  A few per-set patterns "
        "are the exception inside a family (R11)."
    )


def _r11(r: Ruleset) -> str:
    stacking = [p for p in r.patterns if p.stacks]
    listed = ", ".join(f"[b]{escape(p.name)}[/b] ({p.id}, {escape(p.value_text())})"
                       for p in stacking) or "none in this ruleset"
    return (
        "A few patterns are counted once for every set (or tile) that shows them, and "
        "they [b]stack[/b]: they add to the best pattern of their family instead of "
        f"competing with it.  In this ruleset: {listed}.\n\n"
        "So three wind pungs that make Big Three Winds score the big pattern plus one "
        "Wind Pung for each wind set, and a hand with every flower and season scores "
        "All Bonus Tiles plus one Bonus Tile for each of the eight.  All Bonus Tiles "
        "replaces All Flowers and All Seasons: it includes them."
    )


def _r12(r: Ruleset) -> str:
    return (
        f"Add up the patterns that count.  If the sum is above [b]{r.cap}[/b] the hand "
        f"scores {r.cap}: the sum is [i]capped[/i].\n\n"
        f"A pattern worth [b]{r.limit}[/b] or more is a [b]limit hand[/b].  It does not "
        "add to anything: it replaces the whole sum, and when a hand holds several "
        "limit patterns only the most valuable one counts.  In short, the total is the "
        f"larger of the capped sum and the best limit pattern.\n\n"
        "The feedback always says which happened: \"capped\" or \"limit: ... replaces "
        "the sum\"."
    )


def _r13(r: Ruleset) -> str:
    bonus = r.with_detector("bonus_tile")
    flowers = (f": a bare win with two flowers scores the chicken point plus {bonus.value} "
               "for each flower") if bonus is not None else ""
    return (
        f"{ref(r, 'chicken_hand')} is the consolation point for a win with nothing "
        "else in it.  It counts only when no other pattern counts -- except bonus "
        f"tiles, which neither stop it nor replace it{flowers}."
    )


def _r14(r: Ruleset) -> str:
    return (
        f"The false-call penalty differs between rulesets.  Here {ref(r, 'illegal_call')} "
        f"is worth [b]{escape(_value(r, 'illegal_call'))}[/b].  The reference page of "
        "the pattern lists its value in every built-in ruleset."
    )


def _r15(r: Ruleset) -> str:
    return (
        f"{ref(r, 'all_types')} needs at least one tile of each of the five types: "
        "coins, bamboo, characters, winds and dragons.  A seven-pairs hand can have it; "
        "thirteen orphans never does (R16)."
    )


def _r16(r: Ruleset) -> str:
    return (
        f"{ref(r, 'thirteen_orphans')} stands on its own shape.  It never adds "
        f"{ref(r, 'concealed_hand')}, {ref(r, 'all_types')} or "
        f"{ref(r, 'mixed_greater_terminals')}, even though its tiles look like they "
        f"qualify.  It can still add {ref(r, 'self_drawn')} and the incidental bonuses."
    )


def _r17(r: Ruleset) -> str:
    return (
        f"{ref(r, 'nine_gates')} needs the thirteen tiles held [b]before[/b] the winning "
        "tile to be exactly 1 1 1 2 3 4 5 6 7 8 9 9 9 of one suit, all concealed -- a "
        "hand waiting on any of the nine tiles.  The same fourteen tiles reached another "
        f"way are only {ref(r, 'pure_one_suit')} (and whatever else they show)."
    )


def _r18(r: Ruleset) -> str:
    return (
        "Consecutive chows are judged from the first numbers of the chows in one suit.  "
        "Three chows starting n, n+1, n+2 (or n, n+2, n+4) climb; four chows that "
        "climb the same way make the bigger pattern.  The Nine-Tile Straight is exactly "
        "123, 456 and 789 of one suit.  They are one family (R10): only the best counts."
    )


def _r19(r: Ruleset) -> str:
    return (
        f"{ref(r, 'three_mothers')} is three pungs of consecutive numbers plus the chow "
        "of the same three numbers, all in one suit.  When everything is concealed the "
        f"same tiles also read as {ref(r, 'four_identical_chows')}, and the better "
        "reading counts (R1)."
    )


def _r20(r: Ruleset) -> str:
    return (
        f"{ref(r, 'little_mountain')} and {ref(r, 'big_mountain')} are one-suit hands "
        "where every set and the eyes hold a 1 or a 9.  The little one uses six of the "
        "suit's eight terminal tiles; the big one uses all eight."
    )


def _r21(r: Ruleset) -> str:
    return (
        f"{ref(r, 'two_tailed_terminals')} is the 111, 123, 789 and 999 of a single "
        "suit; the eyes can be anything."
    )


def _r22(r: Ruleset) -> str:
    return (
        "A hand of pungs (or seven pairs) made only of 1s, 9s and honors is "
        f"{ref(r, 'mixed_greater_terminals')}; with no honor at all it is "
        f"{ref(r, 'pure_greater_terminals')}, the higher pattern of the same family."
    )


def _r23(r: Ruleset) -> str:
    return (
        f"{ref(r, 'all_honors')} is any hand built from honor tiles only, seven pairs "
        f"included; {ref(r, 'all_honor_pairs')} is the seven pairs of all seven "
        "different honors.  The seat and round winds add nothing by themselves here; "
        "they matter only for the blessings."
    )


def _r24(r: Ruleset) -> str:
    return (
        f"{ref(r, 'seven_shifted_pairs')} is seven pairs of consecutive numbers in one "
        "suit, starting at 1 or 2.  The runs 2 to 8 in each suit have names of their "
        "own, worth more."
    )


def _r25(r: Ruleset) -> str:
    return (
        f"{ref(r, 'all_green')} uses only the bamboo 2, 3, 4, 6, 8 and the green "
        f"dragon.  {ref(r, 'all_red')} uses only the bamboo 1, 5, 7, 9 and the red "
        "dragon."
    )


def _r26(r: Ruleset) -> str:
    return (
        "Lucky circumstances of the win: Final Draw, Win on Kong, Win on Bonus Tile and "
        "Blessing of Heaven need a self-drawn win; Final Discard and Robbing a Kong need "
        "a win on someone else's tile.  Blessing of Heaven is for East, Blessing of "
        "Earth for the other seats.  Each is its own family, so they add to Self Drawn "
        "and Concealed Hand."
    )


RULINGS: Final[dict[str, Ruling]] = {r.id: r for r in (
    Ruling("R1", "The best reading counts", _r1),
    Ruling("R2", "Where the winning tile goes", _r2),
    Ruling("R3", "Concealed sets and the winning discard", _r3,
           ("concealed_pungs_2", "concealed_pungs_3", "concealed_pungs_4", "concealed_hand")),
    Ruling("R4", "Kongs count as pungs", _r4,
           ("kongs_1", "kongs_2", "kongs_3", "kongs_4")),
    Ruling("R5", "Seven pairs and set patterns", _r5, ("seven_pairs",)),
    Ruling("R6", "Not a hand at all", _r6),
    Ruling("R7", "Not a win: the false call", _r7, ("illegal_call",)),
    Ruling("R10", "Families: only the best counts", _r10),
    Ruling("R11", "Stacking patterns", _r11),
    Ruling("R12", "The cap and limit hands", _r12),
    Ruling("R13", "The chicken hand", _r13, ("chicken_hand",)),
    Ruling("R14", "The false-call penalty", _r14, ("illegal_call",)),
    Ruling("R15", "All Types", _r15, ("all_types",)),
    Ruling("R16", "Thirteen orphans stands alone", _r16, ("thirteen_orphans",)),
    Ruling("R17", "Nine Gates", _r17, ("nine_gates",)),
    Ruling("R18", "Consecutive chows", _r18,
           ("three_consecutive_chows", "nine_tile_straight", "three_consecutive_chows_twice",
            "four_consecutive_chows")),
    Ruling("R19", "Three Mothers", _r19, ("three_mothers",)),
    Ruling("R20", "The mountains", _r20, ("little_mountain", "big_mountain")),
    Ruling("R21", "Two-tailed terminals", _r21, ("two_tailed_terminals",)),
    Ruling("R22", "Greater terminals", _r22,
           ("mixed_greater_terminals", "pure_greater_terminals")),
    Ruling("R23", "Honor hands", _r23, ("all_honors", "all_honor_pairs")),
    Ruling("R24", "Shifted pairs", _r24,
           ("seven_shifted_pairs", "shifted_pairs_coins", "shifted_pairs_bamboo",
            "shifted_pairs_characters")),
    Ruling("R25", "All Green and All Red", _r25, ("all_green", "all_red")),
    Ruling("R26", "Incidental bonuses", _r26,
           ("final_draw", "final_discard", "win_on_kong", "win_on_bonus", "robbing_kong",
            "blessing_of_heaven", "blessing_of_earth")),
)}


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
    for ruling in RULINGS.values():
        if pattern.detector in ruling.detectors:
            out.append(ruling.id)
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
        chicken = ruleset.with_detector("chicken_hand")
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
