"""Read a hand into its sets: the answer widget of a `split` question.

The hand's concealed tiles stand in a row.  The learner picks the tiles of one set
(space on the tile under the cursor, or a click: a picked tile is lifted a row), and
enter makes a set of the picked tiles; the sets made so far are listed under the row,
the declared melds already among them (they are sets as declared).  Backspace (or a
click on a set) puts a set's tiles back.  When every tile is in a set, enter checks
the reading.  When the question asks which set the winning tile completed, a digit
marks that set (or a click on it does, once the row is empty).

The answer is a `SplitAnswer`: the sets as tile codes, the winning set's index.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget

from mj_trainer.engine import tiles
from mj_trainer.engine.hand import Hand
from mj_trainer.engine.tiles import Tile
from mj_trainer.quizzes.split import SplitAnswer
from mj_trainer.tui.rows import pack
from mj_trainer.tui.tile_text import TILE_WIDTH, TileStyle, tile_text

_GAP = 1  # cells between two tiles of the row
_MUTED = Style(dim=True)


class SplitPicker(Widget, can_focus=True):
    """Pick each set's tiles in turn; `answer()` is the reading made so far."""

    DEFAULT_CSS = """
    SplitPicker { height: auto; padding: 0 1; }
    SplitPicker:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("home", "move_to(0)", "First", show=False),
        Binding("end", "move_to(-1)", "Last", show=False),
        # Short labels: a drill's question fits its keys in 80 columns (the line under
        # the tiles says what each does).
        Binding("space", "pick", "Pick", key_display="space", id="split.pick"),
        Binding("enter", "make_set", "Make set", id="split.make"),
        Binding("enter", "check", "Check", id="split.check"),
        Binding("backspace", "undo", "Undo", id="split.undo"),
    ]

    @dataclass
    class Submitted(Message):
        """Every tile is in a set and enter was pressed: check the reading."""

        picker: SplitPicker

    @dataclass
    class Changed(Message):
        """The sets or the picked tiles changed."""

        picker: SplitPicker

    cursor: var[int] = var(0)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hand: Hand | None = None
        self.ask_winning = False
        self.tile_style = TileStyle.TEXT
        self.row: list[Tile] = []  # the concealed tiles, sorted; index = position
        self.used: set[int] = set()  # positions already in a set
        self.picked: list[int] = []  # positions picked for the next set, in pick order
        self.sets: list[tuple[Tile, ...]] = []  # the sets made, melds first
        self.from_meld: list[bool] = []  # which sets are declared melds
        self.made: list[tuple[int, ...]] = []  # positions of each set made from the row
        self.winning: int | None = None  # index in `sets` of the winning tile's set
        self.note = ""

    # ---- state

    def load(self, hand: Hand, *, ask_winning: bool, style: TileStyle) -> None:
        """A fresh answer for `hand`."""
        self.hand = hand
        self.ask_winning = ask_winning
        self.tile_style = style
        self.row = sorted(hand.concealed, key=tiles.sort_key)
        self.used = set()
        self.picked = []
        self.sets = [tuple(m.tiles) for m in hand.melds]
        self.from_meld = [True] * len(hand.melds)
        self.made = [() for _ in hand.melds]
        self.winning = None
        self.note = ""
        self.cursor = 0
        self._changed()

    @property
    def done(self) -> bool:
        """Every concealed tile is in a set."""
        return bool(self.row) and len(self.used) == len(self.row)

    def answer(self) -> SplitAnswer:
        return SplitAnswer(tuple(tuple(tiles.code(t) for t in s) for s in self.sets),
                           self.winning if self.ask_winning else None)

    def set_answer(self, answer: SplitAnswer) -> None:
        """Make the sets of `answer` from the row and mark its winning set (tests, and a
        reading to show again): a group that is a declared meld is already a set."""
        melds = {k: sorted(s) for k, s in enumerate(self.sets) if self.from_meld[k]}
        winning_codes = (sorted(answer.sets[answer.winning])
                         if answer.winning is not None else None)
        for group in answer.sets:
            tiles_of = sorted(tiles.CODE_TO_TILE[c] for c in group)
            meld = next((k for k, t in melds.items() if t == tiles_of), None)
            if meld is not None:
                del melds[meld]
                continue
            for tile in tiles_of:
                pos = next(i for i, t in enumerate(self.row)
                           if t == tile and i not in self.used and i not in self.picked)
                self.picked.append(pos)
            self.action_make_set()
        if winning_codes is not None:
            want = sorted(tiles.CODE_TO_TILE[c] for c in winning_codes)
            k = next((k for k, s in enumerate(self.sets) if sorted(s) == want), None)
            if k is not None:
                self.mark(k)

    def _changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self))
        if self.is_mounted:
            self.refresh_bindings()

    # ---- actions

    def _free(self) -> list[int]:
        return [i for i in range(len(self.row)) if i not in self.used]

    def action_move(self, step: int) -> None:
        free = self._free()
        if not free:
            return
        here = free.index(self.cursor) if self.cursor in free else 0
        self.cursor = free[max(0, min(len(free) - 1, here + step))]
        self.refresh()

    def action_move_to(self, where: int) -> None:
        free = self._free()
        if free:
            self.cursor = free[where]
            self.refresh()

    def action_pick(self) -> None:
        self.pick_at(self.cursor)

    def pick_at(self, pos: int) -> None:
        """Pick or put back the tile at `pos` (a click lands here too)."""
        if pos in self.used or not 0 <= pos < len(self.row):
            return
        self.cursor = pos
        if pos in self.picked:
            self.picked.remove(pos)
        else:
            self.picked.append(pos)
        self.note = ""
        self._changed()

    def action_make_set(self) -> None:
        if not self.picked:
            self.note = "Pick the tiles of a set first (space on a tile, or a click)."
            self._changed()
            return
        chosen = tuple(sorted(self.picked))
        self.sets.append(tuple(sorted((self.row[i] for i in chosen), key=tiles.sort_key)))
        self.from_meld.append(False)
        self.made.append(chosen)
        self.used.update(chosen)
        self.picked = []
        free = self._free()
        self.cursor = free[0] if free else 0
        self.note = ""
        if self.done and self.ask_winning and self.winning is None:
            self.note = ("Every tile is in a set. Which set did the winning tile complete? "
                         f"Press its number (1 to {len(self.sets)}), then enter.")
        self._changed()

    def action_check(self) -> None:
        if self.done:
            self.post_message(self.Submitted(self))

    def action_undo(self) -> None:
        """Put the picked tiles back, else the last set made from the row."""
        if self.picked:
            self.picked = []
            self._changed()
            return
        made = [k for k, meld in enumerate(self.from_meld) if not meld]
        if made:
            self.take_back(made[-1])

    def take_back(self, index: int) -> None:
        """Put a set made from the row back into the row (declared melds stay)."""
        if not 0 <= index < len(self.sets) or self.from_meld[index]:
            return
        self.used.difference_update(self.made[index])
        del self.sets[index], self.from_meld[index], self.made[index]
        if self.winning is not None:
            self.winning = (None if self.winning == index else
                            self.winning - 1 if self.winning > index else self.winning)
        self.note = ""
        self._changed()

    def mark(self, index: int) -> None:
        """Mark set `index` (0-based) as the one the winning tile completed."""
        if not self.ask_winning or not 0 <= index < len(self.sets):
            return
        self.winning = None if self.winning == index else index
        self.note = ""
        self._changed()

    def click_set(self, index: int) -> None:
        """A click on a set: mark it when the question asks and every tile is placed,
        else put it back into the row."""
        if self.ask_winning and self.done:
            self.mark(index)
        else:
            self.take_back(index)

    def on_key(self, event: object) -> None:
        from textual import events

        assert isinstance(event, events.Key)
        if event.character and event.character.isdigit() and self.ask_winning:
            n = int(event.character)
            if 1 <= n <= len(self.sets):
                event.stop()
                event.prevent_default()
                self.mark(n - 1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "make_set":
            return not self.done
        if action == "check":
            return self.done
        if action == "undo":
            return bool(self.picked) or not all(self.from_meld)
        return super().check_action(action, parameters)

    # ---- drawing

    def render(self) -> Text:
        style = self.tile_style
        lifted = Text(no_wrap=True, end="")
        lying = Text(no_wrap=True, end="")
        marks = Text(no_wrap=True, end="")
        for i, t in enumerate(self.row):
            click = Style(meta={"@click": f"pick_at({i})"})
            face = tile_text(t, style=style)
            face.stylize(click)
            blank = Text(" " * TILE_WIDTH)
            if i in self.used:
                lifted.append_text(blank)
                lying.append(" " * TILE_WIDTH)
            elif i in self.picked:
                lifted.append_text(face)
                lying.append(" " * TILE_WIDTH, style=click)
            else:
                lifted.append(" " * TILE_WIDTH, style=click)
                lying.append_text(face)
            under = "▲" * TILE_WIDTH if i == self.cursor and i not in self.used else ""
            marks.append(f"{under:<{TILE_WIDTH}}", style="bold")
            for line in (lifted, lying, marks):
                line.append(" " * _GAP)
        out = Text(end="")
        out.append_text(lifted)
        out.append("\n")
        out.append_text(lying)
        out.append("\n")
        out.append_text(marks)
        out.append("\n")
        out.append_text(self._sets_row(style))
        out.append("\n")
        out.append_text(self._help_line())
        return out

    def _sets_row(self, style: TileStyle) -> Text:
        """"Sets:" and the sets made so far, each whole on its line: at 80 columns the
        row broke inside a set (seen on a learner's walk), so it breaks between sets,
        under the first set's start."""
        label = "Sets: "
        out = Text(label, style="bold", no_wrap=True, end="")
        if not self.sets:
            out.append("none yet", style=_MUTED)
            return out
        pieces = [self._set_piece(k, s, style) for k, s in enumerate(self.sets)]
        rows = pack([p.cell_len for p in pieces], self.content_size.width or 80, gap=2,
                    lead=len(label))
        for n, row in enumerate(rows):
            if n:
                out.append("\n" + " " * len(label))
            for m, k in enumerate(row):
                if m:
                    out.append("  ")
                out.append_text(pieces[k])
        return out

    def _set_piece(self, k: int, tiles_of: tuple[Tile, ...], style: TileStyle) -> Text:
        """One set of the row: its number, its tiles, declared or winning."""
        won = self.winning == k
        click = Style(meta={"@click": f"click_set({k})"})
        piece = Text(no_wrap=True, end="")
        piece.append(f"{k + 1} ", style=Style(bold=True) + click)
        for n, t in enumerate(tiles_of):
            if n:
                piece.append(" " if style is TileStyle.TEXT else "")
            face = tile_text(t, style=style, winning=won)
            face.stylize(click)
            piece.append_text(face)
        if self.from_meld[k]:
            piece.append(" declared", style=_MUTED)
        if won:
            piece.append(" ← winning tile", style="bold yellow")
        return piece

    def _help_line(self) -> Text:
        if self.note:
            return Text(self.note, style="yellow")
        if self.done:
            if self.ask_winning and self.winning is None:
                return Text(f"Press the number of the set the winning tile completed (1 to "
                            f"{len(self.sets)}); enter checks; backspace takes a set back.",
                            style="dim")
            return Text("Every tile is in a set: enter checks your reading; backspace takes "
                        "the last set back.", style="dim")
        return Text("←→ move · space picks a tile · enter makes a set of the picked tiles · "
                    "backspace takes the last set back", style="dim")

