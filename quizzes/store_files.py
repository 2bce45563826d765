"""Where the progress file lives, and the checks that refuse a file without touching it.

A file that is not an SQLite database, fails its integrity check, belongs to some
other program, or was written by a newer mj-trainer raises a `StoreError` naming the
file and the problem; it is never modified, overwritten or deleted.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Final

from mj_trainer.quizzes.store_schema import APP_NAME, SCHEMA_VERSION

ENV_VAR: Final = "MJ_TRAINER_DATA_DIR"
FILE_NAME: Final = "progress.sqlite3"
SQLITE_HEADER: Final = b"SQLite format 3\x00"


class StoreError(Exception):
    """The progress file cannot be used; it has been left exactly as it was."""

    def __init__(self, path: Path, problem: str, advice: str = "") -> None:
        self.path = path
        self.problem = problem
        self.advice = advice
        text = f"{path}: {problem}"
        if advice:
            text += f". {advice}"
        super().__init__(text)


class CorruptDatabaseError(StoreError):
    """The file is not a readable SQLite database or fails its integrity check."""


class NewerDatabaseError(StoreError):
    """The file was written by a newer mj-trainer, with a schema this one does not know."""

    def __init__(self, path: Path, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(
            path,
            f"progress database schema version {found} is newer than this mj-trainer "
            f"supports (version {supported})",
            "Upgrade mj-trainer to use it; the file was not changed",
        )


class ForeignDatabaseError(StoreError):
    """An SQLite file that is not an mj-trainer progress database."""


LEAVE_IT = ("The file was left untouched; move it aside (or choose another data "
             "directory) to start a fresh progress file")


def plain_problem(err: BaseException, path: Path | None = None) -> str:
    """What an SQLite error means for the learner, in words (the file's name is said
    by the `StoreError` that carries it)."""
    if isinstance(err, OSError) and err.errno is not None and err.strerror:
        import errno

        if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return "the disk is full"
        return err.strerror
    text = str(err) or type(err).__name__
    low = text.lower()
    if "locked" in low or "busy" in low:
        return "another program (another mj-trainer?) kept it locked for too long"
    if "full" in low:
        return "the disk is full"
    if "readonly" in low or "read-only" in low:
        return "the file is read-only"
    if "i/o error" in low:
        if path is not None and disk_full(path):  # SQLite says I/O for some ENOSPCs
            return "the disk is full"
        return f"the disk reported an input/output error ({text})"
    return text


FULL_BELOW: Final = 64 * 1024  # bytes free under which a disk counts as full


def disk_full(path: Path) -> bool:
    """Whether the file system holding `path` (or its nearest existing folder) has
    (almost) no room left for us."""
    folder = path
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent
    try:
        info = os.statvfs(folder)
    except (OSError, AttributeError):  # gone, or no statvfs (Windows)
        return False
    # The room of an ordinary user (ext4 counts blocks in f_bfree that no one can use).
    return info.f_bavail * info.f_frsize < FULL_BELOW


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The directory for progress data: argument, then $MJ_TRAINER_DATA_DIR, then the
    platform's user data directory."""
    if override is not None and str(override):
        return Path(override).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def database_path(override: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(override) / FILE_NAME


def check_file(path: Path) -> None:
    """Read the header without SQLite: refuse non-databases and newer schemas untouched."""
    if path.is_dir():
        raise StoreError(path, "is a directory, not a progress file")
    if not path.exists():
        return
    if not path.is_file():  # a FIFO or a device: reading it would block or never end
        raise StoreError(path, "is not a regular file (a pipe or a device?)")
    if not os.access(path, os.W_OK):
        raise StoreError(path, "is read-only, so answers could not be saved; make it "
                               "writable (chmod u+w) or use another --data-dir")
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except OSError as err:
        raise StoreError(path, f"cannot read: {err.strerror}") from None
    if not header:
        return  # an empty file is a new database
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        raise CorruptDatabaseError(path, "not an SQLite database (the file header is wrong)",
                                   LEAVE_IT)
    version = int.from_bytes(header[60:64], "big")
    if version > SCHEMA_VERSION:
        raise NewerDatabaseError(path, version, SCHEMA_VERSION)


def user_version(conn: sqlite3.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def enter_wal(conn: sqlite3.Connection, wait_s: float) -> None:
    """Put the file in write-ahead-log mode, waiting up to `wait_s` for other programs.

    SQLite answers a change of journal mode with "database is locked" at once, without
    calling the busy handler, while another connection holds a write lock on a file
    still in its first mode: two first starts on one new folder met that about once in
    a dozen. The wait the busy timeout gives every other statement is given here by
    trying again until the lock is gone or the time is up (then the error stands).
    """
    deadline = time.monotonic() + wait_s
    pause = 0.002
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL").fetchall()
            return
        except sqlite3.OperationalError as err:
            busy = getattr(err, "sqlite_errorname", "") in ("SQLITE_BUSY", "SQLITE_LOCKED")
            left = deadline - time.monotonic()
            if not busy or left <= 0:
                raise
        time.sleep(min(pause, left))
        pause = min(pause * 2, 0.05)


def inspect_file(path: Path) -> None:
    """Check an existing file through a read-only connection, so nothing is written.

    Reading a WAL-mode file makes SQLite create the ``-wal`` and ``-shm`` side files;
    when the file is refused, side files that this check created (and left empty) are
    removed again, so a refused file's directory looks exactly as it did.
    """
    sides = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    existed = [p.exists() for p in sides]
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                               isolation_level=None, timeout=5.0)
    except sqlite3.Error as err:
        raise StoreError(path, f"cannot open: {plain_problem(err, path)}") from None
    try:
        _check_connection(path, conn)
        if user_version(conn):
            _check_meta(path, conn)
    except sqlite3.OperationalError as err:  # locked or unreadable, not damaged
        conn.close()
        _tidy(sides, existed)
        raise StoreError(path, f"cannot read: {plain_problem(err, path)}") from None
    except sqlite3.DatabaseError as err:
        conn.close()
        _tidy(sides, existed)
        raise CorruptDatabaseError(path, f"the database is damaged: {err}", LEAVE_IT) from None
    except StoreError:
        conn.close()
        _tidy(sides, existed)
        raise
    conn.close()


def _tidy(sides: list[Path], existed: list[bool]) -> None:
    wal = sides[0]
    if existed[0] or (wal.exists() and wal.stat().st_size):
        return
    for side, was_there in zip(sides, existed, strict=True):
        if not was_there:
            side.unlink(missing_ok=True)


def _check_connection(path: Path, conn: sqlite3.Connection) -> None:
    try:
        rows = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as err:
        raise CorruptDatabaseError(path, f"the database is damaged: {err}", LEAVE_IT) from None
    problems = [str(r[0]) for r in rows if r and r[0] != "ok"]
    if problems:
        shown = "; ".join(problems[:3])
        raise CorruptDatabaseError(path, f"the database is damaged: {shown}", LEAVE_IT)
    version = user_version(conn)
    if version > SCHEMA_VERSION:
        raise NewerDatabaseError(path, version, SCHEMA_VERSION)
    if version == 0:
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if tables:
            raise ForeignDatabaseError(
                path, "an SQLite database, but not an mj-trainer progress file", LEAVE_IT)


def _check_meta(path: Path, conn: sqlite3.Connection) -> None:
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row is None or row[0] != APP_NAME:
        raise ForeignDatabaseError(
            path, "an SQLite database, but not an mj-trainer progress file", LEAVE_IT)
