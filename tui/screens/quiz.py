"""The quiz: a hand, a question, the learner's answer, and feedback in place.

Every hand of the round is drawn and scored up front, so going on to the next hand
only redraws: in a worker thread behind "Dealing the hands…" for the generator, at once
for hands that exist already (review, a set, the calculator's hand), so the screen's
first frame shows the first hand.  The app may build the screen before the round is
asked for (tui/spare_screens.py) and hand it the round with `start`.  Question kinds
and their inputs:

* patterns and total: the pattern picker, then the total (enter checks); under the
  doubling scheme (`classical`) also the points before doubling and the number of
  doublings, in inputs beside the total (tab moves between them);
* total only: the total;
* does X count? / is it a win?: y or n (or the buttons);
* read it into sets (`split`): the tiles of each set picked in turn (`SplitPicker`),
  and, when asked, the set the winning tile completed.

In a lesson's drill the patterns a later lesson teaches are given: they stand ticked
and dimmed in the picker with their points, and the total includes them.

After an answer the feedback replaces the input; ``r`` opens the rule behind the
highlighted line in the reference (`OpenReference`), enter goes on.  At the end the
screen is dismissed with the round's summary.
"""

from __future__ import annotations

from typing import Any, Literal

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import var
from textual.widgets import (
    Button,
    ContentSwitcher,
    Input,
    Label,
    LoadingIndicator,
    OptionList,
    Static,
)

from mj_trainer.quizzes.grading import Grade
from mj_trainer.quizzes.hints import HINTABLE
from mj_trainer.quizzes.mastery import Climb, Move
from mj_trainer.quizzes.questions import (
    Answer,
    PatternsAnswer,
    Question,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
)
from mj_trainer.quizzes.recorder import Unsaved
from mj_trainer.quizzes.round import Round, RoundSummary
from mj_trainer.quizzes.rule_refs import rule_refs
from mj_trainer.quizzes.session import RoundPlan, as_int
from mj_trainer.quizzes.sources import SourceUnavailable
from mj_trainer.quizzes.split import SplitLineError, check_tiles
from mj_trainer.tui.messages import OpenReference, SettingsChanged
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.share_key import SHARE_BINDING, origin_of, share_hand
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.feedback import FeedbackView
from mj_trainer.tui.widgets.hand_view import HandView
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.pattern_picker import PatternPicker
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.split_picker import SplitPicker

Mode = Literal["loading", "question", "feedback", "error"]

TALL_WIDTH = 100  # from this size on, tiles are drawn three rows high
TALL_HEIGHT = 38
SIDE_BY_SIDE_WIDTH = 180  # from this width on, the feedback stands beside the hand


class TotalInput(Input):
    """The total (and, under the doubling scheme, the points and the doublings): enter
    checks the answer (shown in the footer)."""

    BINDINGS = [Binding("enter", "submit", "Check", id="total.check")]


class YesNoPane(Vertical, can_focus=True):
    """The yes/no question: it holds the focus itself, so no button is pressed by
    enter. A second enter after the feedback used to press the focused Yes of the
    next question; y and n answer, and the buttons still take a click or tab."""


# The answer inputs in keyboard order: (id, what to ask for when it is left empty).
_BREAKDOWN_INPUTS = (
    ("points", "← type the points before doubling, then enter"),
    ("doubles", "← type the number of doublings, then enter"),
)


def climbs_before(rnd: Round) -> list[Climb]:
    """Where the round's patterns stand before it, per ruleset asked about, so the
    summary can say which moved up (nothing without a progress store)."""
    from mj_trainer.quizzes.store import ProgressStore

    store = rnd.recorder if isinstance(rnd.recorder, ProgressStore) else None
    if store is None:
        return []
    rulesets = {q.ruleset.id: q.ruleset for q in rnd.questions}
    try:
        return [Climb.before(store, rules) for rules in rulesets.values()]
    except Exception:  # a summary without its moves, never a round that fails to start
        return []


def end_round_words(rnd: Round) -> str:
    """What ending a round early keeps, counting answers and skips apart (a skip is
    recorded, but it is not an answer the learner gave)."""
    skipped = sum(1 for g in rnd.grades if g.skipped)
    answered = len(rnd.grades) - skipped
    parts = []
    if answered:
        parts.append("the answer you gave" if answered == 1
                     else f"the {answered} answers you gave")
    if skipped:
        parts.append("the question you skipped" if skipped == 1
                     else f"the {skipped} questions you skipped")
    if not parts:
        return "No question has been answered yet."
    verb = "is" if answered + skipped == 1 else "are"
    said = " and ".join(parts)
    return f"{said[0].upper()}{said[1:]} {verb} saved; the summary shows how it went."


class QuizScreen(SafeScreen[RoundSummary | None]):
    """One round of questions; dismissed with the round summary (None: nothing asked)."""

    CSS_PATH = "../styles/quiz.tcss"
    HELP_NAME = "quiz"
    BINDINGS = [
        Binding("enter", "check", "Check", id="quiz.check"),
        Binding("y", "yes", "Yes", id="quiz.yes"),
        Binding("n", "no", "No", id="quiz.no"),
        Binding("f2", "hint", "Hint", id="quiz.hint"),
        Binding("f3", "skip", "Skip", id="quiz.skip"),
        Binding("enter", "next", "Next hand", id="quiz.next"),
        Binding("space", "next", "Next hand", id="quiz.next2", show=False),
        Binding("r", "open_rule", "Open rule", id="quiz.rule"),
        Binding("escape", "leave", "End round", id="quiz.leave"),
        SHARE_BINDING,
    ]

    # What the screen is doing. The keys that apply follow it (bindings=True): a change
    # of mode must redraw the footer even when the focus stays where it was (a list
    # focused while the round was dealt kept the dealing keys for the first question).
    mode: var[Mode] = var[Mode]("loading", bindings=True)

    def __init__(self, plan: RoundPlan[Any] | None = None, *,
                 tile_style: TileStyle = TileStyle.TEXT, cursor_blink: bool = True,
                 settle_memory: bool = False, deal_now: bool = False) -> None:
        super().__init__()
        # None: a screen built ahead (while home is read), given its round by `start`.
        self._plan = plan
        self.deal_now = deal_now  # see `start`
        self.tile_style = tile_style
        self.cursor_blink = cursor_blink  # False in snapshots, so every frame is the same
        self.settle_memory = settle_memory  # see tui.memory.settle_after_start
        self.round: Round | None = None
        self.last_grade: Grade | None = None
        self.error = ""
        self.last_shared = ""
        self.offered_total: str | None = None  # the total offered from points and doublings
        self._climbs: list[Climb] = []  # the patterns' rungs before the round
        self.moves: list[Move] = []  # how they moved, once the round is over

    @property
    def plan(self) -> RoundPlan[Any]:
        """The round's plan (a screen built ahead has none until `start`)."""
        if self._plan is None:
            raise LookupError("this quiz screen has no round yet")
        return self._plan

    # ---- layout

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Vertical(id="quiz-body"):
            with Vertical(id="question-side"):
                yield HandView(id="hand")
                yield Static(id="prompt")
                yield Static(id="quiz-note")
            with ContentSwitcher(initial="pane-loading", id="answer"):
                with Vertical(id="pane-loading"):
                    yield LoadingIndicator()
                    yield Static("Dealing the hands…", id="loading-text")
                with Horizontal(id="pane-patterns"):
                    yield PatternPicker(id="picker")
                    yield Static(id="pattern-info")
                yield Static(id="pane-total")
                with YesNoPane(id="pane-yesno"):
                    with Horizontal(id="yesno-buttons"):
                        yield Button("Yes (y)", id="answer-yes", variant="success")
                        yield Button("No (n)", id="answer-no", variant="error")
                    yield Static(id="yesno-help")
                yield SplitPicker(id="pane-split")
                yield FeedbackView(id="pane-feedback")
                yield Static(id="pane-error")
            with Horizontal(id="total-row"):
                yield Label("Points", id="points-label", classes="breakdown")
                yield TotalInput(placeholder="e.g. 28", id="points", restrict=r"[0-9]*",
                                 max_length=5, compact=True, select_on_focus=False,
                                 classes="breakdown")
                yield Label("Doublings", id="doubles-label", classes="breakdown")
                yield TotalInput(placeholder="e.g. 1", id="doubles", restrict=r"[0-9]*",
                                 max_length=2, compact=True, select_on_focus=False,
                                 classes="breakdown")
                yield Label("Total", id="total-label")
                yield TotalInput(placeholder="the hand's total, e.g. 45", id="total",
                                 restrict=r"[-−]?[0-9]*", max_length=6, compact=True,
                                 select_on_focus=False)
                yield Static(id="total-note")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.cursor_blink
        self.query_one("#total-row").display = False
        self._size_tiles()
        if self._plan is not None:
            self._begin(self._plan)

    def start(self, plan: RoundPlan[Any], *, deal_now: bool = False) -> None:
        """Give a screen built ahead its round, right before it is pushed.

        With `deal_now` the round is dealt at once, on the app's thread, so the first
        frame of the screen shows the first hand: for rounds of hands that exist
        already (review, a set, the calculator's hand), which deal in a few
        milliseconds.  Otherwise (the generator, which can take seconds) the hands are
        dealt in a worker behind "Dealing the hands…".
        """
        if self._plan is not None:
            raise RuntimeError("this quiz screen has had its round")
        self._plan = plan
        self.deal_now = deal_now
        if self.is_mounted:
            self._begin(plan)
        # else on_mount begins it

    def _begin(self, plan: RoundPlan[Any]) -> None:
        self.title = plan.title
        self.sub_title = "dealing…"
        if not self.deal_now:
            self._build_round()
            return
        rnd, failure = self._deal(plan)
        if failure is not None:
            self._failed(*failure)
        elif rnd is not None:
            self._ready(rnd)

    def on_resize(self) -> None:
        self._size_tiles()
        self._arrange()

    def _arrange(self) -> None:
        """On a very wide screen the feedback stands beside the hand, so the learner
        reads it with the tiles in view; elsewhere it takes the answer's place below."""
        self.set_class(self.mode == "feedback" and self.size.width >= SIDE_BY_SIDE_WIDTH,
                       "-side-by-side")

    def _size_tiles(self) -> None:
        hand = self.query_one(HandView)
        hand.tall = self.size.width >= TALL_WIDTH and self.size.height >= TALL_HEIGHT
        hand.tile_style = self.tile_style

    def on_settings_changed(self, message: SettingsChanged) -> None:
        if message.settings.tile_style != self.tile_style:
            self.apply_tile_style(message.settings.tile_style)

    def apply_tile_style(self, style: TileStyle) -> None:
        """Redraw with another tile style (the settings changed)."""
        self.tile_style = style
        self._size_tiles()
        if self.mode == "feedback" and self.last_grade is not None and self.round is not None:
            self.query_one(FeedbackView).show(self.last_grade,
                                              hints=self.round.hints_for(
                                                  self.last_grade.question),
                                              style=style)

    # ---- building the round

    @work(thread=True, exclusive=True, group="build-round")
    def _build_round(self) -> None:
        rnd, failure = self._deal(self.plan)
        if failure is not None:
            self.deliver(self._failed, *failure)
        elif rnd is not None:
            self.deliver(self._ready, rnd)

    def _deal(self, plan: RoundPlan[Any]) -> tuple[Round | None, tuple[str, ...] | None]:
        """The round built, or why it could not be (a message and advice)."""
        try:
            rnd = plan.build()
        except SourceUnavailable as err:
            # The generator refused the request (a target it cannot aim at, a limit hand
            # it gave up on): say so and what to do instead.
            message = str(err) or type(err).__name__
            return None, (message,
                          "The curated sets (home, then Play a curated set) have a hand for "
                          "every pattern of each ruleset.")
        except Exception as err:  # shown on the screen, never as a traceback
            return None, (str(err) or type(err).__name__,)
        self._climbs = climbs_before(rnd)
        return rnd, None

    def _failed(self, message: str, advice: str = "") -> None:
        self.mode = "error"
        self.error = message
        self.sub_title = "could not start"
        self.query_one("#pane-error", Static).update(Content.assemble(
            ("This round could not be started.\n\n", "bold $error"), message,
            (f"\n\n{advice}" if advice else "", ""),
            ("\n\nPress escape to go back.", "$foreground 55%")))
        self.query_one("#answer", ContentSwitcher).current = "pane-error"

    def _ready(self, rnd: Round) -> None:
        self.round = rnd
        if not rnd.questions:
            self._failed("There are no hands to ask about in this round.")
            return
        self.show_question()
        if self.settle_memory:
            # Once the first hand is drawn, while it is read: the screen and the round
            # join what the collector leaves alone (see settle_after_start).  Run while
            # the round was dealt, this full pass (about 50 ms) held back the first hand.
            from mj_trainer.tui.memory import settle_after_start

            self.call_after_refresh(settle_after_start)

    # ---- questions

    @property
    def question(self) -> Question | None:
        return self.round.current if self.round is not None else None

    def show_question(self) -> None:
        """Draw the current question and focus its input."""
        rnd = self.round
        assert rnd is not None
        q = rnd.ask()
        if q is None:
            self._finish()
            return
        self.mode = "question"
        self._arrange()
        self._note(None)
        self.last_grade = None
        self.query_one(HandView).show(q.hand, q.ruleset.id)
        self._update_prompt(q)
        self._update_progress()
        switcher = self.query_one("#answer", ContentSwitcher)
        total_row = self.query_one("#total-row")
        total = self.query_one("#total", Input)
        total.value = ""
        self.offered_total = None
        for name, _ in _BREAKDOWN_INPUTS:
            self.query_one(f"#{name}", Input).value = ""
        self.query_one("#total-note", Static).update("")
        self.set_class(q.kind is not QuestionKind.PATTERNS, "-short-answer")
        self.set_class(q.asks_breakdown, "-breakdown")
        total.placeholder = ("points × 2^doublings" if q.asks_breakdown
                             else "the hand's total, e.g. 45")
        if q.kind is QuestionKind.PATTERNS:
            picker = self.query_one(PatternPicker)
            picker.next_field = "points" if q.asks_breakdown else "total"
            # A drill lists what it has taught and what it gives, nothing untaught.
            picker.load(q.ruleset, q.scope, {h.pattern.id: (h.count, h.points) for h in q.given})
            switcher.current = "pane-patterns"
            total_row.display = True
            picker.option_list.focus()
        elif q.kind is QuestionKind.SPLIT:
            split = self.query_one(SplitPicker)
            split.load(q.hand, ask_winning=q.ask_winning, style=self.tile_style)
            switcher.current = "pane-split"
            total_row.display = False
            split.focus()
        elif q.kind is QuestionKind.TOTAL:
            if q.ruleset.doubling:
                how = ("add the points of every set, pair and bonus, then double them once "
                       f"for each doubling; mind the cap of {q.ruleset.cap} and limit hands. "
                       "Type it and press enter.")
            else:
                how = ("add the points of every pattern that counts (per set and per tile "
                       "patterns once for each), mind the families, the cap and limit hands. "
                       "Type it and press enter.")
            self.query_one("#pane-total", Static).update(Content.assemble(
                ("Work out the total: ", "bold"), how,
                ("\nF2 reveals a pattern (costs credit).", "$foreground 55%")))
            switcher.current = "pane-total"
            total_row.display = True
            total.focus()
        else:
            help_line = self.query_one("#yesno-help", Static)
            yes, no = self.query_one("#answer-yes", Button), self.query_one("#answer-no", Button)
            if q.kind is QuestionKind.IS_WIN:
                yes.label, no.label = "A win (y)", "Not a win (n)"
                help_line.update(Content(
                    "A win is four sets and a pair, seven pairs or thirteen orphans. Declaring "
                    "a hand that is none of these is an Illegal Call (R7)."))
            else:
                yes.label, no.label = "Yes (y)", "No (n)"
                target = q.target_pattern
                about = f"{target.name} ({target.id}): {target.description}" if target else ""
                help_line.update(Content.assemble(("Pattern asked about: ", "bold"), about))
            switcher.current = "pane-yesno"
            total_row.display = False
            self.query_one(YesNoPane).focus()

    def _update_prompt(self, q: Question) -> None:
        rnd = self.round
        assert rnd is not None
        parts: list[str | tuple[str, str] | Content] = [
            (f"Q{q.number}/{len(rnd.questions)} ", "bold $accent"), (q.prompt, "bold")]
        for h in rnd.hints_for(q):
            label = "\nHint: " if h.nudge is None else "\nNudge (f2 again names the pattern): "
            parts.append((label, "bold $warning"))
            parts.append(h.text)
        self.query_one("#prompt", Static).update(Content.assemble(*parts))

    def _update_progress(self) -> None:
        rnd = self.round
        if rnd is None:
            return
        done = rnd.position
        total = len(rnd.questions)
        score = sum(g.credit for g in rnd.grades)
        shown = min(done + (0 if self.mode == "feedback" else 1), total)
        self.sub_title = f"question {shown} of {total} · score {score:.2f}"

    # ---- answering

    def _answer_from_inputs(self, q: Question) -> Answer | None:
        """The answer typed so far, or None (with a prompt to finish it) when incomplete."""
        total_text = self.query_one("#total", Input).value
        total = as_int(total_text)
        if q.kind is QuestionKind.PATTERNS:
            parts: dict[str, int] = {}
            if q.asks_breakdown:
                for name, ask in _BREAKDOWN_INPUTS:
                    field = self.query_one(f"#{name}", Input)
                    value = as_int(field.value)
                    if value is None or value < 0:
                        field.focus()
                        self.query_one("#total-note", Static).update(
                            Content.assemble((ask, "$warning")))
                        return None
                    parts[name] = value
                offered = self.offered_total
                total_field = self.query_one("#total", Input)
                if offered is not None and total_text == offered and not total_field.has_focus:
                    total_field.focus()  # an offered total is confirmed in its own field
                    self.query_one("#total-note", Static).update(Content.assemble((
                        f"← {offered} from your points and doublings: enter confirms it, "
                        "or correct it", "$warning")))
                    return None
            if total is None:
                self.query_one("#total", Input).focus()
                self.query_one("#total-note", Static).update(
                    Content.assemble(("← type the total, then enter", "$warning")))
                return None
            return PatternsAnswer.of(self.query_one(PatternPicker).claims(), total,
                                     points=parts.get("points"), doubles=parts.get("doubles"))
        if q.kind is QuestionKind.TOTAL:
            if total is None:
                self.query_one("#total", Input).focus()
                self.query_one("#total-note", Static).update(
                    Content.assemble(("← type a number, then enter", "$warning")))
                return None
            return TotalAnswer(total)
        return None

    def submit(self, answer: Answer | None) -> Grade | None:
        """Grade `answer` (None skips), show the feedback; returns the grade."""
        rnd = self.round
        if rnd is None or self.mode != "question" or rnd.current is None or rnd.ended:
            return None  # e.g. an enter queued behind the key that ended the round
        grade = rnd.answer(answer)
        # What was said before the answer is old news, and a toast would cover the feedback.
        self.app.clear_notifications()
        self._note(None)
        self._tell_if_unsaved(rnd.save_problem)
        self.last_grade = grade
        self.mode = "feedback"
        self._arrange()
        feedback = self.query_one(FeedbackView)
        feedback.show(grade, hints=rnd.hints_for(grade.question), style=self.tile_style)
        self.query_one("#answer", ContentSwitcher).current = "pane-feedback"
        self.remove_class("-short-answer")
        self.query_one("#total-row").display = False
        self._update_progress()
        self._update_feedback_prompt(grade)
        feedback.focus()  # also refreshes the footer's keys
        return grade

    def _update_feedback_prompt(self, grade: Grade) -> None:
        rnd = self.round
        assert rnd is not None
        q = grade.question
        last = rnd.finished
        self.query_one(FeedbackView).last = last  # its footer key says where enter goes
        go_on = "enter: round summary" if last else "enter: next hand"
        self.query_one("#prompt", Static).update(Content.assemble(
            (f"Q{q.number}/{len(rnd.questions)} ", "bold $accent"), (q.prompt, ""),
            (f"\n↑↓ pick a line · r opens its rule · {go_on}", "$foreground 55%")))

    def action_check(self) -> None:
        q = self.question
        if self.mode != "question" or q is None:
            return
        if q.kind in (QuestionKind.DOES_COUNT, QuestionKind.IS_WIN):
            return
        answer = self._answer_from_inputs(q)
        if answer is not None:
            self.submit(answer)

    @on(OptionList.OptionHighlighted, "#picker-list")
    def _pattern_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_pattern_info()

    @on(PatternPicker.Changed)
    def _claims_changed(self, event: PatternPicker.Changed) -> None:
        self._show_pattern_info()

    def _show_pattern_info(self) -> None:
        """The side panel of wide screens: the highlighted pattern and the claims so far."""
        info = self.query_one("#pattern-info", Static)
        if not info.display and not self.has_class("-very-wide"):
            return
        picker = self.query_one(PatternPicker)
        p = picker.highlighted_pattern()
        parts: list[str | tuple[str, str]] = []
        if p is not None and picker.ruleset is not None:
            rules = picker.ruleset
            category = rules.categories.get(p.category, "")
            members = rules.family_members(p.family)
            parts += [(f"{p.id}  ", "bold $accent"), (p.name, "bold"),
                      (f"  {p.chinese}\n" if p.chinese else "\n", "")]
            parts += [(f"{p.value_text()} · {rule_refs(rules).family_word} {p.family} · "
                       f"category {p.category} "
                       f"{category}\n", "$foreground 55%")]
            if p.description:
                parts += [f"{p.description}\n"]
            if len(members) > 1:
                refs = rule_refs(rules)
                word = refs.family_word
                if refs.family == "R10":
                    rule = (f"stacks on the best of its {word} (R11)" if p.stacks else
                            f"only the best of its {word} counts (R10)")
                else:
                    rule = (f"stacks on the best of its {word}" if p.stacks else
                            f"only the best of its {word} counts") + f" ({refs.family})"
                names = ", ".join(m.id for m in members)
                parts += [(f"{word.title()} {p.family}: {names}; {rule}.\n",
                           "$foreground 55%")]
        claims = picker.claims()
        parts += [("\nYour answer so far\n", "bold $accent")]
        if not claims or picker.ruleset is None:
            parts += [("nothing ticked yet", "$foreground 55%")]
        else:
            by_id = picker.ruleset.by_id()
            for pid in sorted(claims, key=lambda k: by_id[k].rank):
                q = by_id[pid]
                times = f" ×{claims[pid]}" if q.unit != "hand" else ""
                parts += [(f"{pid:<7}", "bold"), f"{q.name}{times}\n"]
        info.update(Content.assemble(*parts))

    @on(PatternPicker.Submitted)
    def _picker_submitted(self, event: PatternPicker.Submitted) -> None:
        event.stop()
        self.action_check()

    @on(SplitPicker.Submitted)
    def _split_submitted(self, event: SplitPicker.Submitted) -> None:
        """A reading with every tile in a set: check it, unless it is no answer at all
        (a bonus tile or a tile the hand lacks), which is said and left open."""
        event.stop()
        q = self.question
        if self.mode != "question" or q is None or q.kind is not QuestionKind.SPLIT:
            return
        answer = event.picker.answer()
        try:
            check_tiles(q.hand, answer)
        except SplitLineError as err:
            self._note(Content.assemble(("Not a reading yet: ", "bold $warning"), str(err)))
            return
        self.submit(answer)

    @on(Input.Submitted, "#total")
    @on(Input.Submitted, "#points")
    @on(Input.Submitted, "#doubles")
    def _total_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_check()

    @on(Input.Changed, "#total")
    def _total_changed(self, event: Input.Changed) -> None:
        if event.value != self.offered_total:  # the learner's own: the offer's note goes
            self.query_one("#total-note", Static).update("")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        total = self.query_one("#total", Input)
        if event.widget is total and self.offered_total and total.value == self.offered_total:
            self.call_after_refresh(total.select_all)  # typing replaces the offer

    @on(Input.Changed, "#points")
    @on(Input.Changed, "#doubles")
    def _breakdown_changed(self, event: Input.Changed) -> None:
        self.query_one("#total-note", Static).update("")
        self._offer_total()

    def _offer_total(self) -> None:
        """Under the doubling scheme, fill in points × 2^doublings (up to the cap) as the
        total, unless the learner typed a total of their own; they confirm or correct it."""
        q = self.question
        if q is None or not q.asks_breakdown:
            return
        total = self.query_one("#total", Input)
        if total.value and total.value != self.offered_total:
            return
        points = as_int(self.query_one("#points", Input).value)
        doubles = as_int(self.query_one("#doubles", Input).value)
        if points is None or doubles is None:
            self.offered_total = None
            total.value = ""
            return
        value = points * 2 ** doubles
        cap = q.ruleset.cap
        shown = min(value, cap) if cap else value
        if total.max_length and len(str(shown)) > total.max_length:
            self.offered_total = None  # no cap and a silly number of doublings
            total.value = ""
            return
        self.offered_total = str(shown)
        total.value = self.offered_total
        capped = f", capped at {cap}" if cap and value > cap else ""
        self.query_one("#total-note", Static).update(Content.assemble((
            f"{points} × 2^{doubles} = {value}{capped}: confirm or correct the total",
            "$foreground 70%")))

    def action_yes(self) -> None:
        self._yes_no(True)

    def action_no(self) -> None:
        self._yes_no(False)

    def _yes_no(self, yes: bool) -> None:
        q = self.question
        if self.mode == "question" and q is not None and q.kind in (
                QuestionKind.DOES_COUNT, QuestionKind.IS_WIN):
            self.submit(YesNoAnswer(yes))

    @on(Button.Pressed, "#answer-yes")
    def _yes_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._yes_no(True)

    @on(Button.Pressed, "#answer-no")
    def _no_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._yes_no(False)

    def action_skip(self) -> None:
        if self.mode == "question":
            self.submit(None)

    def action_hint(self) -> None:
        rnd = self.round
        q = self.question
        if rnd is None or q is None or self.mode != "question":
            return
        if q.kind not in HINTABLE:
            self._note(Content("Hints are for questions about patterns and totals."))
            return
        picker = self.query_one(PatternPicker)
        claims = picker.claims() if q.kind is QuestionKind.PATTERNS else None
        hint = rnd.hint(claims, nudge_first=True)
        if hint is None:
            self._note(Content("Every pattern that counts has been revealed."))
            return
        if q.kind is QuestionKind.PATTERNS and hint.nudge is None:
            picker.reveal(hint.pattern.id, hint.count)
            picker.highlight(hint.pattern.id)
        self._update_prompt(q)
        self.refresh_bindings()

    # ---- after an answer

    @on(FeedbackView.Next)
    def _feedback_next(self, event: FeedbackView.Next) -> None:
        event.stop()
        self.action_next()

    def action_next(self) -> None:
        if self.mode != "feedback" or self.round is None:
            return
        if self.round.finished:
            self._finish()
        else:
            self.show_question()

    def action_open_rule(self) -> None:
        if self.mode != "feedback":
            return
        target = self.query_one(FeedbackView).target
        if target is None:
            self._note(Content("This line has no rule behind it; pick another with ↑↓."))
            return
        self.post_message(OpenReference(target))

    def _tell_if_unsaved(self, problem: Unsaved | None) -> None:
        """A failed write keeps the answer in a journal beside the progress file, or,
        when even that cannot take it, only while the app runs; the learner is told which."""
        if problem is None:
            return
        if problem.kept:
            self._note(Content.assemble(
                ("Not saved yet: ", "bold $warning"),
                (f"your answer is kept and will be saved as soon as the progress file can "
                 f"be written again ({problem}).", "$warning")))
            return
        self._note(Content.assemble(
            ("Answer NOT saved: ", "bold $error"),
            (f"it could not be saved anywhere ({problem}). It is held only while "
             "mj-trainer runs and is saved as soon as there is room: quitting before then "
             "loses it.", "$error")))

    def _note(self, text: Content | None) -> None:
        """A line of news between the prompt and the answer, in place of a notification:
        a toast at 80x24 lay over the feedback's "Why" for seconds. None clears it; a new
        question clears it too (it is about the hand on screen)."""
        note = self.query_one("#quiz-note", Static)
        note.update(text or "")
        note.display = text is not None

    def _tell_end_error(self, rnd: Round) -> None:
        """The round's end (or, unanswered, its removal) refused by the progress file."""
        if rnd.end_error is None:
            return
        if rnd.grades:
            text = (f"The end of this round could not be saved: {rnd.end_error}. The "
                    "answers you gave are kept.")
        else:
            text = (f"This round could not be removed from your history: "
                    f"{rnd.end_error}. It shows there with no answers.")
        self.notify(text, title="Round not closed", severity="warning", timeout=10)

    def action_share(self) -> None:
        """Copy the hand on screen (question or feedback) as a share line."""
        grade = self.last_grade if self.mode == "feedback" else None
        q = grade.question if grade is not None else self.question
        if q is None or self.round is None:
            return
        self.last_shared = share_hand(self.app, q.hand, q.ruleset,
                                      origin_of(q.item, self.round.source, q.number),
                                      show=False)
        self._note(Content.assemble(("Copied", "bold $success"),
                                    (" (paste it into mj-trainer score or calc): ", ""),
                                    (self.last_shared, "bold")))

    def _finish(self) -> None:
        rnd = self.round
        if rnd is None:
            self.dismiss(None)
            return
        summary = rnd.finish()
        self._tell_end_error(rnd)
        if summary.asked:
            try:
                self.moves = [move for climb in self._climbs for move in climb.moves()]
            except Exception:  # the summary shows without its moves
                self.moves = []
        self.dismiss(summary if summary.asked else None)

    def action_leave(self) -> None:
        if self.mode in ("loading", "error") or self.round is None:
            self.workers.cancel_group(self, "build-round")
            self.dismiss(None)
            return
        if self.round.position == 0:
            self.round.finish()
            self._tell_end_error(self.round)
            self.dismiss(None)
            return
        from mj_trainer.tui.screens.notice import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self._finish()

        kept = end_round_words(self.round)
        self.app.push_screen(ConfirmScreen(f"End this round now? {kept}", yes="End round",
                                           no="Keep playing"), done)

    # ---- which keys apply

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        q = self.question
        kind = q.kind if q is not None else None
        if action == "check":
            return self.mode == "question" and kind in (QuestionKind.PATTERNS,
                                                         QuestionKind.TOTAL)
        if action in ("yes", "no"):
            return self.mode == "question" and kind in (QuestionKind.DOES_COUNT,
                                                         QuestionKind.IS_WIN)
        if action == "hint":
            if self.mode != "question" or kind not in HINTABLE:
                return False
            return True if self.round is not None and self.round.can_hint() else None
        if action == "skip":
            return self.mode == "question"
        if action in ("next", "open_rule"):
            return self.mode == "feedback"
        if action == "share":
            return self.mode in ("question", "feedback")
        return True
