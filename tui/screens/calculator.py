"""The calculator: build any hand with the keyboard or the mouse and see its score live.

The hand is a `calculator_draft.Draft`; every edit (a palette tile, a key on the hand
row, a button, the notation typed in the text field) makes a new draft, and the
screen redraws the notation, the hand row, what is still wrong and, once the hand is
complete, the full score: the patterns that count, those present but not counting and
why, the cap or limit line, every other reading, and the same hand under every ruleset
side by side (the code of `mj-trainer score --compare`).  Nothing here scores a hand
itself: the engine does.

`q` asks the app for a quiz on this very hand (`StartHand`), `ctrl+s` appends it to the
learner's own set file, F4 copies it as a share line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Static

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Incidental, MeldKind
from mj_trainer.engine.notation import NotationError
from mj_trainer.engine.ruleset import builtin_names
from mj_trainer.tui.calculator_draft import Draft, Item, Scored, score_draft
from mj_trainer.tui.messages import SettingsChanged, StartHand
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.share_key import SHARE_BINDING, share_hand
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.draft_row import DraftRow
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.tile_palette import HOWS, How, TilePalette

_HOW_LABELS: dict[How, str] = {
    "tile": "tile", "winning": "+winning", "chow": "[chow]", "pung": "[pung]",
    "kong": "[kong]", "concealed-kong": "{kong}",
}
_MELD_OF: dict[How, tuple[MeldKind, bool]] = {
    "chow": (MeldKind.CHOW, True), "pung": (MeldKind.PUNG, True),
    "kong": (MeldKind.KONG, True), "concealed-kong": (MeldKind.KONG, False),
}


def _wind(tile: int) -> str:
    return tiles.WIND_NAMES[tile - tiles.EAST].capitalize()


class CalculatorScreen(SafeScreen[None]):
    """Score any hand: a tile palette, the hand as built, and the live score."""

    HELP_NAME = "calculator"
    CSS_PATH = "../styles/calculator.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back", id="calc.back"),
        # Priority: it acts before the keys typed after it are handed out, so "n c123"
        # typed in one burst lands in the notation field (where n is typed as itself).
        Binding("n", "type", "Type", id="calc.type", tooltip="Edit the notation as text",
                priority=True),
        Binding("s", "toggle_self", "Self/discard", id="calc.self"),
        Binding("e", "seat", "Seat", id="calc.seat", tooltip="Next seat wind"),
        Binding("v", "prevailing", "Wind", id="calc.wind", tooltip="Next prevailing wind"),
        Binding("i", "incidentals", "Incidentals", id="calc.incidentals"),
        Binding("u", "ruleset", "Ruleset", id="calc.ruleset", tooltip="Next ruleset"),
        Binding("q", "quiz", "Quiz", id="calc.quiz", tooltip="A quiz on this hand"),
        Binding("ctrl+s", "save", "Save", id="calc.save", tooltip="Add it to your set file"),
        Binding("ctrl+z", "undo", "Undo", id="calc.undo"),
        SHARE_BINDING,
        # The score sits below the builder at 80x24, in a few rows: these reach its
        # every part from the palette (the other readings and every ruleset were
        # out of reach but by tabbing through every button).
        Binding("o", "others", "Other readings", id="calc.others",
                tooltip="Scroll to the other readings and every ruleset"),
        Binding("pagedown", "scroll_score(1)", "Score down", show=False,
                id="calc.score_down"),
        Binding("pageup", "scroll_score(-1)", "Score up", show=False, id="calc.score_up"),
    ]

    def __init__(self, text: str = "", *, ruleset: str = "mj-score-eval",
                 tile_style: TileStyle = TileStyle.TEXT, sets_folder: Path,
                 cursor_blink: bool = True) -> None:
        super().__init__()
        self.tile_style = tile_style
        self.sets_folder = sets_folder  # where `save` writes: the Sets screen lists it
        self.cursor_blink = cursor_blink  # False in snapshots, so every frame is the same
        self.how: How = "tile"
        self.history: list[Draft] = []
        self.syntax_error = ""
        self.scored: Scored | str | None = None
        self.last_shared = ""
        self._typing = False  # the text field is the source of the current draft
        self._others_later = False  # the first draw leaves the other readings a frame
        try:
            self.draft = Draft.from_text(text, ruleset)
        except NotationError as err:
            self.draft = Draft().with_ruleset(ruleset)
            self.syntax_error = str(err.problems[0]) if err.problems else str(err)
            self._initial_text = text
        else:
            self._initial_text = self.draft.text

    # ---- layout

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Horizontal(id="calc-body"):
            with Vertical(id="calc-builder"):
                with Horizontal(id="calc-notation-row"):
                    yield Static("Hand ", id="calc-notation-label")
                    yield Input(value=self._initial_text, id="calc-notation", compact=True,
                                placeholder="type tiles: c123 b55 dr dr dr [we we we] +c6",
                                select_on_focus=False)
                yield TilePalette(left=self.draft.copies_left, click_how=lambda: self.how,
                                  id="calc-palette")
                with Horizontal(id="calc-how", classes="calc-buttons"):
                    yield Static("click adds", classes="calc-caption")
                    for how in HOWS:
                        yield Button(Content(_HOW_LABELS[how]), id=f"how-{how}", compact=True,
                                     variant="primary" if how == self.how else "default")
                yield DraftRow(id="calc-row")
                with Horizontal(id="calc-item-actions", classes="calc-buttons"):
                    yield Static("selected", classes="calc-caption")
                    yield Button("remove", id="act-remove", compact=True)
                    yield Button("winning", id="act-winning", compact=True)
                    yield Button("expose/conceal", id="act-expose", compact=True)
                    yield Button("clear all", id="act-clear", compact=True)
                with Horizontal(id="calc-context", classes="calc-buttons"):
                    yield Button("", id="ctx-self", compact=True)
                    yield Button("", id="ctx-seat", compact=True)
                    yield Button("", id="ctx-wind", compact=True)
                    yield Button("", id="ctx-incidentals", compact=True)
                    yield Button("", id="ctx-ruleset", compact=True)
                yield Static(id="calc-status")
            with VerticalScroll(id="calc-result"):
                yield Static(id="calc-score")
                yield Static(id="calc-others")
        yield LeanFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Calculator"
        self.sub_title = "score any hand"
        field = self.query_one("#calc-notation", Input)
        field.cursor_blink = self.cursor_blink
        self.query_one(TilePalette).tile_style = self.tile_style
        self.query_one(DraftRow).tile_style = self.tile_style
        # The other readings and every ruleset lie below the score, out of view until
        # `o` or a scroll: drawn right after the first frame, not in it (measuring and
        # drawing them was a third of the time the calculator took to open).
        self._others_later = True
        self._redraw(update_text=False)
        self._others_later = False
        self.query_one(TilePalette).focus()

    def on_settings_changed(self, message: SettingsChanged) -> None:
        if message.settings.tile_style != self.tile_style:
            self.apply_tile_style(message.settings.tile_style)

    def start(self, text: str, ruleset: str) -> None:
        """Show `text` (notation or a shared hand) in a calculator built ahead, while
        home was read (tui/spare_screens.py), as a new one would show it."""
        try:
            self.draft = Draft.from_text(text, ruleset)
        except NotationError as err:
            self.draft = Draft().with_ruleset(ruleset)
            self.syntax_error = str(err.problems[0]) if err.problems else str(err)
            shown = text
        else:
            self.syntax_error = ""
            shown = self.draft.text
        self._set_text(shown)
        self.query_one(TilePalette).focus()
        self._others_later = True
        self._redraw(update_text=False)
        self._others_later = False

    def apply_tile_style(self, style: TileStyle) -> None:
        self.tile_style = style
        self.query_one(TilePalette).tile_style = style
        self.query_one(DraftRow).tile_style = style

    # ---- changing the draft

    def set_draft(self, draft: Draft, *, update_text: bool = True) -> None:
        """Make `draft` the hand (undo keeps the old one) and redraw everything."""
        if draft == self.draft:
            return
        self.history.append(self.draft)
        del self.history[:-200]
        self.draft = draft
        self.syntax_error = ""
        self._redraw(update_text=update_text)

    def _refuse(self, why: str) -> None:
        self.notify(why, severity="warning", timeout=4)

    def _apply(self, result: Draft | str) -> bool:
        if isinstance(result, str):
            self._refuse(result)
            return False
        self.set_draft(result)
        return True

    @on(TilePalette.Picked)
    def _picked(self, event: TilePalette.Picked) -> None:
        event.stop()
        tile, how = event.tile, event.how
        if how == "tile":
            self.set_draft(self.draft.add_tile(tile))
        elif how == "winning":
            if tiles.IS_BONUS[tile]:
                self._refuse("a bonus tile cannot be the winning tile")
                return
            self.set_draft(self.draft.add_winning(tile))
        else:
            kind, exposed = _MELD_OF[how]
            if not self._apply(self.draft.add_meld(kind, tile, exposed=exposed)):
                return
            self._set_how("tile")
        row = self.query_one(DraftRow)
        row.select_last()

    @on(DraftRow.Acted)
    def _acted(self, event: DraftRow.Acted) -> None:
        event.stop()
        self._act(event.action, event.item)

    def _act(self, action: str, item: Item) -> None:
        draft = self.draft
        if action == "remove":
            self.set_draft(draft.remove(item))
        elif action == "winning":
            if item.kind != "tile":
                self._refuse("pick a loose concealed tile to be the winning tile")
                return
            self.set_draft(draft.set_winning(item.tile))
        elif action == "expose":
            self._apply(draft.expose(item))
        elif action in ("kong", "concealed-kong"):
            self._apply(draft.make_kong(item, exposed=action == "kong"))

    @on(Input.Changed, "#calc-notation")
    def _typed(self, event: Input.Changed) -> None:
        if self._typing:
            return
        try:
            draft = Draft.from_text(event.value, self.draft.parts.ruleset)
        except NotationError as err:
            self.syntax_error = str(err.problems[0]) if err.problems else str(err)
            self._show_status()
            return
        self.syntax_error = ""
        if draft == self.draft:
            self._show_status()
            return
        self.set_draft(draft, update_text=False)

    @on(Input.Submitted, "#calc-notation")
    def _typed_done(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.syntax_error:
            self._set_text(self.draft.text)
        self.query_one(TilePalette).focus()

    # ---- buttons

    def _set_how(self, how: How) -> None:
        self.how = how
        for h in HOWS:
            self.query_one(f"#how-{h}", Button).variant = "primary" if h == how else "default"

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        event.stop()
        if bid.startswith("how-"):
            how = bid.removeprefix("how-")
            if how in HOWS:
                self._set_how(how)
            return
        if bid.startswith("act-"):
            if bid == "act-clear":
                self.set_draft(Draft().with_ruleset(self.draft.parts.ruleset))
                return
            item = self.query_one(DraftRow).item
            if item is None:
                self._refuse("the hand is empty: pick tiles in the palette first")
                return
            self._act(bid.removeprefix("act-"), item)
            return
        actions = {"ctx-self": self.action_toggle_self, "ctx-seat": self.action_seat,
                   "ctx-wind": self.action_prevailing, "ctx-ruleset": self.action_ruleset,
                   "ctx-incidentals": self.action_incidentals}
        if bid in actions:
            actions[bid]()

    # ---- keys

    def action_back(self) -> None:
        field = self.query_one("#calc-notation", Input)
        if field.has_focus:
            self.query_one(TilePalette).focus()
            return
        self.dismiss(None)

    def action_type(self) -> None:
        field = self.query_one("#calc-notation", Input)
        if field.has_focus:
            field.insert_text_at_cursor("n")
            return
        self.set_focus(field)
        field.cursor_position = len(field.value)

    def action_toggle_self(self) -> None:
        self.set_draft(self.draft.toggle_self_drawn())

    def action_seat(self) -> None:
        self.set_draft(self.draft.next_seat())

    def action_prevailing(self) -> None:
        self.set_draft(self.draft.next_prevailing())

    def action_ruleset(self) -> None:
        names = builtin_names()
        current = self.draft.parts.ruleset
        nxt = names[(names.index(current) + 1) % len(names)] if current in names else names[0]
        self.set_draft(self.draft.with_ruleset(nxt))

    def action_incidentals(self) -> None:
        from mj_trainer.tui.widgets.incidentals_dialog import IncidentalsDialog

        def chosen(items: frozenset[Incidental] | None) -> None:
            if items is None:
                return
            draft = self.draft
            for item in Incidental:
                if (item in items) != (item in draft.parts.incidentals):
                    draft = draft.toggle_incidental(item)
            self.set_draft(draft)

        self.app.push_screen(IncidentalsDialog(self.draft.parts.incidentals), chosen)

    def action_undo(self) -> None:
        if not self.history:
            self.notify("Nothing to undo.", timeout=2)
            return
        self.draft = self.history.pop()
        self.syntax_error = ""
        self._redraw(update_text=True)

    def _finished_hand(self, doing: str) -> Any:
        hand = self.draft.hand()
        if hand is None or self.syntax_error:
            why = self.syntax_error or (self.draft.problems() or ["not finished"])[0]
            self._refuse(f"Finish the hand to {doing}: {why}")
            return None
        return hand

    def action_quiz(self) -> None:
        hand = self._finished_hand("quiz on it")
        if hand is not None:
            self.post_message(StartHand(hand))

    def action_save(self) -> None:
        from mj_trainer.tui.user_sets import SaveError, save_hand

        hand = self._finished_hand("save it")
        if hand is None:
            return
        folder = self.sets_folder
        total = self.scored.result.total if isinstance(self.scored, Scored) else None
        title = "A hand from the calculator" + (f" ({total} points)" if total is not None
                                                 else "")
        try:
            path, hand_id = save_hand(folder, hand, title=title)
        except SaveError as err:
            self.notify(str(err), title="Not saved", severity="error", timeout=8)
            return
        self.notify(f"Saved as {hand_id} in {path}; play it from Sets.", title="Saved",
                    timeout=6)

    def action_share(self) -> None:
        hand = self._finished_hand("share it")
        if hand is not None:
            self.last_shared = share_hand(self.app, hand, hand.ruleset, "calculator")

    # ---- drawing

    def _set_text(self, text: str) -> None:
        field = self.query_one("#calc-notation", Input)
        if field.value == text:
            return
        self._typing = True
        try:
            field.value = text
            field.cursor_position = len(text)
        finally:
            self._typing = False

    def _redraw(self, *, update_text: bool) -> None:
        if update_text:
            self._set_text(self.draft.text)
        self.query_one(DraftRow).show(self.draft)
        palette = self.query_one(TilePalette)
        palette.left = self.draft.copies_left
        palette.refresh()
        self._label_buttons()
        hand = self.draft.hand()
        self.scored = score_draft(hand) if hand is not None else None
        self._show_status()
        self._show_score()

    def on_resize(self) -> None:
        self._label_buttons()

    def _label_buttons(self) -> None:
        """The context buttons say the hand's context (winds by initial when narrow)."""
        parts = self.draft.parts
        short = self.size.width < 72

        def wind(tile: int) -> str:
            return _wind(tile)[0] if short else _wind(tile)

        count = len(parts.incidentals)
        for name, label in (
                ("self", "self-drawn" if parts.self_drawn else "discard"),
                ("seat", f"seat {wind(parts.seat)}"),
                ("wind", f"wind {wind(parts.prevailing)}"),
                ("incidentals", f"incidentals ({count})" if count else "incidentals"),
                ("ruleset", Path(parts.ruleset).stem)):
            button = self.query_one(f"#ctx-{name}", Button)
            if str(button.label) != label:
                button.label = label
                # A Button keeps the width of its first label: "discard" cut
                # "self-drawn" to "self-dr", "seat East" cut "seat North".
                button.refresh(layout=True)

    def _show_status(self) -> None:
        status = self.query_one("#calc-status", Static)
        if self.syntax_error:
            status.update(Text.assemble(("✗ ", "bold red"), ("notation: ", "bold"),
                                        self.syntax_error))
            return
        problems = self.draft.problems()
        if problems:
            out = Text()
            for i, p in enumerate(problems):
                if i:
                    out.append("\n")
                out.append("✗ " if _is_error(p) else "… ", style="bold red" if _is_error(p)
                           else "bold yellow")
                out.append(p)
            status.update(out)
            return
        if isinstance(self.scored, str):
            status.update(Text.assemble(("✗ ", "bold red"), self.scored))
            return
        status.update(Text.assemble(("✓ ", "bold green"), "complete: q quiz · ctrl+s save · "
                                    "F4 share · o other readings"))

    def _show_score(self) -> None:
        out = self.query_one("#calc-score", Static)
        others = self.query_one("#calc-others", Static)
        scored = self.scored
        if not isinstance(scored, Scored):
            out.update(Text.assemble(
                ("The score appears here as soon as the hand is complete.\n\n", "dim"),
                ("Build it from the palette (arrows and enter, or click), or type the "
                 "notation after n. A hand is four sets and a pair: 14 tiles, one more per "
                 "kong, and a winning tile (w).", "dim")))
            others.update("")
            return
        out.update(score_renderable(scored))
        if self._others_later:
            self.call_after_refresh(self._show_others, scored)
        else:
            others.update(others_renderable(scored))
        self.refresh_bindings()

    def _show_others(self, scored: Scored) -> None:
        if scored is self.scored:  # not redrawn since
            self.query_one("#calc-others", Static).update(others_renderable(scored))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "others":
            return True if isinstance(self.scored, Scored) else None
        return True

    def action_others(self) -> None:
        """Scroll the score to the other readings and the hand under every ruleset."""
        if isinstance(self.scored, Scored):
            self.query_one("#calc-result", VerticalScroll).scroll_to_widget(
                self.query_one("#calc-others"), top=True, animate=False)

    def action_scroll_score(self, pages: int) -> None:
        area = self.query_one("#calc-result", VerticalScroll)
        if pages > 0:
            area.scroll_page_down(animate=False)
        else:
            area.scroll_page_up(animate=False)


def _is_error(problem: str) -> bool:
    """Problems that must be fixed, as opposed to steps not yet taken."""
    return not (problem.startswith("no winning tile") or " more" in problem)


def score_renderable(scored: Scored) -> RenderableType:
    """The calculator's result: the total and the breakdown of the reading that counts
    (the code of `mj-trainer score`); `others_renderable` follows it."""
    from mj_trainer.engine.score_sheet import breakdown
    from mj_trainer.tui.sheet_text import sheet_renderables

    result = scored.result
    head = Text.assemble(("Total ", "bold"), (str(result.total), "bold green"),
                         (f"  under {result.ruleset.id}", "dim"))
    parts: list[RenderableType] = [head, Text("")]
    parts.extend(sheet_renderables(breakdown(result)))
    return Group(*parts)


def others_renderable(scored: Scored) -> RenderableType:
    """Every other reading of the hand, then the hand under every ruleset side by side:
    a part of its own, so `o` can scroll straight to it."""
    from mj_trainer.engine.score_sheet import breakdown, comparison
    from mj_trainer.tui.sheet_text import sheet_renderables

    result = scored.result
    chosen = len(breakdown(result))
    parts: list[RenderableType] = list(
        sheet_renderables(breakdown(result, all_arrangements=True)[chosen:]))
    parts.append(Text(""))
    parts.append(Text("Under every ruleset", style="bold"))
    parts.append(Group(*sheet_renderables(comparison(scored.compared))))
    return Group(*parts)
