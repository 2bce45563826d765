"""The architecture picture (docs/architecture.svg, drawn from docs/architecture.dot)
shows the imports the code has: one arrow from a package to another, or to Textual or
Rich, exactly when a module of the first imports a module of the second.

The code's imports come from grimp, which reads imports inside functions too (only
those under `if TYPE_CHECKING:` are left out: they never run). The rendered SVG is
checked against its source, so a picture left unrendered after an edit fails too.
"""

from __future__ import annotations

import re
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
DOT = ROOT / "docs" / "architecture.dot"
SVG = ROOT / "docs" / "architecture.svg"
PACKAGES = frozenset({"engine", "quizzes", "cli", "tui"})
LIBRARIES = frozenset({"textual", "rich"})  # the drawing libraries the picture shows

Arrow = tuple[str, str]


def arrows_in_code() -> set[Arrow]:
    graph = grimp.build_graph("mj_trainer", include_external_packages=True,
                              exclude_type_checking_imports=True, cache_dir=None)
    arrows = set()
    for module in graph.modules:
        parts = module.split(".")
        if parts[0] != "mj_trainer" or len(parts) < 2 or parts[1] not in PACKAGES:
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            names = imported.split(".")
            target = names[1] if names[0] == "mj_trainer" and len(names) > 1 else names[0]
            if target != parts[1] and target in PACKAGES | LIBRARIES:
                arrows.add((parts[1], target))
    return arrows


def arrows_in_source() -> set[Arrow]:
    text = DOT.read_text(encoding="utf-8")
    return set(re.findall(r"^\s*(\w+)\s*->\s*(\w+)", text, re.MULTILINE))


def arrows_in_svg() -> set[Arrow]:
    text = SVG.read_text(encoding="utf-8")
    return set(re.findall(r"<title>(\w+)&#45;&gt;(\w+)</title>", text))


def test_the_picture_has_the_arrows_of_the_code() -> None:
    code = arrows_in_code()
    picture = arrows_in_source()
    assert picture == code, (f"missing from the picture: {sorted(code - picture)}; "
                             f"not in the code: {sorted(picture - code)}")


def test_the_rendered_picture_matches_its_source() -> None:
    # Graphviz titles each edge "a->b" and each box with its name.
    assert arrows_in_svg() == arrows_in_source(), (
        "docs/architecture.svg is stale: dot -Tsvg docs/architecture.dot "
        "-o docs/architecture.svg")
    boxes = set(re.findall(r"<title>(\w+)</title>", SVG.read_text(encoding="utf-8")))
    assert boxes >= PACKAGES | LIBRARIES


def test_the_layers_point_one_way() -> None:
    # What the README says of the picture: the engine imports no other package, the
    # quizzes only the engine, and neither draws anything.
    code = arrows_in_code()
    assert not {b for a, b in code if a == "engine"}
    assert {b for a, b in code if a == "quizzes"} == {"engine"}
    assert ("tui", "cli") not in code
