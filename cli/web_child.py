"""A trainer started by `mj-trainer serve` ends with the server that started it.

The server ends each app when its page closes, and every app when it stops; but a
server killed outright (SIGKILL, an out-of-memory kill) can end nothing, and its apps
would run on with no page.  On Linux the app asks the kernel for SIGTERM when its
parent dies (PR_SET_PDEATHSIG); Textual's web driver turns SIGTERM into a normal quit,
so what was answered is kept.  Elsewhere this does nothing.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from typing import Final

PR_SET_PDEATHSIG: Final = 1  # from <linux/prctl.h>


def end_with_server() -> bool:
    """Ask for SIGTERM when the parent process dies; True if the kernel agreed."""
    if not sys.platform.startswith("linux"):
        return False
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        result: int = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        done = result == 0
    except (OSError, AttributeError):
        return False
    if done and os.getppid() != parent:  # the server died before the request took hold
        os.kill(os.getpid(), signal.SIGTERM)
    return done
