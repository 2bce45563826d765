"""A folder whose file system can be filled up and freed again, for the full-disk tests.

As root (this machine and the CI both run as root) the folder is a small file system
of its own: a tmpfs of `SIZE`, and an ext4 image on a loop device when `mkfs.ext4` and
`losetup` are there. A filler file takes every free byte (`fill`) until `free`.
Otherwise, and always as well, a simulated full disk: SQLite's writes fail as SQLite
says they do on a full disk ("database or disk is full"), the journal's writes fail
with ENOSPC wherever they would need space the file has not allocated, which is what
the kernel does, and the file system reports no free blocks. The tests run under each
kind of disk this machine can make; none is skipped.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import types
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from mj_trainer.quizzes import pending as pending_module
from mj_trainer.quizzes import store_files as store_files_module

SIZE = "4m"  # the progress file, its side files and the journal's reserve fit twice over


def _root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _can_mount() -> bool:
    if not _root() or shutil.which("mount") is None:
        return False
    probe = Path(f"/tmp/mj-trainer-mount-probe-{os.getpid()}")
    probe.mkdir(exist_ok=True)
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)],
                              capture_output=True, check=False)
        if done.returncode:
            return False
        subprocess.run(["umount", str(probe)], capture_output=True, check=False)
        return True
    finally:
        with suppress(OSError):
            probe.rmdir()


def _can_loop() -> bool:
    return _can_mount() and all(shutil.which(t) for t in ("mkfs.ext4", "losetup"))


def kinds() -> list[str]:
    """The kinds of small disk this machine can make: "simulated" always."""
    found = ["simulated"]
    if _can_mount():
        found.append("tmpfs")
    if _can_loop():
        found.append("ext4")
    return found


class SmallDisk:
    """A folder that `fill` fills up and `free` frees again."""

    def __init__(self, folder: Path, kind: str) -> None:
        self.folder = folder
        self.kind = kind
        self.full = False

    @property
    def data_dir(self) -> Path:
        return self.folder / "data"

    def fill(self) -> None:
        """Take every free byte of the file system (a filler file); on the simulated
        disk only say it is full (never fill the machine's own disk)."""
        self.full = True
        if self.kind == "simulated":
            return
        # Only ever a small file system of its own, never the machine's disk.
        assert os.path.ismount(self.folder), f"{self.folder} is not a mount point"
        fd = os.open(self.folder / "filler", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            for chunk in (1 << 20, 1 << 12, 1 << 9, 1):
                with suppress(OSError):
                    while True:
                        os.write(fd, b"\1" * chunk)
            os.fsync(fd)
        finally:
            os.close(fd)

    def free(self) -> None:
        (self.folder / "filler").unlink(missing_ok=True)
        self.full = False


class _FullConnection:
    """An SQLite connection as on a full disk while the disk is full."""

    def __init__(self, conn: sqlite3.Connection, disk: SmallDisk) -> None:
        self._conn = conn
        self._disk = disk

    def execute(self, sql: str, *args: Any) -> Any:
        if self._disk.full and sql.lstrip().upper().startswith(
                ("INSERT", "UPDATE", "DELETE", "CREATE", "ALTER")):
            raise sqlite3.OperationalError("database or disk is full")
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


def _simulate(disk: SmallDisk, monkeypatch: pytest.MonkeyPatch) -> None:
    real_connect = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> Any:
        return _FullConnection(real_connect(*args, **kwargs), disk)

    monkeypatch.setattr(sqlite3, "connect", connect)

    def no_room() -> OSError:
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def pwrite(fd: int, data: bytes, offset: int) -> int:
        allocated = os.fstat(fd).st_blocks * 512
        if disk.full and offset + len(data) > allocated:
            raise no_room()
        return os.pwrite(fd, data, offset)

    def write(fd: int, data: bytes) -> int:
        if disk.full:
            raise no_room()
        return os.write(fd, data)

    def posix_fallocate(fd: int, offset: int, length: int) -> None:
        if disk.full and offset + length > os.fstat(fd).st_blocks * 512:
            raise no_room()
        os.posix_fallocate(fd, offset, length)

    def statvfs(path: Any) -> Any:
        found = os.statvfs(path)
        if not disk.full:
            return found
        return types.SimpleNamespace(f_bavail=0, f_bfree=0, f_frsize=found.f_frsize)

    fake = types.SimpleNamespace(**{name: getattr(os, name) for name in dir(os)
                                    if not name.startswith("__")})
    fake.pwrite = pwrite
    fake.write = write
    fake.posix_fallocate = posix_fallocate
    fake.statvfs = statvfs
    monkeypatch.setattr(pending_module, "os", fake)
    monkeypatch.setattr(store_files_module, "os", fake)


@contextmanager
def small_disk(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
               ) -> Iterator[SmallDisk]:
    """A small disk of `kind` ("simulated", "tmpfs" or "ext4"), unmounted after."""
    if kind == "simulated":
        disk = SmallDisk(tmp_path, kind)
        _simulate(disk, monkeypatch)
        yield disk
        return
    mount = tmp_path / "mnt"
    mount.mkdir()
    if kind == "tmpfs":
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SIZE}", "tmpfs", str(mount)],
                       check=True, capture_output=True)
    else:
        image = tmp_path / "disk.img"
        with image.open("wb") as fh:
            fh.truncate(int(SIZE.rstrip("m")) * 2 << 20)
        subprocess.run(["mkfs.ext4", "-q", "-F", "-m", "0", str(image)], check=True,
                       capture_output=True)
        subprocess.run(["mount", "-o", "loop", str(image), str(mount)], check=True,
                       capture_output=True)
    try:
        yield SmallDisk(mount, kind)
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False, capture_output=True)
