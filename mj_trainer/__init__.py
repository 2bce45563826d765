"""mj-trainer: learn to score mahjong hands.

The repository keeps its three top-level folders (``engine/``, ``quizzes/``, ``tui/``);
installed, they live under this one namespace as ``mj_trainer.engine``,
``mj_trainer.quizzes`` and ``mj_trainer.tui`` so that no generic top-level name is claimed.
Inside the source tree the three entries here are symbolic links to those folders, which
lets tools that read files (mypy, pytest) see the same module names as an install.
"""
