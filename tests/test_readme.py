"""The README and the other documents work wherever the source is: in a clone, in an
unpacked sdist (CI runs this file there too) and on any forge that shows the files.

So a link to another file of the project is relative and must name a file that
exists; a link never points at an address nobody has confirmed as the project's home.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from mj_trainer.quizzes.sets import builtin_sets

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# Every Markdown document of the project: the top level, docs/ and those kept beside
# the code they describe (the app's help pages included).
DOCUMENTS = sorted({*ROOT.glob("*.md"),
                    *(p for top in ("docs", "engine", "quizzes", "tui", "cli")
                      for p in (ROOT / top).rglob("*.md"))})
# [text](target) and ![alt](target), and reference definitions "[name]: target".
INLINE = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
DEFINED = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)


def links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    # Code spans and blocks hold examples, not links.
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    text = re.sub(r"`[^`\n]*`", "", text)
    return INLINE.findall(text) + DEFINED.findall(text)


def test_every_document_is_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCUMENTS}
    assert {"README.md", "CHANGELOG.md", "docs/contract.md", "quizzes/sets/FORMAT.md"} <= names


def test_the_readme_links_to_files_of_the_project() -> None:
    # Relative links are the point: the README's own links and pictures are all files.
    relative = [t for t in links(ROOT / "README.md") if "://" not in t and not
                t.startswith("#")]
    assert "docs/screenshot-browser.png" in relative and "docs/contract.md" in relative


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(path: Path) -> None:
    for target in links(path):
        if target.startswith(("https://", "mailto:", "#")):
            continue
        assert "://" not in target, f"{path.name}: {target}: only https links leave"
        file = unquote(target.split("#", 1)[0])
        resolved = (path.parent / file).resolve()
        assert resolved.exists(), f"{path.name}: {target} names no file"
        # A link may not climb out of the project (the case that broke: ../shared/).
        assert resolved.is_relative_to(ROOT), f"{path.name}: {target} leaves the project"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_link_names_an_unconfirmed_home(path: Path) -> None:
    # github.com/mj-trainer/... was never confirmed to exist; relative links need no home.
    text = path.read_text(encoding="utf-8")
    assert "github.com/mj-trainer" not in text
    assert "shared/" not in text


def test_the_package_names_no_unconfirmed_address() -> None:
    for name in ("pyproject.toml", "docs/mj-trainer.1"):
        assert "github.com/mj" not in (ROOT / name).read_text(encoding="utf-8"), name


def test_set_and_hand_counts_are_measured() -> None:
    # The case that broke: the README said 21 sets; there are 31 with 402 hands.
    sets = builtin_sets()
    hands = sum(len(s) for s in sets)
    assert f"the {len(sets)} built-in sets" in README
    assert f"{hands} hands in {len(sets)} sets" in README
