"""Writing a user's file safely: all at once, never through a link, never over a device.

Every file mj-trainer writes for the learner (an export, the settings, a database
backup) goes through `write_atomically`: the text goes to a fresh temporary file in the
destination's folder (created exclusively, with a random name, so a link planted at a
predictable name cannot redirect it), then the temporary file takes the destination's
name in one step. A reader never sees half a file, and an interrupted write leaves the
old one as it was.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class UnsafeDestination(OSError):
    """The destination is a link, a device, a folder or (without replace) an existing file."""


def check_destination(path: Path, *, replace: bool) -> None:
    """Raise `UnsafeDestination` unless `path` may be written; a missing file may."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeDestination(f"{path} is a symbolic link; give the file itself")
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise UnsafeDestination(f"{path} is {kind}")
    if not replace:
        raise UnsafeDestination(f"{path} exists (use --force to replace it)")


def write_atomically(path: Path, data: str | bytes, *, replace: bool = True) -> None:
    """Write `data` to `path` in one step (see the module docstring).

    With `replace` False an existing file is never touched, even one that appears
    between the check and the write: the temporary file is then hard-linked into place,
    which fails when the name is taken.
    """
    check_destination(path, replace=replace)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o644 & ~_umask())
        if replace:
            check_destination(path, replace=True)
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise UnsafeDestination(f"{path} exists (use --force to replace it)") from None
            except OSError:  # a file system without hard links: check, then rename
                check_destination(path, replace=False)
                os.replace(tmp, path)
            else:
                tmp.unlink()
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
