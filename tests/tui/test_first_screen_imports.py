"""What a fresh app loads before home shows the learner's figures (issue 24, the first
screen): the menu and the figures (streak, what is due, the patterns known, the next
lesson) are there, and the modules only a round, a drill or another screen needs are
not loaded yet.  A fresh interpreter, so nothing an earlier test imported counts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_PROBE = r"""
import json, sys
from mj_trainer.tui.app import make_app
app = make_app(data_dir=sys.argv[1], config_path=sys.argv[2])
seen = {}
async def shown(pilot):
    await pilot.pause()
    while getattr(pilot.app.screen, "stats", None) is None:
        await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    seen["screen"] = type(screen).__name__
    seen["status"] = str(screen.query_one("#home-status").render())
    seen["menu"] = [str(o.prompt) for o in screen.query_one("#home-menu").options]
    seen["modules"] = sorted(m for m in sys.modules if m.startswith("mj_trainer"))
    pilot.app.exit()
app.run(headless=True, size=(80, 24), auto_pilot=shown)
print(json.dumps(seen))
"""

# Loaded when a round, a drill, a hand, the hand generator or a dialog is first used,
# never for home: the settings and the store name no hand, a ruleset loads without its
# detectors, the round and the grader load with the first round, the dialogs' screens
# with the first notice or a window too small.
NOT_FOR_HOME = (
    "mj_trainer.engine.generator",
    "mj_trainer.engine.patterns",
    "mj_trainer.engine.arrangements",
    "mj_trainer.engine.hand",
    "mj_trainer.engine.scoring",
    "mj_trainer.quizzes.questions",
    "mj_trainer.quizzes.grading",
    "mj_trainer.quizzes.round",
    "mj_trainer.quizzes.session",
    "mj_trainer.quizzes.sources",
    "mj_trainer.tui.round_plans",
    "mj_trainer.tui.screens.notice",
    "mj_trainer.tui.screens.help",
    "mj_trainer.quizzes.course.drill",
    "mj_trainer.quizzes.course.search",
    "mj_trainer.quizzes.course.worked",
    "mj_trainer.tui.screens.quiz",
    "mj_trainer.tui.screens.settings",
    "mj_trainer.tui.screens.course",
)


def test_home_shows_its_figures_before_loading_rounds_or_drills(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, str(tmp_path / "data"), str(tmp_path / "c.toml")],
        capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["screen"] == "HomeScreen"
    # The figures, read in a worker, are on the screen (a new learner's zeros).
    for figure in ("Streak  0 days", "Review  0 due", "Known   0 of"):
        assert figure in seen["status"], seen["status"]
    assert any("new here? start with lesson 1" in line for line in seen["menu"])
    assert any("nothing due" in line for line in seen["menu"])
    loaded = set(seen["modules"])
    assert "mj_trainer.quizzes.store" in loaded  # the listing really is of the app
    early = sorted(m for m in loaded if m.startswith(NOT_FOR_HOME))
    assert early == []


def test_every_course_name_is_the_object_not_its_module() -> None:
    """The course hands out its names when first used; importing one of its modules
    binds the module's name on the package, so no module may share a name with what
    the course hands out (the function `glossary` lives in `glossary_entries`): with
    every module of the course imported, each name is still the object, not a module."""
    import importlib
    import types

    from mj_trainer.quizzes import course

    folder = Path(course.__file__).parent
    subs = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    assert "glossary_entries" in subs  # the listing really is of the course's modules
    for sub in subs:
        importlib.import_module(f"mj_trainer.quizzes.course.{sub}")
    modules = [name for name in course.__all__
               if isinstance(getattr(course, name), types.ModuleType)]
    assert modules == []
