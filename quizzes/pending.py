"""Answers that could not be written yet: kept in a journal beside the database.

When the progress database refuses a write in the middle of a round (locked by another
program for longer than the busy timeout, a full disk, a damaged schema, a read-only
file), the answer is not lost: it goes, as one JSON line, to
``progress.sqlite3.pending.jsonl`` next to the database. Every later write, and every
start-up, first tries to move the journal into the database, oldest first; an answer
leaves the journal only once the database has committed it.

A full disk must not stop the journal too, so its room is taken in advance: when the
store opens, the journal file is given `RESERVE` bytes of allocated space (zeros), and
an answer is written over those zeros instead of growing the file. The file is JSON
lines, then zero bytes up to its end; a line torn by a crash is skipped when read.
(On a file system that copies on write, such as btrfs or ZFS, an overwrite may still
need new space; there the reserve helps less.)

An answer that even the journal cannot take stays in this process's memory
(`PendingJournal.unkept`): it is written as soon as the database or the journal takes
it, and it is lost if the program ends first, which the app and the quiz protocol say.

Each line also carries the round the answer belongs to (when it started, its source,
ruleset, kinds and length), so that an answer whose round is no longer in the
database (the file was replaced or restored from a backup) gets its round recreated
instead of being refused forever (see `quizzes.store`).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from mj_trainer.quizzes.records import AnswerRecord, SetPosition

SUFFIX: Final = ".pending.jsonl"
ASIDE_SUFFIX: Final = ".pending-aside.jsonl"
# Bytes of the journal allocated in advance: a full round of 100 of the largest answers
# (about 2.4 KB each as JSON) twice over.
RESERVE: Final = 512 * 1024
_CHUNK: Final = 64 * 1024


def journal_path(database: Path) -> Path:
    return database.with_name(database.name + SUFFIX)


def aside_path(database: Path) -> Path:
    """Where journal lines that can never be written are kept, for the learner to see."""
    return database.with_name(database.name + ASIDE_SUFFIX)


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """What is needed to recreate a round an answer belongs to."""

    started_at: str  # the round's stamp in the database
    source: str
    source_name: str
    ruleset: str
    kinds: str  # comma-separated, as the rounds table keeps them
    planned: int


def _to_json(round_id: int, record: AnswerRecord, position: SetPosition | None,
             info: RoundInfo | None) -> str:
    rec = asdict(record)
    rec["answered_at"] = record.answered_at.isoformat() if record.answered_at else None
    data: dict[str, Any] = {"round_id": round_id, "record": rec,
                            "position": asdict(position) if position else None}
    if info is not None:
        data["round"] = asdict(info)
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _from_json(line: str) -> PendingAnswer | None:
    try:
        data = json.loads(line)
        rec: dict[str, Any] = dict(data["record"])
        names = {f.name for f in fields(AnswerRecord)}
        rec = {k: v for k, v in rec.items() if k in names}
        if rec.get("answered_at"):
            rec["answered_at"] = datetime.fromisoformat(rec["answered_at"])
        pos = data.get("position")
        info = data.get("round")
        answer = PendingAnswer(int(data["round_id"]), AnswerRecord(**rec),
                               SetPosition(**pos) if pos else None,
                               RoundInfo(**info) if info else None)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # a damaged line (a crash mid-append) is skipped, never fatal
    answer.text = line
    return answer


class PendingAnswer:
    """One answer waiting to be written: its round, the record and the set position."""

    __slots__ = ("in_memory", "info", "position", "record", "round_id", "text")

    def __init__(self, round_id: int, record: AnswerRecord,
                 position: SetPosition | None, info: RoundInfo | None = None) -> None:
        self.round_id = round_id
        self.record = record
        self.position = position
        self.info = info
        self.in_memory = False  # True when the journal file could not take it
        self.text: str | None = None  # the journal line it was read from

    def line(self) -> str:
        if self.text is None:
            self.text = _to_json(self.round_id, self.record, self.position, self.info)
        return self.text


class PendingJournal:
    """The journal file plus whatever could not even be written to it."""

    def __init__(self, database: Path) -> None:
        self.path = journal_path(database)
        self.aside = aside_path(database)
        self._memory: list[PendingAnswer] = []
        self.damaged = 0  # lines read back that could not be understood (see `load`)

    # ---- the file

    @contextmanager
    def _file(self, *, create: bool) -> Iterator[int]:
        """The journal opened for reading and writing, locked against other processes.

        Never follows a link, never opens a pipe or a device (OSError instead).
        """
        flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        if create:
            flags |= os.O_CREAT
        fd = os.open(self.path, flags, 0o600)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.path} is not a regular file")
            _lock(fd)
            yield fd
        finally:
            os.close(fd)  # also releases the lock

    def reserve(self) -> bool:
        """Make the journal hold `RESERVE` bytes of allocated space; True when it does.

        Best effort: on a disk already full, or where space cannot be allocated ahead,
        the journal simply grows as answers come.
        """
        try:
            existed = self.path.exists()
            with self._file(create=True) as fd:
                info = os.fstat(fd)
                if info.st_size >= RESERVE and info.st_blocks * 512 >= RESERVE:
                    return True
                _allocate(fd, info.st_size)
                os.fsync(fd)
            if not existed:
                _sync_folder(self.path.parent)
        except OSError:
            return False
        return True

    def _read(self, fd: int) -> bytes:
        """The journal's lines: every byte up to the first zero byte (or the end)."""
        parts: list[bytes] = []
        offset = 0
        while True:
            chunk = os.pread(fd, _CHUNK, offset)
            if not chunk:
                break
            end = chunk.find(b"\0")
            if end >= 0:
                parts.append(chunk[:end])
                break
            parts.append(chunk)
            offset += len(chunk)
        return b"".join(parts)

    def _lines(self) -> list[str]:
        try:
            if not self.path.exists() and not self.path.is_symlink():
                return []
            with self._file(create=False) as fd:
                data = self._read(fd)
        except OSError:
            return []
        return [line for line in data.decode("utf-8", "replace").splitlines() if line.strip()]

    # ---- reading and writing

    def load(self) -> list[PendingAnswer]:
        """Every waiting answer, oldest first (journal, then memory); lines that cannot
        be read are counted in `damaged` and set aside."""
        out: list[PendingAnswer] = []
        bad: list[str] = []
        for line in self._lines():
            answer = _from_json(line)
            if answer is None:
                bad.append(line)
            else:
                out.append(answer)
        if bad:
            self.damaged += len(bad)
            self._set_aside(bad)
            self._drop(set(bad))
        return out + self._memory

    def __len__(self) -> int:
        return len(self.load())

    @property
    def unkept(self) -> list[PendingAnswer]:
        """Answers held only in this process's memory: lost if it ends now."""
        return list(self._memory)

    def add(self, answer: PendingAnswer) -> bool:
        """Keep `answer`; True when it reached the journal file, False when only memory."""
        try:
            self._append(answer.line())
        except OSError:
            if answer not in self._memory:
                answer.in_memory = True
                self._memory.append(answer)
            return False
        if answer in self._memory:
            self._memory.remove(answer)
        answer.in_memory = False
        return True

    def _append(self, line: str) -> None:
        with self._file(create=True) as fd:
            data = self._read(fd)
            end = len(data)
            payload = (b"\n" if data and not data.endswith(b"\n") else b"") + \
                (line + "\n").encode("utf-8")
            written = 0
            try:
                while written < len(payload):
                    n = os.pwrite(fd, payload[written:], end + written)
                    if n <= 0:
                        raise OSError("the journal took no more bytes")
                    written += n
                os.fsync(fd)
            except OSError:
                if written:  # never leave half a line: the next one would join it
                    with suppress(OSError):
                        os.pwrite(fd, b"\0" * written, end)
                        os.fsync(fd)
                raise

    def remove(self, done: list[PendingAnswer]) -> None:
        """Forget answers the database now holds (or that were set aside)."""
        gone = {id(a) for a in done}
        self._memory = [a for a in self._memory if id(a) not in gone]
        lines = {a.line() for a in done if not a.in_memory}
        if lines:
            self._drop(lines)

    def _drop(self, lines: set[str]) -> None:
        """Rewrite the journal without `lines`, in place (its reserved room stays)."""
        with suppress(OSError), self._file(create=False) as fd:
            data = self._read(fd)
            text = data.decode("utf-8", "replace")
            keep = [line for line in text.splitlines() if line.strip() and line not in lines]
            new = "".join(line + "\n" for line in keep).encode("utf-8")
            if new == data:
                return
            # The lines that stay first, then zeros over the rest of the old ones. A
            # crash in between leaves lines that are written already: those are
            # recognised and skipped when the journal is read again.
            os.pwrite(fd, new, 0)
            if len(data) > len(new):
                os.pwrite(fd, b"\0" * (len(data) - len(new)), len(new))
            os.fsync(fd)

    def set_aside(self, answers: list[PendingAnswer]) -> None:
        """Move answers that can never be written out of the way, into the aside file."""
        self._set_aside([a.line() for a in answers])
        self.remove(answers)

    def _set_aside(self, lines: list[str]) -> None:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) \
            | getattr(os, "O_NONBLOCK", 0)
        with suppress(OSError):
            fd = os.open(self.aside, flags, 0o600)
            try:
                if stat.S_ISREG(os.fstat(fd).st_mode):
                    os.write(fd, "".join(line + "\n" for line in lines).encode("utf-8"))
                    os.fsync(fd)
            finally:
                os.close(fd)


def _lock(fd: int) -> None:
    """An exclusive lock on the journal while it is read and written (POSIX only; one
    process at a time writes it anyway on the other platforms)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return
    fcntl.flock(fd, fcntl.LOCK_EX)


def _allocate(fd: int, size: int) -> None:
    """Allocate the first `RESERVE` bytes of the file (zeros where nothing is written);
    on a disk short of room, as much of it as fits, down to a sixteenth."""
    import errno

    fallocate = getattr(os, "posix_fallocate", None)
    want = RESERVE
    while True:
        try:
            if fallocate is not None:
                try:
                    fallocate(fd, 0, want)
                    return
                except OSError as err:
                    if err.errno not in (errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS):
                        raise
            _write_zeros(fd, size, want)  # what the C library does where it cannot
            return
        except OSError as err:
            if err.errno != errno.ENOSPC or want <= RESERVE // 16:
                raise
            want //= 4


def _write_zeros(fd: int, start: int, end: int) -> None:
    offset = start
    while offset < end:
        n = os.pwrite(fd, b"\0" * min(_CHUNK, end - offset), offset)
        if n <= 0:
            raise OSError("the journal cannot grow")
        offset += n


def _sync_folder(folder: Path) -> None:
    """Make a new file's name durable (its folder's entry), where the system allows."""
    with suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
