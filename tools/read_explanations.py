"""Print the explanations of wrong answers on hands aimed at every pattern, to read.

Issue 21 asked that "other hands of the same kinds" be checked, not only the hands a
learner reported.  For each pattern of a ruleset this script generates hands that
score it (and hands that are no win), gives the wrong answers a learner gives (a
pattern left out, a pattern claimed that is absent, outranked, replaced by a limit or
kept from the shape, a count too high, a wrong total, a wrong yes or no) and prints
what the feedback says, with the tiles it points at.  Lines that differ only in their
tiles and numbers are printed once, so the output is short enough to read whole.

    python tools/read_explanations.py                      # default ruleset
    python tools/read_explanations.py --ruleset zung-jung --hands 3 --seed 2
    python tools/read_explanations.py --all                # every line, no folding
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mj_trainer.engine.generator import GenerationError, iter_generated  # noqa: E402
from mj_trainer.engine.notation import format_hand  # noqa: E402
from mj_trainer.engine.ruleset import Pattern, Ruleset, load  # noqa: E402
from mj_trainer.quizzes.grading import grade  # noqa: E402
from mj_trainer.quizzes.questions import (  # noqa: E402
    Answer,
    PatternsAnswer,
    Question,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
    make_question,
)
from mj_trainer.quizzes.quiz_hand import QuizHand  # noqa: E402

# A set or tiles in notation ("[c123]", "we we we", "f1"), or a number.
_TILES = re.compile(r"[\[{]?\b(?:[cbk]\d+|w[eswn]|d[rgw]|[fs]\d)"
                    r"(?:[ ·](?:[cbk]?\d+|w[eswn]|d[rgw]))*[\]}]?|\d+")


def template(text: str) -> str:
    """The sentence with its tiles and numbers masked: lines that differ only there
    say the same thing."""
    return _TILES.sub("#", text)


def _answers(q: Question, rules: Ruleset, rng: random.Random) -> Iterator[tuple[str, Answer]]:
    best = q.result.best
    counted = {h.pattern.id: h.count for h in best.counted}
    total = q.result.total
    for pid in counted:  # each counted pattern left out
        rest = {k: v for k, v in counted.items() if k != pid}
        yield f"left out {pid}", PatternsAnswer.of(rest, total)
    for h in best.not_counted:  # each pattern in the hand that does not count, claimed
        yield f"claimed {h.pattern.id} ({h.why.name.lower() if h.why else '?'})", \
            PatternsAnswer.of(counted | {h.pattern.id: 1}, total)
    present = {h.pattern.id for h in best.hits}
    family = {p.id for h in best.counted for p in rules.patterns
              if p.family == h.pattern.family} - present
    absent = [p for p in rules.patterns if p.id not in present]
    for pid in sorted(family)[:3]:  # a neighbour in a counted pattern's family
        yield f"claimed absent {pid} (family)", PatternsAnswer.of(counted | {pid: 1}, total)
    for p in rng.sample(absent, min(3, len(absent))):
        yield f"claimed absent {p.id}", PatternsAnswer.of(counted | {p.id: 1}, total)
    for pid, n in counted.items():
        if rules.pattern(pid).unit != "hand":
            yield f"claimed {pid} once more", PatternsAnswer.of(counted | {pid: n + 1}, total)
    for delta in (-5, 10):
        yield f"total {delta:+}", PatternsAnswer.of(counted, total + delta)


def _yes_no(q: Question) -> Answer:
    expected = q.expected()
    assert isinstance(expected, YesNoAnswer)
    return YesNoAnswer(not expected.yes)


def read(rules: Ruleset, hands: int, seed: int) -> Iterator[tuple[str, str, str, str]]:
    """(pattern aimed at, hand, wrong answer, explanation line) for every pattern."""
    rng = random.Random(seed)
    aims: list[Pattern | None] = [*rules.patterns, None]
    for aim in aims:
        try:
            stream = iter_generated(seed=seed, target=aim.id if aim else None,
                                    ruleset=rules, winning=aim is not None)
            made = [next(stream) for _ in range(hands)]
        except GenerationError:
            continue
        label = aim.id if aim else "no win"
        for number, g in enumerate(made):
            item = QuizHand(f"{label}-{number}", g.hand, focus=aim.id if aim else None)
            text = format_hand(g.hand)
            if aim is None:
                q = make_question(1, QuestionKind.IS_WIN, item, ruleset=rules, rng=rng)
                for e in grade(q, _yes_no(q)).explanations:
                    yield label, text, "said win", f"{e.text}  {list(e.sets)}"
                continue
            q = make_question(1, QuestionKind.PATTERNS, item, ruleset=rules, rng=rng)
            for what, answer in _answers(q, rules, rng):
                for e in grade(q, answer).explanations:
                    yield label, text, what, f"{e.text}  {list(e.sets)}"
            q = make_question(1, QuestionKind.TOTAL, item, ruleset=rules, rng=rng)
            for e in grade(q, TotalAnswer(q.result.total + 5)).explanations:
                yield label, text, "total only, 5 too many", f"{e.text}  {list(e.sets)}"
            q = make_question(1, QuestionKind.DOES_COUNT, item, ruleset=rules, rng=rng)
            for e in grade(q, _yes_no(q)).explanations:
                yield label, text, f"does {q.target} count: wrong", f"{e.text}  {list(e.sets)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="mj-score-eval")
    ap.add_argument("--hands", type=int, default=2, help="hands per pattern (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--all", action="store_true", help="print every line, unfolded")
    args = ap.parse_args(argv)
    seen: set[str] = set()
    for label, hand, what, line in read(load(args.ruleset), args.hands, args.seed):
        key = template(line)
        if not args.all and key in seen:
            continue
        seen.add(key)
        print(f"{label:8} {hand}\n         {what}: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
