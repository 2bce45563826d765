"""Settings: ruleset (a built-in one or a house-rules file), tile style (with a live
preview), round length, question kinds, difficulty (with "auto": easy until the first
lessons are passed), the review scheduler's desired retention, and theme.  Every change
is applied and saved at once; a value typed wrong is said so where it is typed.

A house-rules file is chosen by typing its path and pressing enter: the file is loaded
and validated (`engine.ruleset.load`), every problem is listed, and only a file that
loads becomes the ruleset; the saved config keeps its path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    RadioButton,
    RadioSet,
    Select,
    Static,
)

from mj_trainer.engine import tiles
from mj_trainer.quizzes.config import (
    AUTO,
    LEVELS,
    MAX_RETENTION,
    MAX_ROUND,
    MIN_RETENTION,
    MIN_ROUND,
    Settings,
    parse_retention,
)
from mj_trainer.quizzes.course import FIRST_LESSONS
from mj_trainer.quizzes.questions import QuestionKind
from mj_trainer.tui.messages import SettingsChanged
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.tile_text import TileStyle, tile_text
from mj_trainer.tui.widgets.glyph_toggles import RadioChoice, TickBox
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.safe_header import SafeHeader
from mj_trainer.tui.widgets.safe_list import SafeSelect

PREVIEW_TILES = (0, 4, 8, 9 + 4, 18 + 8, tiles.EAST, tiles.NORTH, tiles.RED, tiles.GREEN,
                 tiles.WHITE, tiles.FLOWERS[0])
_STYLE_LABELS = {
    TileStyle.TEXT: "text",
    TileStyle.CJK: "CJK 萬筒條",
    TileStyle.UNICODE: "Unicode",
}
_STYLE_NOTES = {
    TileStyle.TEXT: "lines up in every terminal",
    TileStyle.CJK: "Chinese characters: needs a font with them",
    TileStyle.UNICODE: "the U+1F000 tiles: some terminals draw them oddly",
}
_LEVEL_NOTES = {
    AUTO: f"easy until {FIRST_LESSONS} lessons of the course are passed, then medium",
    "easy": "one to three plain patterns",
    "medium": "kongs, richer sums",
    "hard": "traps: limits, the cap, two readings",
    "mixed": "any level",
}
RETENTION_NOTE = (f"chance of recall when a pattern comes back ({MIN_RETENTION:g}-"
                  f"{MAX_RETENTION:g}); higher: more reviews")
_KIND_KEYS = {QuestionKind.PATTERNS: "kind-patterns", QuestionKind.TOTAL: "kind-total",
              QuestionKind.DOES_COUNT: "kind-does-count", QuestionKind.IS_WIN: "kind-is-win",
              QuestionKind.SPLIT: "kind-split"}


def preview(style: TileStyle) -> Content:
    """A row of tiles in `style` (one drawn as a winning tile), and what the style is for."""
    parts: list[Content | str | tuple[str, str]] = []
    for i, t in enumerate(PREVIEW_TILES):
        if i:
            parts.append(" ")
        parts.append(Content.from_rich_text(tile_text(t, style=style,
                                                      winning=i == len(PREVIEW_TILES) - 2)))
    parts.append((f"\n{_STYLE_NOTES[style]}", "$foreground 55%"))
    return Content.assemble(*parts)


def level_choice(settings: Settings) -> str:
    """The difficulty radio's choice: "auto" while the course decides, else the level."""
    return settings.level_choice


def with_level(settings: Settings, choice: str) -> Settings:
    """`settings` with a choice of the difficulty radio ("auto" or a level) made."""
    return settings.with_level(choice)


def _level_note(choice: str) -> Content:
    return Content.assemble((_LEVEL_NOTES.get(choice, ""), "$foreground 55%"))


Saver = Callable[[Settings], str | None]


class SettingsScreen(SafeScreen[None]):
    """Change the settings; `save` applies and stores them and returns a status line."""

    CSS_PATH = "../styles/settings.tcss"
    HELP_NAME = "settings"
    BINDINGS = [
        Binding("escape", "back", "Back", id="settings.back"),
    ]

    def __init__(self, settings: Settings, *, rulesets: list[str], themes: list[str],
                 save: Saver, where: str = "", starter_folder: Path | None = None,
                 cursor_blink: bool = True) -> None:
        super().__init__()
        self.settings = settings
        self.cursor_blink = cursor_blink  # False in snapshots, so every frame is the same
        self.builtin = list(rulesets)
        self.rulesets = rulesets if settings.ruleset in rulesets else [*rulesets,
                                                                       settings.ruleset]
        self.themes = themes if settings.theme in themes else [*themes, settings.theme]
        self._save = save
        self.where = where
        self.starter_folder = starter_folder
        self._ready = False
        # Settings this screen handed to the app whose SettingsChanged has not come back.
        self._sent: list[Settings] = []

    def compose(self) -> ComposeResult:
        s = self.settings
        yield SafeHeader()
        with VerticalScroll(id="settings-body"):
            with Horizontal(classes="setting"):
                yield Label("Ruleset", classes="setting-label")
                yield SafeSelect(self._ruleset_options(), value=s.ruleset,
                             allow_blank=False, compact=True, id="ruleset")
            with Horizontal(classes="setting"):
                yield Label("House rules", classes="setting-label")
                with Vertical(id="house"):
                    yield Input(s.ruleset if s.ruleset not in self.builtin else "",
                                placeholder="path/to/house-rules.toml, then enter",
                                compact=True, id="house-path")
                    yield Static(self._house_hint(), id="house-status")
                    if self.starter_folder is not None:
                        yield Button("Write a starter file", id="starter", compact=True,
                                     tooltip=f"A commented example in {self.starter_folder}")
            with Horizontal(classes="setting"):
                yield Label("Tile style", classes="setting-label")
                with RadioSet(id="tile-style", compact=True):
                    for style in TileStyle:
                        yield RadioChoice(_STYLE_LABELS[style], value=style is s.tile_style,
                                          id=f"style-{style.value}", compact=True)
            with Horizontal(classes="setting"):
                yield Label("", classes="setting-label")
                yield Static(preview(s.tile_style), id="tile-preview")
            with Horizontal(classes="setting"):
                yield Label("Round length", classes="setting-label")
                yield Input(str(s.round_length), type="integer", compact=True, max_length=3,
                            id="round-length")
                yield Static(f"questions ({MIN_ROUND}-{MAX_ROUND})", id="round-length-note")
            with Horizontal(classes="setting"):
                yield Label("Question kinds", classes="setting-label")
                with Vertical(id="kinds"):
                    for kind, key in _KIND_KEYS.items():  # the kinds the quiz screen asks
                        yield TickBox(kind.label, value=kind in s.kinds, compact=True, id=key)
            with Horizontal(classes="setting"):
                yield Label("Difficulty", classes="setting-label")
                with Vertical(id="difficulty-box"):
                    with RadioSet(id="difficulty", compact=True):
                        for level in LEVELS:
                            yield RadioChoice(level, value=level == level_choice(s),
                                              id=f"difficulty-{level}", compact=True)
                    yield Static(_level_note(level_choice(s)), id="difficulty-note")
            with Horizontal(classes="setting"):
                yield Label("Retention", classes="setting-label")
                yield Input(f"{s.desired_retention:g}", compact=True, max_length=6,
                            id="retention", tooltip="The review scheduler's desired "
                            "retention: 0.9 brings a pattern back when the chance you "
                            "still know it has fallen to 90%")
                yield Static(RETENTION_NOTE, id="retention-note")
            with Horizontal(classes="setting"):
                yield Label("Theme", classes="setting-label")
                yield SafeSelect([(name, name) for name in self.themes], value=s.theme,
                             allow_blank=False, compact=True, id="theme")
            yield Static(id="settings-status")
        yield LeanFooter(compact=True)

    def _ruleset_options(self) -> list[tuple[str, str]]:
        return [(name if name in self.builtin else f"house rules: {Path(name).name}", name)
                for name in self.rulesets]

    def _house_hint(self) -> Content:
        from mj_trainer.tui.house_starter import example_path

        if self.settings.ruleset in self.builtin:
            offer = (" or write a starter file next to your settings and edit it"
                     if self.starter_folder is not None else "")
            return Content.assemble((
                "A TOML file that changes a ruleset: type its path and press enter. "
                f"A commented example is at {example_path()}; copy it{offer}.",
                "$foreground 55%"))
        return self._house_ok(self.settings.ruleset)

    @on(Button.Pressed, "#starter")
    def _starter(self, event: Button.Pressed) -> None:
        event.stop()
        self.write_starter()

    def write_starter(self) -> None:
        """Copy the example into the config folder and put its path in the field."""
        from mj_trainer.tui.house_starter import StarterProblem, write_starter

        if self.starter_folder is None:
            return
        status = self.query_one("#house-status", Static)
        try:
            starter = write_starter(self.starter_folder)
        except StarterProblem as problem:
            status.update(Content.assemble(("✘ Starter file ", "bold $error"),
                                           (str(problem), "$error")))
            return
        field = self.query_one("#house-path", Input)
        field.value = str(starter.path)
        field.focus()
        done = "Wrote" if starter.created else "Already there:"
        status.update(Content.assemble(
            ("✔ ", "$success"), f"{done} {starter.path}. ",
            ("Edit it in any text editor, then press enter here to use it.",
             "$foreground 55%")))

    def _house_ok(self, path: str) -> Content:
        from mj_trainer.tui.rulesets import check_ruleset, lineage, ruleset_label

        checked = check_ruleset(path)
        if checked.rules is None:
            return self._house_problems(checked.problems)
        parents = lineage(checked.rules)[1:]
        extends = f", built on {' → '.join(parents)}" if parents else ""
        return Content.assemble(("✔ ", "$success"), "In use: ",
                                (ruleset_label(checked.rules), "bold"), extends)

    @staticmethod
    def _house_problems(problems: tuple[str, ...]) -> Content:
        parts: list[str | tuple[str, str]] = [
            ("✘ This file cannot be used; the ruleset is unchanged:", "bold $error")]
        for line in problems:
            parts += ["\n", ("  " + line, "$error")]
        return Content.assemble(*parts)

    @on(Input.Submitted, "#house-path")
    def _house_path(self, event: Input.Submitted) -> None:
        event.stop()
        self.use_house_rules(event.value)

    def use_house_rules(self, text: str) -> bool:
        """Validate a house-rules file and, when it loads, make it the ruleset."""
        from mj_trainer.tui.rulesets import check_ruleset

        status = self.query_one("#house-status", Static)
        checked = check_ruleset(text)
        if checked.rules is None:
            status.update(self._house_problems(checked.problems))
            return False
        path = checked.text
        if path not in self.rulesets:
            self.rulesets = [*self.rulesets, path]
            select = self.query_one("#ruleset", Select)
            with self.prevent(Select.Changed):
                select.set_options(self._ruleset_options())
                select.value = path
        else:
            with self.prevent(Select.Changed):
                self.query_one("#ruleset", Select).value = path
        self.apply(self.settings.with_(ruleset=path))
        status.update(self._house_ok(path))
        return True

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = self.cursor_blink
        self.title = "Settings"
        self.sub_title = "saved as you change them"
        self._status(self.where)
        self.query_one("#ruleset", Select).focus()
        self.call_after_refresh(self._arm)

    def _arm(self) -> None:
        self._ready = True

    def _status(self, text: str, *, problem: bool = False) -> None:
        self.query_one("#settings-status", Static).update(
            Content.assemble((text, "$warning" if problem else "$foreground 55%")))

    def apply(self, settings: Settings) -> None:
        """Keep `settings`, hand them to the app, and say where they were saved."""
        if settings == self.settings:
            return
        self.settings = settings
        self._sent.append(settings)
        message = self._save(settings)
        if message:
            self._status(message, problem=message.startswith("not saved"))

    # ---- changes made elsewhere (the command palette)

    def on_settings_changed(self, message: SettingsChanged) -> None:
        """Show settings changed elsewhere.  The change events this sets off find the
        settings already equal to what they would save, so nothing is saved twice.

        The app also tells this screen of its own changes.  Those are already shown,
        and one that comes back after a newer change (two changes in quick succession)
        would put the older value back, save it, and bounce between the two for ever:
        an echo of this screen's own change, and any older one, is dropped."""
        new = message.settings
        echo = next((k for k, sent in enumerate(self._sent) if sent is new), None)
        if echo is not None:
            del self._sent[:echo + 1]
            return
        if new == self.settings:
            return
        self.settings = new
        if new.ruleset not in self.rulesets:
            self.rulesets = [*self.rulesets, new.ruleset]
            self.query_one("#ruleset", Select).set_options(self._ruleset_options())
        self.query_one("#ruleset", Select).value = new.ruleset
        self.query_one("#house-path", Input).value = (
            new.ruleset if new.ruleset not in self.builtin else "")
        self.query_one("#house-status", Static).update(self._house_hint())
        self.query_one(f"#style-{new.tile_style.value}", RadioButton).value = True
        self.query_one("#tile-preview", Static).update(preview(new.tile_style))
        self.query_one("#round-length", Input).value = str(new.round_length)
        for kind, key in _KIND_KEYS.items():
            self.query_one(f"#{key}", Checkbox).value = kind in new.kinds
        self.query_one(f"#difficulty-{level_choice(new)}", RadioButton).value = True
        self.query_one("#difficulty-note", Static).update(_level_note(level_choice(new)))
        retention = self.query_one("#retention", Input)
        if parse_retention(retention.value)[0] != new.desired_retention:
            retention.value = f"{new.desired_retention:g}"
        if new.theme not in self.themes:
            self.themes = [*self.themes, new.theme]
            self.query_one("#theme", Select).set_options([(t, t) for t in self.themes])
        self.query_one("#theme", Select).value = new.theme

    # ---- reactions

    @on(Select.Changed, "#ruleset")
    def _ruleset(self, event: Select.Changed) -> None:
        if self._ready and isinstance(event.value, str):
            self.apply(self.settings.with_(ruleset=event.value))
            self.query_one("#house-status", Static).update(self._house_hint())

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        if self._ready and isinstance(event.value, str):
            self.apply(self.settings.with_(theme=event.value))

    @on(RadioSet.Changed, "#tile-style")
    def _tile_style(self, event: RadioSet.Changed) -> None:
        pressed = event.pressed.id or ""
        style = TileStyle(pressed.removeprefix("style-"))
        self.query_one("#tile-preview", Static).update(preview(style))
        if self._ready:
            self.apply(self.settings.with_(tile_style=style))

    @on(RadioSet.Changed, "#difficulty")
    def _difficulty(self, event: RadioSet.Changed) -> None:
        choice = (event.pressed.id or "").removeprefix("difficulty-")
        if choice not in LEVELS:
            return
        self.query_one("#difficulty-note", Static).update(_level_note(choice))
        if self._ready:
            self.apply(with_level(self.settings, choice))

    @on(Input.Changed, "#retention")
    def _retention(self, event: Input.Changed) -> None:
        note = self.query_one("#retention-note", Static)
        value, problem = parse_retention(event.value)
        if value is None:
            note.update(Content.assemble((f"✘ {problem}; not saved", "$error")))
            return
        note.update(RETENTION_NOTE)
        if self._ready:
            self.apply(self.settings.with_(desired_retention=value))

    @on(Input.Changed, "#round-length")
    def _length(self, event: Input.Changed) -> None:
        note = self.query_one("#round-length-note", Static)
        try:
            n = int(event.value)
        except ValueError:
            n = 0
        if not MIN_ROUND <= n <= MAX_ROUND:
            note.update(Content.assemble((f"a number from {MIN_ROUND} to {MAX_ROUND}",
                                          "$error")))
            return
        note.update(f"questions ({MIN_ROUND}-{MAX_ROUND})")
        if self._ready:
            self.apply(self.settings.with_(round_length=n))

    @on(Checkbox.Changed)
    def _kinds(self, event: Checkbox.Changed) -> None:
        if not self._ready:
            return
        chosen = tuple(k for k in _KIND_KEYS
                       if self.query_one(f"#{_KIND_KEYS[k]}", Checkbox).value)
        if not chosen:
            event.checkbox.value = True
            self.notify("A round needs at least one kind of question.", timeout=3)
            return
        self.apply(self.settings.with_(kinds=chosen))

    def action_back(self) -> None:
        self.dismiss(None)
