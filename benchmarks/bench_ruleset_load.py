"""Loading a large house-rules file: the loader must scale linearly with its patterns.

    .venv/bin/python benchmarks/bench_ruleset_load.py [--sizes 1000,2500,5000,10000]

Writes house-rules files that extend the default ruleset with N new patterns (each with
its own id, name, value and an existing detector) and times `load()` on each in CPU
seconds, with the cache cleared. A linear loader keeps the time per pattern flat as N
grows; a quadratic one doubles it each time N doubles. Also times scoring 2,000 hands
under a broken ruleset file, which must fail once, not once per hand.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.benchutil import machine_lines, table
from mj_trainer.engine.ruleset import clear_cache, load
from mj_trainer.engine.ruleset_model import RulesetError


def house_rules(n: int) -> str:
    lines = ['[ruleset]', 'id = "big-club"', 'extends = "mj-score-eval"', ""]
    for i in range(n):
        cat, rest = divmod(i, 1000)
        lines += [f'[patterns."{20 + cat}.{rest // 10 + 1}.{rest % 10 + 1}"]',
                  f'name = "Pattern {i}"', f"value = {i % 50 + 1}",
                  'detector = "all_chows"', ""]
    return "\n".join(lines)


def cpu_seconds(fn: object) -> float:
    assert callable(fn)
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="1000,2500,5000,10000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print("\n".join(machine_lines()))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"big-{n}.toml"
            path.write_text(house_rules(n), encoding="utf-8")
            clear_cache()
            secs = cpu_seconds(lambda p=path: load(str(p)))
            assert len(load(str(path)).patterns) > n
            rows.append([f"{n:,}", f"{secs:.2f}", f"{secs / n * 1e6:.0f}"])
        print(table(["patterns", "load CPU s", "us per pattern"], rows))

        broken = Path(tmp) / "broken.toml"
        broken.write_text('[ruleset]\nid = "b"\nextends = "nope.toml"\n', encoding="utf-8")
        from mj_trainer.cli.main import main as cli

        hands = Path(tmp) / "hands.txt"
        hands.write_text("c123 c456 b234 b567 k5 +k5\n" * 2000, encoding="utf-8")
        clear_cache()
        secs = cpu_seconds(lambda: cli(["score", "--input", str(hands), "--ruleset",
                                        str(broken)]))
        print(f"2,000 hands under a broken ruleset file: {secs:.2f} CPU s to fail")
    _ = RulesetError


if __name__ == "__main__":
    main()
