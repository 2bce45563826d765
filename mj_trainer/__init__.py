"""mj-trainer: learn to score mahjong hands.

The repository keeps its four top-level folders (``engine/``, ``quizzes/``, ``cli/``,
``tui/``); installed, they live under this one namespace as ``mj_trainer.engine``,
``mj_trainer.quizzes``, ``mj_trainer.cli`` and ``mj_trainer.tui`` so that no generic
top-level name is claimed.
Inside the source tree the four entries here are symbolic links to those folders, which
lets tools that read files (mypy, pytest) see the same module names as an install.

Where the links are missing (an unpacked sdist, a checkout without symlink support), the
source tree's root is searched after this folder, so the tests still run from there.
"""

from pathlib import Path as _Path

_here = _Path(__file__).resolve().parent
if not (_here / "engine").is_dir() and (_here.parent / "pyproject.toml").is_file():
    __path__.append(str(_here.parent))  # the source tree, never site-packages
