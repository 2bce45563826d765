"""Feedback on one answer, line by line, each line knowing the rule behind it.

Sections: the verdict and credit; the learner's answer marked right / missed /
wrongly claimed; how the hand scores (the reading used, drawn as tiles, every
pattern present with its family and points, counted or why not, and the total with
its cap or limit line); then every explanation and note from `quizzes.grading`.

The list is keyboard-driven: up/down move between lines, ``r`` (bound on the quiz
screen) opens the rule behind the highlighted line, enter goes on to the next hand
(`FeedbackView.Next`).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widgets.option_list import Option

from mj_trainer.engine.notation import format_tiles, shape_text
from mj_trainer.engine.scoring import Hit, Outcome, Score
from mj_trainer.engine.tiles import CODE_TO_TILE
from mj_trainer.engine.total_basis import TotalBasis, total_basis
from mj_trainer.quizzes.explanation import Explanation, ExplanationKind, cites
from mj_trainer.quizzes.grading import Grade, MarkStatus, PatternMark
from mj_trainer.quizzes.hints import Hint
from mj_trainer.quizzes.outcomes import ItemOutcome, claim_outcome
from mj_trainer.quizzes.questions import QuestionKind, YesNoAnswer
from mj_trainer.quizzes.rule_refs import rule_refs
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.quizzes.stacking import stacks_on
from mj_trainer.tui.rows import pack
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.tile_words import tiles_in_words
from mj_trainer.tui.widgets.hand_view import arrangement_block
from mj_trainer.tui.widgets.safe_list import SafeOptionList

_STATUS = {
    MarkStatus.RIGHT: ("✔ ", "$success", "right"),
    MarkStatus.MISSED: ("✘ ", "$error", "missed"),
    MarkStatus.WRONG: ("✘ ", "$error", "wrongly claimed"),
    MarkStatus.PARTIAL: ("◐ ", "$warning", "wrong count"),
}


@dataclass(frozen=True, slots=True)
class Line:
    """One line of feedback: what it shows and the rule it opens (None: no rule)."""

    content: Content
    target: str | None = None
    header: bool = False


def _rich(text: Text) -> Content:
    return Content.from_rich_text(text)


def _count(n: int) -> str:
    return f"×{n}"


def verdict_lines(grade: Grade, hints: list[Hint], style: TileStyle = TileStyle.TEXT
                  ) -> list[Line]:
    q = grade.question
    if grade.skipped:
        head = Content.assemble(("⏭  Skipped", "bold $warning"),
                                (" — no credit; here is the answer.", ""))
    elif grade.correct:
        head = Content.assemble(("✔  Right!", "bold $success"), ("  full credit, 1 point", ""))
    elif grade.credit > 0:
        head = Content.assemble(("◐  Partly right", "bold $warning"),
                                (f"  {grade.credit:.2f} of 1 point", ""))
    else:
        head = Content.assemble(("✘  Not right", "bold $error"), ("  no credit", ""))
    out = [Line(head, None)]
    if grade.credit_text and not grade.skipped and (q.kind is QuestionKind.PATTERNS or hints):
        out.append(Line(Content.assemble(("   " + grade.credit_text, "$foreground 55%"))))
    item = q.item
    if item.title or item.note:
        target = item.about[0] if item.about else None
        text = Content.assemble(("About this hand: ", "bold"), (item.title, "italic"),
                                (" — " if item.title and item.note else "", ""),
                                _rich(tiles_in_words(item.note, style)))
        out.append(Line(text, target))
    return out


# A wrong claim says what kind of wrong it was; one the limit replaced is no mistake
# of reading the hand, so it is marked apart ("replaced by the limit").
_CLAIMS = {
    ItemOutcome.OUTRANKED: ("✘ ", "$error", "claimed but outranked"),
    ItemOutcome.LIMIT: ("◐ ", "$warning", "replaced by the limit"),
}


def mark_line(m: PatternMark, result: Score | None = None) -> Line:
    icon, color, word = _STATUS[m.status]
    if m.status is MarkStatus.WRONG and result is not None:
        outcome = claim_outcome(result, m.pattern.id, m.expected, m.claimed)
        icon, color, word = _CLAIMS.get(outcome, (icon, color, word))
    p = m.pattern
    name = f"{p.id} {p.name}"
    if m.status is MarkStatus.RIGHT:
        tail = f" {_count(m.expected)}" if p.unit != "hand" else ""
        body = Content.assemble((icon, color), (name, "bold"), tail)
    elif m.status is MarkStatus.MISSED:
        tail = f" (counts {_count(m.expected)})" if p.unit != "hand" else ""
        body = Content.assemble((icon, color), (f"{word}: ", color), (name, "bold"), tail)
    elif m.status is MarkStatus.WRONG:
        body = Content.assemble((icon, color), (f"{word}: ", color), (name, "bold"))
    else:
        body = Content.assemble((icon, color), (name, "bold"),
                                f": you said {_count(m.claimed)}, it counts {_count(m.expected)}")
    return Line(body, p.id)


def skipped_lines(grade: Grade) -> list[Line]:
    """A skipped question: the answer itself, without marking anything wrong."""
    q = grade.question
    result = q.result
    if q.kind is QuestionKind.SPLIT:
        return []  # the reading is the first line under "Why": a header here stood empty
    out: list[Line] = [Line(Content.assemble(("The answer", "bold $accent")), header=True)]
    if q.kind is QuestionKind.PATTERNS:
        for m in grade.marks:
            p = m.pattern
            times = f" {_count(m.expected)}" if p.unit != "hand" else ""
            out.append(Line(Content.assemble(("• ", "$accent"), (f"{p.id} {p.name}", "bold"),
                                             times), p.id))
    if q.asks_breakdown and grade.points_expected is not None:
        refs = rule_refs(q.ruleset)
        out.append(Line(Content.assemble(("• ", "$accent"), ("Points ", "bold"),
                                         str(grade.points_expected)), refs.total))
        out.append(Line(Content.assemble(("• ", "$accent"), ("Doublings ", "bold"),
                                         str(grade.doubles_expected)), refs.total))
    if q.kind in (QuestionKind.PATTERNS, QuestionKind.TOTAL):
        out.append(Line(Content.assemble(("• ", "$accent"), ("Total ", "bold"),
                                         str(result.total)), _total_target(result)))
    else:
        expected = q.expected()
        assert isinstance(expected, YesNoAnswer)
        words = ("a win", "not a win") if q.kind is QuestionKind.IS_WIN else ("yes", "no")
        target = q.target if q.kind is QuestionKind.DOES_COUNT else "R7"
        out.append(Line(Content.assemble(("• ", "$accent"), "The answer is ",
                                         (words[0] if expected.yes else words[1], "bold")),
                        target))
    return out


def _compact(codes: tuple[str, ...]) -> str:
    """A learner's group of tile codes in the notation's compact form (``b999``)."""
    return format_tiles([CODE_TO_TILE[c] for c in codes])


def split_line(grade: Grade, style: TileStyle, width: int | None = None) -> Line:
    """A split answer: the sets as given, numbered, and the winning tile's set.

    Each set is drawn in the compact notation (b999, not b9 b9 b9) as one block with its
    number, and with a `width` the sets are packed into rows of it, a row breaking only
    between sets: at 80 columns '5) 9b 9b' broke between its tiles, and then '5)' from
    its tiles."""
    answer = grade.answer
    assert isinstance(answer, SplitAnswer)
    icon, color = ("✔ ", "$success") if grade.correct else ("✘ ", "$error")
    head = Content.assemble((icon, color), ("Your reading: ", "bold"))
    pieces = [_rich(tiles_in_words(f"{k}) {_compact(g)}", style))
              for k, g in enumerate(answer.sets, start=1)]
    parts: list[Content | str] = [head]
    for n, row in enumerate(pack([p.cell_length for p in pieces], width, gap=2,
                                 lead=head.cell_length)):
        if n:
            parts.append("\n" + " " * head.cell_length)
        for m, k in enumerate(row):
            if m:
                parts.append("  ")
            parts.append(pieces[k])
    if answer.winning is not None:
        parts.append(f"; the winning tile completed set {answer.winning + 1}")
    return Line(Content.assemble(*parts), "R1")


def answer_lines(grade: Grade, style: TileStyle = TileStyle.TEXT, width: int | None = None
                 ) -> list[Line]:
    if grade.skipped:
        return skipped_lines(grade)
    q = grade.question
    out: list[Line] = [Line(Content.assemble(("Your answer", "bold $accent")), header=True)]
    result = q.result
    if q.kind is QuestionKind.PATTERNS:
        if not grade.marks:
            out.append(Line(Content.assemble(("   nothing claimed, nothing counts",
                                              "$foreground 55%"))))
        out.extend(mark_line(m, result) for m in grade.marks)
    if q.asks_breakdown:
        out.extend(breakdown_lines(grade))
    if q.kind in (QuestionKind.PATTERNS, QuestionKind.TOTAL):
        target = _total_target(result)
        if grade.total_ok:
            out.append(Line(Content.assemble(("✔ ", "$success"), ("Total ", "bold"),
                                             str(result.total)), target))
        else:
            said = "no total" if grade.total_given is None else f"you said {grade.total_given}"
            out.append(Line(Content.assemble(("✘ ", "$error"), ("Total: ", "bold"),
                                             f"{said}, it is ", (str(result.total), "bold")),
                            target))
    elif isinstance(grade.answer, SplitAnswer):
        out.append(split_line(grade, style, width))
    elif isinstance(grade.answer, YesNoAnswer):
        expected = q.expected()
        assert isinstance(expected, YesNoAnswer)
        words = ("a win", "not a win") if q.kind is QuestionKind.IS_WIN else ("yes", "no")
        right = words[0] if expected.yes else words[1]
        said = words[0] if grade.answer.yes else words[1]
        icon, color = ("✔ ", "$success") if grade.correct else ("✘ ", "$error")
        text = Content.assemble((icon, color), f"You said {said}; the answer is ",
                                (right, "bold"))
        target = q.target if q.kind is QuestionKind.DOES_COUNT else "R7"
        out.append(Line(text, target))
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def breakdown_lines(grade: Grade) -> list[Line]:
    """Doubling scheme: the points before doubling and the number of doublings, as
    given and as they are (or why they are not marked: a limit hand, not a win)."""
    q = grade.question
    result = q.result
    refs = rule_refs(q.ruleset)
    out: list[Line] = []
    rows = (("Points", grade.points_given, grade.points_ok, grade.points_expected, "point"),
            ("Doublings", grade.doubles_given, grade.doubles_ok, grade.doubles_expected,
             "doubling"))
    for label, given, ok, expected, word in rows:
        if ok is None or expected is None:
            continue
        if ok:
            out.append(Line(Content.assemble(("✔ ", "$success"), (f"{label} ", "bold"),
                                             str(expected)), refs.total))
        else:
            said = "none given" if given is None else f"you said {given}"
            out.append(Line(Content.assemble(("✘ ", "$error"), (f"{label}: ", "bold"),
                                             f"{said}, it is ",
                                             (_plural(expected, word), "bold")), refs.total))
    if grade.points_ok is None and not grade.skipped:
        basis = total_basis(result)
        if basis is TotalBasis.NOT_A_WIN:
            why = "the hand is not a win"
        elif basis is TotalBasis.LIMIT:
            assert result.best.limit is not None
            why = f"{result.best.limit.name} is a limit hand: its value replaces the sum"
        else:
            why = ""
        if why:
            out.append(Line(Content.assemble(
                ("· ", "$foreground 55%"),
                (f"Points and doublings are not marked here: {why}.", "$foreground 55%")),
                _total_target(result)))
    return out


def _total_target(result: Score) -> str | None:
    refs = rule_refs(result.ruleset)
    basis = total_basis(result)
    if basis is TotalBasis.NOT_A_WIN:
        return "R7"
    if basis is TotalBasis.LIMIT:
        return refs.limit
    if basis.capped:
        return refs.cap
    if basis.doubled:
        return refs.total
    return None


def _points(h: Hit) -> str:
    p = h.pattern
    if p.kind == "doubles":
        return f"{h.doubles} dbl"
    if h.count > 1:
        return f"{h.count}×{p.value}={h.points}"
    return str(h.points)


def hit_line(h: Hit, width: int, outcome: Outcome | None = None) -> Line:
    """One row of the breakdown; a counted row that stacks on the best pattern of its
    family (R11) says "stacks", so two rows of one family do not look like a breach
    of the family rule."""
    p = h.pattern
    points = _points(h)
    head = f"{p.id:<7}"
    fam = f"fam {p.family}"
    name_room = max(12, min(34, width - len(head) - len(fam) - len(points) - 20))
    name = p.name if len(p.name) <= name_room else p.name[: name_room - 1] + "…"
    if h.counted:
        stacks = outcome is not None and stacks_on(outcome, p) is not None
        return Line(Content.assemble(
            ("  ✔ ", "$success"), (head, "bold"), (f"{name:<{name_room}} ", "bold"),
            (f"{fam:<9}", "$foreground 55%"), (f"{points:>11}", "bold"),
            ("  stacks" if stacks else "  counts", "$success"),
        ), p.id)
    row = Content.assemble(
        ("  · ", "$foreground 55%"), (head, "$foreground 55%"), (f"{name:<{name_room}} ", ""),
        (f"{fam:<9}", "$foreground 55%"), (f"{points:>11}", "$foreground 55% strike"))
    reason = h.reason()
    # Where the reason does not fit beside the row (80 columns), it goes under it,
    # indented, instead of breaking "not counted:" across the row's end.
    if row.cell_length + len(f"  {_NOT_COUNTED} ") + len(reason) <= width:
        return Line(Content.assemble(row, (f"  {_NOT_COUNTED} ", "$warning"),
                                     (reason, "$foreground 55%")), p.id)
    said = textwrap.wrap(f"{_NOT_COUNTED} {reason}", width=max(20, width - 8))
    first = said[0].removeprefix(_NOT_COUNTED)
    parts: list[Content | tuple[str, str] | str] = [
        row, "\n", (f"{'':6}{_NOT_COUNTED}", "$warning"), (first, "$foreground 55%")]
    for more in said[1:]:
        parts.extend(["\n", (f"{'':6}{more}", "$foreground 55%")])
    return Line(Content.assemble(*parts), p.id)


_NOT_COUNTED = "not counted:"


def score_lines(result: Score, *, width: int, style: TileStyle) -> list[Line]:
    from mj_trainer.engine.payoff import payoff
    from mj_trainer.engine.score_sheet import total_line
    from mj_trainer.tui.sheet_text import line_text

    best = result.best
    out = [Line(Content.assemble(("How it scores", "bold $accent")), header=True)]
    if best.arrangement is not None:
        label = shape_text(best.arrangement.shape)
        # R1 is the point only when the hand can be read more than one way.
        best_of = " (the best reading, R1):" if result.others else ":"
        out.append(Line(Content.assemble(("  Read as ", "$foreground 55%"), (label, "bold"),
                                         (best_of, "$foreground 55%")),
                        "R1" if result.others else None))
        tiles = arrangement_block(best.arrangement, result.hand.winning_tile, max(20, width - 4),
                                  style=style)
        indented = Text("  ") + Text("\n  ").join(tiles.split("\n"))
        out.append(Line(_rich(indented), "R1"))
    elif not result.winning:
        out.append(Line(Content.assemble(
            ("  No reading makes a winning hand (R7).", "")), "R7"))
    hits = sorted(best.hits, key=lambda h: (not h.counted, h.pattern.rank))
    out.extend(hit_line(h, width, best) for h in hits)
    doublings = sum(h.doubles for h in best.counted)
    if doublings and best.limit is None:
        points = sum(h.points for h in best.counted)
        times = "once" if doublings == 1 else f"{doublings} times"
        out.append(Line(Content.assemble(
            ("  ", ""), (f"{points} points, doubled {times}", "$foreground 55%"))))
    total = line_text(total_line(result))
    out.append(Line(Content.assemble("  ", _rich(total)), _total_target(result)))
    pay = payoff(result)
    if pay is not None:
        out.append(Line(Content.assemble(("  Payoff ", "bold"), pay.describe())))
    return out


_MISTAKES = frozenset(ExplanationKind) - {ExplanationKind.COUNTS}


def explanation_line(e: Explanation, *, mistake: bool, style: TileStyle = TileStyle.TEXT
                     ) -> Line:
    """One explanation, its tiles drawn in the learner's tile style."""
    icon, color = ("• ", "$error") if mistake and e.kind in _MISTAKES else ("• ", "$success")
    target = e.rule_id or e.pattern_id
    # The rule to open is shown as a tag, unless it is a ruling the sentence already
    # cites in parentheses ("... (R7)." needs no "[R7]" after it).  A pattern id keeps
    # its tag: it says which of the patterns named `r` opens.
    said = target is not None and target.startswith("R") and cites(e.text, target)
    rule = f"  [{target}]" if target and not said else ""
    return Line(Content.assemble((icon, color), _rich(tiles_in_words(e.text, style)),
                                 (rule, "$accent")), target)


def explanation_lines(grade: Grade, style: TileStyle = TileStyle.TEXT) -> list[Line]:
    if not grade.explanations and not grade.notes:
        return []
    title = "Why" if grade.explanations else "Notes"
    out = [Line(Content.assemble((title, "bold $accent")), header=True)]
    out.extend(explanation_line(e, mistake=True, style=style) for e in grade.explanations)
    out.extend(explanation_line(e, mistake=False, style=style) for e in grade.notes)
    return out


def feedback_lines(grade: Grade, *, hints: list[Hint], width: int, style: TileStyle
                   ) -> list[Line]:
    """Every line of the feedback for `grade`, in order."""
    out = verdict_lines(grade, hints, style)
    out.extend(answer_lines(grade, style, width))
    out.extend(explanation_lines(grade, style))
    out.extend(score_lines(grade.question.result, width=width, style=style))
    return out


class FeedbackView(SafeOptionList):
    """The feedback lines; the highlighted line's rule opens with the screen's `r` key."""

    DEFAULT_CSS = """
    FeedbackView { height: 1fr; }
    """

    # Enter goes on either way; after the round's last question the footer says where.
    BINDINGS = [Binding("enter", "select", "Next hand", id="feedback.next"),
                Binding("enter", "summary", "Round summary", id="feedback.summary")]

    class Next(Message):
        """Enter in the feedback: go on."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.last = False  # the feedback of the round's last question
        self.lines: list[Line] = []
        self._grade: Grade | None = None
        self._hints: list[Hint] = []
        self._style = TileStyle.TEXT
        self._width = 0

    def show(self, grade: Grade, *, hints: list[Hint], style: TileStyle) -> None:
        self._grade = grade
        self._hints = list(hints)
        self._style = style
        self._rebuild()
        first = next((i for i, ln in enumerate(self.lines) if ln.target and not ln.header), None)
        # Start on the first mistake explained, else the first line with a rule.
        why = next((i for i, ln in enumerate(self.lines)
                    if ln.header and ln.content.plain == "Why"), None)
        if why is not None and why + 1 < len(self.lines):
            first = why + 1
        self.highlighted = first if first is not None else 0
        self.scroll_home(animate=False)

    def _content_width(self) -> int:
        return max(40, (self.scrollable_content_region.width or self.size.width or 80) - 1)

    def _rebuild(self) -> None:
        if self._grade is None:
            return
        self._width = self._content_width()
        self.lines = feedback_lines(self._grade, hints=self._hints, width=self._width,
                                    style=self._style)
        keep = self.highlighted
        self.set_options(Option(ln.content, disabled=ln.header) for ln in self.lines)
        if keep is not None and keep < len(self.lines):
            self.highlighted = keep

    def on_resize(self, event: events.Resize) -> None:
        if self._grade is not None and self._content_width() != self._width:
            self._rebuild()

    @property
    def target(self) -> str | None:
        """The rule behind the highlighted line."""
        index = self.highlighted
        if index is None or index >= len(self.lines):
            return None
        return self.lines[index].target

    def action_select(self) -> None:
        self.post_message(self.Next())

    def action_summary(self) -> None:
        self.post_message(self.Next())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return not self.last
        if action == "summary":
            return self.last
        return super().check_action(action, parameters)

    async def _on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None and not self.options[clicked].disabled:
            self.highlighted = clicked
