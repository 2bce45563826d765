"""Export of the learner's history to JSON or CSV (and reading it back).

* JSON: one object with the rounds, every answer, and the per-pattern and
  per-family statistics (each with the ruleset it belongs to) — everything needed to
  rebuild a report elsewhere.  A patterns answer of the doubling scheme carries
  ``points`` and ``doubles`` beside ``patterns`` and ``total``.
* CSV: one row per answer, with its round's source; answers, expected answers and
  mistakes are JSON text in their cells, so nothing is lost.

`run_export` is the body of a command such as ``mj-trainer export FILE``: it picks
the format from the file's suffix (or `fmt`), writes ``-`` to standard output, and
returns an exit status.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any, Final

from mj_trainer.quizzes.atomic_file import UnsafeDestination, check_destination, write_atomically
from mj_trainer.quizzes.store import (
    AnswerRecord,
    ItemStats,
    ProgressStore,
    RoundRecord,
    StoreError,
    database_path,
    stamp,
)

FORMAT_NAME: Final = "mj-trainer-history"
FORMAT_VERSION: Final = 1
FORMATS: Final = ("json", "csv")

CSV_COLUMNS: Final = (
    "answer_id", "round_id", "round_source", "round_name", "seq", "answered_at", "hand_id",
    "hand", "ruleset", "kind", "target", "answer", "expected", "credit", "correct",
    "seconds", "mistakes", "outcomes",
)


def _round_json(r: RoundRecord) -> dict[str, Any]:
    return {
        "id": r.id,
        "started_at": stamp(r.started_at),
        "finished_at": stamp(r.finished_at) if r.finished_at else None,
        "source": r.source,
        "source_name": r.source_name,
        "ruleset": r.ruleset,
        "kinds": list(r.kinds),
        "planned": r.planned,
        "answered": r.answered,
        "score": r.score,
        "correct": r.correct,
        "seconds": r.seconds,
    }


def _answer_json(a: AnswerRecord) -> dict[str, Any]:
    return {
        "id": a.id,
        "round_id": a.round_id,
        "seq": a.seq,
        "answered_at": stamp(a.answered_at) if a.answered_at else None,
        "hand_id": a.hand_id,
        "hand": a.hand,
        "ruleset": a.ruleset,
        "kind": a.kind,
        "target": a.target,
        "answer": a.answer,
        "expected": a.expected,
        "credit": a.credit,
        "correct": a.correct,
        "seconds": a.seconds,
        "mistakes": a.mistakes,
        "items": dict(sorted(a.items.items())),
        # What happened to each item: right, missed, absent, outranked, too_many, limit,
        # hint, skipped (or wrong: a wrong claim saved before outcomes were kept).
        "outcomes": {k: a.outcome(k).value for k in sorted(a.items)},
    }


def _stats_json(s: ItemStats) -> dict[str, Any]:
    return {
        "id": s.ref,
        "ruleset": s.ruleset,  # one id is a different pattern in each ruleset
        "attempts": s.attempts,
        "correct": s.correct,
        "accuracy": round(s.accuracy, 4),
        "outcomes": dict(sorted(s.outcomes.items())),
        "streak": s.streak,
        "best_streak": s.best_streak,
        "first_seen": stamp(s.first_seen),
        "last_seen": stamp(s.last_seen),
    }


def history(store: ProgressStore) -> dict[str, Any]:
    """Everything the store knows about the learner's history, JSON-ready."""
    rounds = sorted(store.rounds(), key=lambda r: r.id)
    streak = store.day_streak()
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "rounds": [_round_json(r) for r in rounds],
        "answers": [_answer_json(a) for a in store.answers()],
        "patterns": [_stats_json(s) for s in store.item_stats("pattern")],
        "families": [_stats_json(s) for s in store.item_stats("family")],
        "days": {"current_streak": streak.current, "best_streak": streak.best,
                 "days_practised": streak.days},
    }


def write_json(store: ProgressStore, out: IO[str]) -> None:
    json.dump(history(store), out, ensure_ascii=False, indent=2)
    out.write("\n")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def csv_rows(store: ProgressStore) -> Iterable[dict[str, str]]:
    rounds = {r.id: r for r in store.rounds()}
    for a in store.answers():
        r = rounds.get(a.round_id) if a.round_id is not None else None
        row = _answer_json(a)
        row["answer_id"] = row.pop("id")
        row["round_source"] = r.source if r else ""
        row["round_name"] = r.source_name if r else ""
        yield {k: _cell(row.get(k)) for k in CSV_COLUMNS}


def write_csv(store: ProgressStore, out: IO[str]) -> None:
    writer = csv.DictWriter(out, fieldnames=list(CSV_COLUMNS), lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(store))


def format_for(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The export format: `fmt` if given, else from the file's suffix (default JSON)."""
    if fmt is not None:
        fmt = fmt.lower()
        if fmt not in FORMATS:
            raise ValueError(f"unknown export format {fmt!r} (json or csv)")
        return fmt
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix if suffix in FORMATS else "json"


def export_history(store: ProgressStore, path: str | os.PathLike[str],
                   fmt: str | None = None, *, force: bool = False) -> str:
    """Write the history to `path` (``-`` for standard output); returns the format used.

    The file is written atomically (`write_atomically`): never through a symbolic link
    or onto a device, and an existing file only with `force`.
    """
    kind = format_for(path, fmt)
    buffer = io.StringIO()
    (write_csv if kind == "csv" else write_json)(store, buffer)
    if str(path) == "-":
        sys.stdout.write(buffer.getvalue())
        return kind
    write_atomically(Path(path), buffer.getvalue(), replace=force)
    return kind


def _is_database(path: Path, db: Path) -> bool:
    """Whether `path` names the progress database, one of SQLite's files beside it, or
    the journals of answers not yet saved."""
    from mj_trainer.quizzes.pending import ASIDE_SUFFIX, SUFFIX

    names = {db.name + suffix for suffix in ("", "-wal", "-shm", "-journal", SUFFIX,
                                             ASIDE_SUFFIX)}
    try:
        if path.resolve().parent == db.resolve().parent and path.resolve().name in names:
            return True
        return path.exists() and db.exists() and path.samefile(db)
    except OSError:
        return False


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A JSON export read back (checked to be one)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise ValueError(f"{path}: not an mj-trainer history export")
    return data


def read_csv(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """A CSV export read back, with numbers, flags and JSON cells decoded."""
    out: list[dict[str, Any]] = []
    with Path(path).open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            out.append({
                "id": int(row["answer_id"]),
                "round_id": int(row["round_id"]) if row["round_id"] else None,
                "round_source": row["round_source"],
                "round_name": row["round_name"],
                "seq": int(row["seq"]),
                "answered_at": row["answered_at"] or None,
                "hand_id": row["hand_id"],
                "hand": row["hand"],
                "ruleset": row["ruleset"],
                "kind": row["kind"],
                "target": row["target"] or None,
                "answer": json.loads(row["answer"]) if row["answer"] else None,
                "expected": json.loads(row["expected"]),
                "credit": float(row["credit"]),
                "correct": row["correct"] == "1",
                "seconds": float(row["seconds"]) if row["seconds"] else None,
                "mistakes": json.loads(row["mistakes"]),
            })
    return out


def run_export(path: str, fmt: str | None = None,
               data_dir: str | os.PathLike[str] | None = None, *, force: bool = False) -> int:
    """Export the history for a command line; 0 on success, 1 on a problem (on stderr).

    Nothing is created where there is no progress yet, and a missing folder for the
    output is reported as such. The destination is never the progress database (nor
    its journal), a device, a folder or a symbolic link, and an existing file is
    replaced only with `force`.
    """
    db = database_path(data_dir)
    if not db.exists():
        print(f"mj-trainer export: no progress recorded yet (no {db.name} in {db.parent})",
              file=sys.stderr)
        return 1
    if path != "-":
        target = Path(path).expanduser()
        folder = target.resolve().parent
        problem = None
        if _is_database(target, db):
            problem = f"cannot write {path}: that is the progress database itself"
        elif not folder.is_dir():
            problem = f"cannot write {path}: the folder {folder} does not exist"
        else:
            try:
                check_destination(target, replace=force)
            except UnsafeDestination as err:
                problem = f"cannot write {err}"
        if problem:
            print(f"mj-trainer export: {problem}", file=sys.stderr)
            return 1
        path = str(target)
    try:
        with ProgressStore.open(data_dir) as store:
            # What the store has to say (answers recovered, rows left out), as it says it.
            store.on_notice = lambda text: print(f"mj-trainer export: {text}",
                                                 file=sys.stderr)
            for notice in store.notices:
                store.on_notice(notice)
            kind = export_history(store, path, fmt, force=force)
            count = len(store.answers())
    except (StoreError, ValueError, OSError) as err:
        print(f"mj-trainer export: {err}", file=sys.stderr)
        return 1
    if path != "-":
        print(f"Wrote {count} answers as {kind.upper()} to {path}", file=sys.stderr)
    return 0
