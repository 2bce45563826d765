"""Another program's write lock on a progress file, for the tests of what a lock does
to answers, rounds and the app (taken with SQLite itself, as a second mj-trainer would)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class Lock:
    """An exclusive lock on the file, taken and released at will."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.conn: sqlite3.Connection | None = None

    def take(self) -> None:
        self.conn = sqlite3.connect(self.path, isolation_level=None)
        self.conn.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        if self.conn is not None:
            self.conn.execute("ROLLBACK")
            self.conn.close()
            self.conn = None


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """The file locked by another program for the length of the block."""
    lock = Lock(path)
    lock.take()
    try:
        yield
    finally:
        lock.release()
