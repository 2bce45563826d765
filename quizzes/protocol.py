"""The quiz protocol: a round driven by another program, one JSON object a line.

`ProtocolRound` wraps the app's own round object (`quizzes.round.Round`), so an
answer given here is graded, explained and recorded exactly as in the app.  It turns
client lines into answers and grades into messages; it never writes anywhere itself
(the command in `tui.quiz_jsonl` owns stdin and stdout), so it is tested without a
process.

    pr = ProtocolRound(trainer_round)
    out = pr.start()                    # [question 1] (or [summary] for an empty round)
    out = pr.handle('{"total": 80}')    # [grade, question 2] or [error] or [hint] ...
    out = pr.close()                    # EOF: [summary] (once)

Plain Python: no Textual, no Rich.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from mj_trainer.engine import tiles
from mj_trainer.engine.jsonio import hand_to_json, score_to_json
from mj_trainer.quizzes.explanation import Explanation
from mj_trainer.quizzes.grading import Grade
from mj_trainer.quizzes.questions import (
    Answer,
    PatternsAnswer,
    Question,
    QuestionKind,
    TotalAnswer,
    YesNoAnswer,
)
from mj_trainer.quizzes.round import Round
from mj_trainer.quizzes.sources import CuratedSource
from mj_trainer.quizzes.split import (
    SplitAnswer,
    SplitLineError,
    best_answer,
    check_tiles,
    read_groups,
)

Message = dict[str, Any]

# The protocol's names of the question kinds, and back.
KIND_NAMES: Final[dict[QuestionKind, str]] = {
    QuestionKind.PATTERNS: "patterns",
    QuestionKind.TOTAL: "total",
    QuestionKind.DOES_COUNT: "counts",
    QuestionKind.IS_WIN: "win",
    QuestionKind.SPLIT: "split",
}
KINDS_BY_NAME: Final[dict[str, QuestionKind]] = {
    **{v: k for k, v in KIND_NAMES.items()},
    **{k.value: k for k in QuestionKind},  # the settings file's names work too
}
_CONTROLS: Final = ("skip", "hint", "end")
MAX_LINE: Final = 1 << 20  # a client line longer than this is refused, not parsed


class BadLine(ValueError):
    """A client line that is not a valid message for the open question."""


def error(message: str) -> Message:
    return {"type": "error", "message": message}


def parse_kinds(text: str) -> tuple[QuestionKind, ...]:
    """``patterns,total`` -> kinds; ValueError naming the unknown ones."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in KINDS_BY_NAME]
    if unknown or not names:
        raise ValueError(f"unknown question kind(s) {', '.join(unknown) or '(none)'}: "
                         f"choose from {', '.join(KIND_NAMES.values())}")
    return tuple(KINDS_BY_NAME[n] for n in names)


# --------------------------------------------------------------------------- reading


def read_line(line: str) -> dict[str, Any]:
    """A client line as a JSON object; BadLine saying what is wrong with it."""
    if len(line) > MAX_LINE:
        raise BadLine(f"line too long ({len(line)} characters; at most {MAX_LINE})")
    if "\x00" in line:
        raise BadLine("line holds a NUL character")
    if not line.strip():
        raise BadLine("empty line: expected a JSON object such as {\"skip\": true}")
    try:
        data = json.loads(line)
    except RecursionError:
        raise BadLine("JSON nested too deeply") from None
    except ValueError as err:  # JSONDecodeError, and ints of thousands of digits
        raise BadLine(f"not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise BadLine(f"expected a JSON object, got {type(data).__name__}")
    return data


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadLine(f"{what} must be a whole number, got {json.dumps(value)[:40]}")
    if isinstance(value, float) and not value.is_integer():
        raise BadLine(f"{what} must be a whole number, got {value}")
    return int(value)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data[key]
    if not isinstance(value, bool):
        raise BadLine(f"{key!r} must be true or false, got {json.dumps(value)[:40]}")
    return value


def _only(data: Mapping[str, Any], allowed: tuple[str, ...], kind: str) -> None:
    extra = sorted(k for k in data if k not in allowed)
    if extra:
        raise BadLine(f"a {kind} question takes {', '.join(repr(a) for a in allowed)}; "
                      f"unexpected {', '.join(repr(e) for e in extra)}")


def parse_answer(data: Mapping[str, Any], question: Question) -> Answer:
    """The answer a client object gives to `question`; BadLine when it is not one."""
    kind = question.kind
    name = KIND_NAMES[kind]
    if kind is QuestionKind.PATTERNS:
        allowed = ("patterns", "total", "points", "doubles") if question.asks_breakdown \
            else ("patterns", "total")
        _only(data, allowed, name)
        if "patterns" not in data:
            raise BadLine('a patterns question needs "patterns": {"ID": count, ...}')
        claims = data["patterns"]
        if not isinstance(claims, dict):
            raise BadLine('"patterns" must be an object of pattern id -> count')
        ids = question.ruleset.by_id()
        counts: dict[str, int] = {}
        for pid, n in claims.items():
            if pid not in ids:
                raise BadLine(f"no pattern {pid!r} in {question.ruleset.id}")
            count = _whole(n, f"the count of {pid}")
            if count < 0:
                raise BadLine(f"the count of {pid} cannot be negative")
            counts[pid] = count
        total = data.get("total")
        points = data.get("points")
        doubles = data.get("doubles")
        if doubles is not None and _whole(doubles, "doubles") < 0:
            raise BadLine("doubles cannot be negative")
        return PatternsAnswer.of(
            counts, None if total is None else _whole(total, "total"),
            points=None if points is None else _whole(points, "points"),
            doubles=None if doubles is None else _whole(doubles, "doubles"))
    if kind is QuestionKind.SPLIT:
        _only(data, ("sets", "winning"), name)
        if "sets" not in data:
            raise BadLine('a split question needs {"sets": [["c1", "c2", "c3"], ...]}')
        winning = data.get("winning")
        if winning is not None:
            winning = _whole(winning, "winning")
        try:
            answer = SplitAnswer(read_groups(data["sets"]), winning)
            check_tiles(question.hand, answer)
        except SplitLineError as err:
            raise BadLine(str(err)) from None
        return answer
    if kind is QuestionKind.TOTAL:
        _only(data, ("total",), name)
        if "total" not in data:
            raise BadLine('a total question needs {"total": N}')
        return TotalAnswer(_whole(data["total"], "total"))
    key = "counts" if kind is QuestionKind.DOES_COUNT else "win"
    _only(data, (key,), name)
    if key not in data:
        raise BadLine(f'a {name} question needs {{"{key}": true}} or {{"{key}": false}}')
    return YesNoAnswer(_flag(data, key))


def _control(data: Mapping[str, Any]) -> str | None:
    """"skip", "hint" or "end" for a control message, None for an answer."""
    found = [c for c in _CONTROLS if c in data]
    if not found:
        return None
    if len(data) != 1:
        raise BadLine(f"{{\"{found[0]}\": true}} stands alone; remove the other fields")
    if data[found[0]] is not True:
        raise BadLine(f"{found[0]!r} must be true")
    return found[0]


# --------------------------------------------------------------------------- writing


def question_message(q: Question, of: int, source: object) -> Message:
    curated = isinstance(source, CuratedSource)
    out: Message = {
        "type": "question",
        "n": q.number,
        "of": of,
        "kind": KIND_NAMES[q.kind],
        "ruleset": q.ruleset.id,
        "hand": hand_to_json(q.hand),
        "pattern": q.target,
        "set": source.set_name if isinstance(source, CuratedSource) else None,
        "hand_id": q.hand_id if curated else None,
        # optional, beyond the contract's fields: the prompt in words
        "prompt": q.prompt,
    }
    if q.scope is not None:  # a lesson drill: what it grades, and what it gives
        out["scope"] = sorted(q.scope, key=_id_key)
        out["given"] = given_patterns(q)
    if q.ask_winning:
        out["ask_winning"] = True
    return out


def given_patterns(q: Question) -> dict[str, dict[str, int]]:
    """The patterns that count outside the question's scope: id -> count and points
    (and doublings under the doubling scheme)."""
    doubling = q.ruleset.doubling
    out: dict[str, dict[str, int]] = {}
    for h in q.given:
        entry = {"count": h.count, "points": h.points}
        if doubling:
            entry["doubles"] = h.doubles
        out[h.pattern.id] = entry
    return out


def _id_key(pattern_id: str) -> tuple[int, ...]:
    return tuple(int(x) for x in pattern_id.split(".") if x.isdigit())


def set_tiles(sets: tuple[str, ...]) -> list[str]:
    """Tile codes of sets in the hand notation: ``c123`` -> c1 c2 c3, ``[we we we]``."""
    out: list[str] = []
    for text in sets:
        for raw in text.replace("+", " ").split():
            token = raw.strip("[]{}")
            if len(token) > 2 and token[0] in "cbkfs" and token[1:].isdigit():
                out.extend(f"{token[0]}{d}" for d in token[1:])
            elif tiles.parse_code(token) is not None:
                out.append(token)
    return out


def explanation_message(e: Explanation) -> Message:
    return {"about": e.pattern_id, "mistake": e.kind.value, "text": e.text,
            "tiles": set_tiles(e.sets), "rule": e.rule_id}


def outcome_lists(g: Grade) -> tuple[list[str], list[str], list[str]]:
    """(right, missed, wrong) pattern ids of a graded answer, as the contract names them."""
    right: list[str] = []
    missed: list[str] = []
    wrong: list[str] = []
    for m in g.marks:
        pid = m.pattern.id
        if m.ok:
            right.append(pid)
        elif m.claimed < m.expected:
            missed.append(pid)
        else:
            wrong.append(pid)
    q = g.question
    if q.kind is QuestionKind.DOES_COUNT and q.target is not None:
        counts = any(h.pattern.id == q.target for h in q.result.counted)
        if g.correct:
            right.append(q.target)
        elif counts:
            missed.append(q.target)
        elif g.answer is not None:
            wrong.append(q.target)
    return right, missed, wrong


def _expected(q: Question) -> Message:
    exp = q.expected()
    if isinstance(exp, PatternsAnswer):
        out: Message = {"patterns": dict(exp.patterns), "total": exp.total}
        if exp.points is not None:
            out["points"] = exp.points
            out["doubles"] = exp.doubles
        return out
    if isinstance(exp, TotalAnswer):
        return {"total": exp.total}
    if isinstance(exp, SplitAnswer):
        return exp.to_json()
    return {KIND_NAMES[q.kind]: exp.yes}


def grade_message(g: Grade, hinted: list[str]) -> Message:
    q = g.question
    if q.kind is QuestionKind.SPLIT:
        return _split_grade_message(g)
    right, missed, wrong = outcome_lists(g)
    out: Message = {
        "type": "grade",
        "n": q.number,
        "credit": round(g.credit, 4),
        "right": right,
        "missed": missed,
        "wrong": wrong,
        "total": ({"given": g.total_given, "correct": q.result.total, "ok": bool(g.total_ok)}
                  if g.total_ok is not None else None),
        "explanations": [explanation_message(e) for e in g.explanations],
        "result": score_to_json(q.result),
        # optional fields, beyond the contract's
        "correct": g.correct,
        "expected": _expected(q),
        "notes": [explanation_message(e) for e in g.notes],
        "hinted": hinted,
    }
    if g.points_ok is not None:
        out["points"] = {"given": g.points_given, "correct": g.points_expected,
                         "ok": g.points_ok}
        out["doubles"] = {"given": g.doubles_given, "correct": g.doubles_expected,
                          "ok": g.doubles_ok}
    if g.skipped:
        out["skipped"] = True
    return out


def _split_grade_message(g: Grade) -> Message:
    q = g.question
    best = best_answer(q.result)
    out: Message = {
        "type": "grade",
        "n": q.number,
        "kind": "split",
        "credit": round(g.credit, 4),
        "ok": g.correct,
        "best": [list(group) for group in best.sets],
        "explanations": [explanation_message(e) for e in g.explanations],
        # the fields every grade has, for clients that read them whatever the kind
        "right": [],
        "missed": [],
        "wrong": [],
        "total": None,
        "result": score_to_json(q.result),
        "correct": g.correct,
        "expected": _expected(q),
        "notes": [explanation_message(e) for e in g.notes],
    }
    if best.winning is not None:
        out["best_winning"] = best.winning
    verdict = g.verdict
    if verdict is not None and verdict.outcome is not None:
        out["reading_total"] = verdict.outcome.total
    if g.skipped:
        out["skipped"] = True
    return out


# --------------------------------------------------------------------------- the round


class ProtocolRound:
    """One round spoken in the protocol: lines in, messages out."""

    def __init__(self, trainer_round: Round) -> None:
        self.round = trainer_round
        self.missed: Counter[str] = Counter()
        self.wrong: Counter[str] = Counter()
        self.done = False

    def start(self) -> list[Message]:
        """The first question (a summary at once when the round has none)."""
        return self._next()

    def _next(self) -> list[Message]:
        q = self.round.ask()
        if q is None:
            return self.close()
        return [question_message(q, len(self.round.questions), self.round.source)]

    def handle(self, line: str) -> list[Message]:
        """The reply to one client line."""
        if self.done:
            return [error("the round is over")]
        q = self.round.current
        if q is None:
            return self.close()
        try:
            data = read_line(line)
            control = _control(data)
            if control == "end":
                return self.close()
            if control == "hint":
                return [self._hint(q)]
            answer = None if control == "skip" else parse_answer(data, q)
        except BadLine as err:
            return [error(str(err))]
        try:
            hinted = [h.pattern.id for h in self.round.hints_for(q)]
            graded = self.round.answer(answer)
        except (ValueError, TypeError) as err:  # the grader refused it: nothing recorded
            return [error(str(err))]
        if not graded.skipped:  # a skip is not a mistake: the summary counts answers only
            _, missed, wrong = outcome_lists(graded)
            self.missed.update(missed)
            self.wrong.update(wrong)
        return [grade_message(graded, hinted), *self._next()]

    def _hint(self, q: Question) -> Message:
        if q.kind not in (QuestionKind.PATTERNS, QuestionKind.TOTAL):
            return error(f"no hints for a {KIND_NAMES[q.kind]} question")
        found = self.round.hint()
        if found is None:
            return error("no hint left: every pattern that counts has been shown")
        return {"type": "hint", "text": found.text, "pattern": found.pattern.id}

    def close(self) -> list[Message]:
        """End the round (after the last question, on end or on EOF): the summary, once."""
        if self.done:
            return []
        self.done = True
        s = self.round.finish()
        return [{
            "type": "summary",
            "questions": s.questions,
            "answered": s.answered,
            "credit": round(s.score, 4),
            "missed": dict(sorted(self.missed.items())),
            "wrong": dict(sorted(self.wrong.items())),
            # optional fields
            "skipped": s.skipped,
            "correct": s.correct,
        }]
