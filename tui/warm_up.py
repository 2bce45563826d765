"""What a learner opens next, made ready while home is read.

The first review, stats screen or calculator of a session paid for everything met for
the first time: importing its modules (the stats chart's library alone is about a
tenth of a second), loading the other rulesets (the calculator scores every one),
reading the built-in sets and scoring their hands (review deals from them), and the
CSS of widgets not seen yet: each new kind of widget adds its default CSS, and a
screen's own style file makes Textual parse the whole stylesheet again and restyle
every widget of every screen.  Together 0.4-1 s in front of the learner, where the
quiz draws its next hand in about 20 ms.

Once home is drawn the app does that work while the learner reads it: the imports,
rulesets and curated hands in a thread, then the styles on the app's own loop, in one
go; then it builds those screens ahead (tui/spare_screens.py).  Nothing is drawn, so
what the learner sees is unchanged; the real app and the benchmarks do it
(`make_app(settle_memory=True)`), tests that build many apps do not.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.app import App

    from mj_trainer.engine.ruleset import Ruleset

# The screens a learner opens from home, with what they load on first use.
SCREEN_MODULES: Final = (
    "mj_trainer.tui.screens.quiz",
    "mj_trainer.tui.screens.summary",
    "mj_trainer.tui.screens.stats",
    "mj_trainer.tui.screens.calculator",
    # Their style files are theirs alone (CSS_PATH), no longer parsed before home.
    "mj_trainer.tui.screens.settings",
    "mj_trainer.tui.screens.course",
    "mj_trainer.tui.screens.glossary",
    "mj_trainer.tui.screens.notice",  # the dialogs over a screen, and the help
    "mj_trainer.tui.screens.help",
)
# Modules those screens import only when first used.
LATER_MODULES: Final = (
    "textual_plotext",
    "mj_trainer.quizzes.stats",
    "mj_trainer.quizzes.mastery",
    "mj_trainer.quizzes.round",
    "mj_trainer.quizzes.session",
    "mj_trainer.tui.widgets.feedback",
    "mj_trainer.tui.widgets.pattern_picker",
    "mj_trainer.engine.score_sheet",  # the calculator's score and its other readings
    "mj_trainer.tui.sheet_text",
)
START_AFTER_S: Final = 0.2  # after home is drawn, so its first frame never waits


def start_warm_up(app: App[Any], ruleset: Ruleset | None = None, *,
                  then: Callable[[], object] | None = None) -> threading.Thread:
    """Import and load in a thread, then add the styles on the app's loop; with the
    ruleset in use, also read and score the curated hands review deals from.  `then`
    runs on the app's loop after the styles (the app builds screens ahead with it)."""

    def run() -> None:
        try:
            screens = list(_import_all())
            _load_rulesets()
            if ruleset is not None:
                _score_curated(ruleset)
            app.call_from_thread(add_styles, app, screens)
            if then is not None:
                app.call_from_thread(then)
        except Exception as err:  # only a head start: the screen loads it when opened
            app.log.warning(f"warm-up stopped: {type(err).__name__}: {err}")

    thread = threading.Thread(target=run, name="warm-up", daemon=True)
    thread.start()
    return thread


def _import_all() -> Iterator[type[Screen[object]]]:
    for name in LATER_MODULES:
        # An optional part not installed is reported when it is used, not here.
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    for name in SCREEN_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (inspect.isclass(value) and issubclass(value, Screen)
                    and value.__module__ == name):
                yield value


def _load_rulesets() -> None:
    from mj_trainer.engine.ruleset import builtin_names, load

    for name in builtin_names():
        load(name)


def _score_curated(ruleset: Ruleset) -> None:
    """Review deals from the built-in sets' hands scored under the ruleset: 31 set
    files read and about 270 hands scored, once a session (kept, shared)."""
    from mj_trainer.quizzes.pattern_hands import curated_pattern_hands

    curated_pattern_hands(ruleset).shown  # noqa: B018 - computed and kept


def widget_classes(screen: type[Screen[object]]) -> set[type[Widget]]:
    """The widget classes a screen's module and the modules of its widgets name: what
    the screen mounts (and a few it may not, whose CSS is scoped to their own type)."""
    found: set[type[Widget]] = set()
    todo = [inspect.getmodule(screen)]
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        if module is None or module.__name__ in seen:
            continue
        seen.add(module.__name__)
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, Widget) and value not in found:
                found.add(value)
                own = inspect.getmodule(value)
                if own is not None and own.__name__.startswith(("mj_trainer.tui",
                                                               "textual.widgets",
                                                               "textual_plotext")):
                    todo.append(own)
    return found


def default_css(cls: type[DOMNode]) -> Iterator[tuple[tuple[str, str], str, int, str]]:
    """What Textual adds to the stylesheet when a widget of `cls` is first registered
    (DOMNode._get_default_css, for a class instead of an instance)."""
    for tie_breaker, base in enumerate(DOMNode._css_bases(cls)):
        css: str = base.__dict__.get("DEFAULT_CSS", "")
        if not css:
            continue
        try:
            where = (inspect.getfile(base), f"{base.__name__}.DEFAULT_CSS")
        except (TypeError, OSError):
            where = ("", f"{base.__name__}.DEFAULT_CSS")
        scoped: bool = base.__dict__.get("SCOPED_CSS", True)
        yield where, css, -tie_breaker, base._css_type_name if scoped else ""


def add_styles(app: App[Any], screens: list[type[Screen[object]]]) -> None:
    """Add the screens' style files and their widgets' default CSS, parse once and
    restyle what is mounted once (what each first open did, each time)."""
    if not app.is_running:
        return
    sheet: Stylesheet = app.stylesheet
    before = len(sheet.source)
    for screen in screens:
        for cls in sorted(widget_classes(screen), key=lambda c: c.__qualname__):
            for where, css, tie_breaker, scope in default_css(cls):
                if not scope and where not in sheet.source:
                    continue  # CSS for every widget: added only when one is mounted
                sheet.add_source(css, read_from=where, is_default_css=True,
                                 tie_breaker=tie_breaker, scope=scope)
        for path in _css_paths(app, screen):
            if not sheet.has_source(str(path), ""):
                sheet.read(path)
    if len(sheet.source) != before:
        app.refresh_css(animate=False)


def _css_paths(app: App[Any], screen: type[Screen[object]]) -> list[Path]:
    """A screen class's style files, resolved as Textual resolves an instance's."""
    from textual._path import _css_path_type_as_list

    paths = _css_path_type_as_list(screen.CSS_PATH) if screen.CSS_PATH else []
    folder = Path(inspect.getfile(screen)).parent
    return [(folder / p).resolve() for p in paths]
