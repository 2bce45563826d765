"""Count detector names written as string literals outside the rule catalogue.

Every rule should live in one place (`engine/patterns/`): a module elsewhere that
spells out a detector's name keeps its own knowledge of that rule.  This script
walks the Python sources of the package (not `engine/patterns/`, `tests/` or
`benchmarks/`) and counts string literals that name a detector, either as the
whole string or as every word of a space-separated list (``"a b c".split()``).

    python tools/count_detector_literals.py            # the total and the modules
    python tools/count_detector_literals.py --list     # every literal with its line
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "quizzes", "cli", "tui")
EXCLUDED = ("engine/patterns/",)


def detector_names() -> frozenset[str]:
    sys.path.insert(0, str(ROOT))
    from mj_trainer.engine.patterns import detector_names as names

    return names()


def literals(path: Path, names: frozenset[str]) -> list[tuple[int, str]]:
    """(line, name) for every detector name spelled out in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        text = node.value
        if text in names:
            found.append((node.lineno, text))
            continue
        words = text.split()
        if len(words) > 1 and all(w in names for w in words):
            found.extend((node.lineno, w) for w in words)
    return found


def sources() -> list[Path]:
    out: list[Path] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(EXCLUDED):
                out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every literal")
    args = parser.parse_args(argv)
    names = detector_names()
    per_module: Counter[str] = Counter()
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        for line, name in literals(path, names):
            per_module[rel] += 1
            if args.list:
                print(f"{rel}:{line}: {name}")
    total = sum(per_module.values())
    print(f"{total} detector-name literals in {len(per_module)} modules")
    for rel, n in per_module.most_common():
        print(f"  {n:4d}  {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
