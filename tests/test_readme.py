"""The README works outside this repository: on the package index and in an sdist."""

from __future__ import annotations

import re
from pathlib import Path

from mj_trainer.quizzes.sets import builtin_sets

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
HOME = "https://github.com/mj-trainer/mj-trainer"


def test_no_link_leaves_the_project() -> None:
    # The case that broke: links to ../shared/, a folder only this workplace has.
    assert "shared/" not in README
    for target in re.findall(r"\]\(([^)]+)\)", README):
        assert target.startswith(("https://", "#")), target


def test_links_under_the_project_home_name_files_that_exist() -> None:
    for target in re.findall(r"\]\((" + re.escape(HOME) + r"/(?:blob|raw)/main/[^)]+)\)",
                             README):
        path = target.split("/main/", 1)[1]
        assert (ROOT / path).is_file(), path


def test_set_and_hand_counts_are_measured() -> None:
    # The case that broke: the README said 21 sets; there are 31 with 402 hands.
    sets = builtin_sets()
    hands = sum(len(s) for s in sets)
    assert f"the {len(sets)} built-in sets" in README
    assert f"{hands} hands in {len(sets)} sets" in README
