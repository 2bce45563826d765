"""The Textual trainer app (placeholder until the TUI issue lands)."""

from __future__ import annotations


def run_app() -> int:
    from tui.trainer import TrainerApp

    TrainerApp().run()
    return 0
