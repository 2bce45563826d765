"""Answers that could not be written yet: kept in a journal beside the database.

When the progress database refuses a write in the middle of a round (locked by another
program for longer than the busy timeout, a full disk, a damaged schema, a read-only
file), the answer is not lost: it goes, as one JSON line, to
``progress.sqlite3.pending.jsonl`` next to the database (or, when even that cannot be
written, stays in memory for this session). Every later write, and every start-up,
first tries to move the journal into the database, oldest first; an answer leaves the
journal only once the database has committed it.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, fields
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from mj_trainer.quizzes.records import AnswerRecord, SetPosition

SUFFIX: Final = ".pending.jsonl"


def journal_path(database: Path) -> Path:
    return database.with_name(database.name + SUFFIX)


def _to_json(round_id: int, record: AnswerRecord, position: SetPosition | None) -> str:
    rec = asdict(record)
    rec["answered_at"] = record.answered_at.isoformat() if record.answered_at else None
    return json.dumps({"round_id": round_id, "record": rec,
                       "position": asdict(position) if position else None},
                      ensure_ascii=False, sort_keys=True)


def _from_json(line: str) -> PendingAnswer | None:
    try:
        data = json.loads(line)
        rec: dict[str, Any] = dict(data["record"])
        names = {f.name for f in fields(AnswerRecord)}
        rec = {k: v for k, v in rec.items() if k in names}
        if rec.get("answered_at"):
            rec["answered_at"] = datetime.fromisoformat(rec["answered_at"])
        pos = data.get("position")
        return PendingAnswer(int(data["round_id"]), AnswerRecord(**rec),
                             SetPosition(**pos) if pos else None)
    except (ValueError, KeyError, TypeError):
        return None  # a damaged line (a crash mid-append) is skipped, never fatal


class PendingAnswer:
    """One answer waiting to be written: its round, the record and the set position."""

    __slots__ = ("in_memory", "position", "record", "round_id")

    def __init__(self, round_id: int, record: AnswerRecord,
                 position: SetPosition | None) -> None:
        self.round_id = round_id
        self.record = record
        self.position = position
        self.in_memory = False  # True when the journal file could not take it

    def line(self) -> str:
        return _to_json(self.round_id, self.record, self.position)


class PendingJournal:
    """The journal file plus whatever could not even be appended to it."""

    def __init__(self, database: Path) -> None:
        self.path = journal_path(database)
        self._memory: list[PendingAnswer] = []

    def load(self) -> list[PendingAnswer]:
        """Every waiting answer, oldest first (journal, then memory)."""
        out: list[PendingAnswer] = []
        try:
            if self.path.is_file() and not self.path.is_symlink():
                text = self.path.read_text(encoding="utf-8")
                out = [a for a in map(_from_json, text.splitlines()) if a is not None]
        except (OSError, UnicodeDecodeError):
            pass
        return out + self._memory

    def __len__(self) -> int:
        return len(self.load())

    def add(self, answer: PendingAnswer) -> bool:
        """Keep `answer`; True when it reached the journal file, False when only memory."""
        try:
            if self.path.is_symlink():
                raise OSError("the journal is a symbolic link")
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
            fd = os.open(self.path, flags, 0o600)
            try:
                os.write(fd, (answer.line() + "\n").encode("utf-8"))
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:
            answer.in_memory = True
            self._memory.append(answer)
            return False
        return True

    def keep_only(self, waiting: list[PendingAnswer]) -> None:
        """After a flush: the answers still waiting replace the journal's content."""
        from mj_trainer.quizzes.atomic_file import write_atomically

        # If the file cannot be rewritten it keeps its lines (written ones are skipped
        # on the next flush); answers that only ever lived in memory stay there.
        self._memory = [a for a in waiting if a.in_memory]
        try:
            if waiting:
                write_atomically(self.path, "".join(a.line() + "\n" for a in waiting))
                self._memory = []
            else:
                self.path.unlink(missing_ok=True)
        except OSError:
            pass
