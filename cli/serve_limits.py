"""The limits of `mj-trainer serve`, kept free of textual-serve so the parser can name them.

How large a terminal a browser may ask for, how many trainers run at once by default,
and which addresses are this machine only.  `cli.web_server` enforces them.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Final

MAX_COLUMNS: Final = 500  # a 4K screen at a small font is about 400 columns
MAX_ROWS: Final = 200
SESSIONS_PER_CPU: Final = 4
# Memory counted per session for the default cap: an app drawing its home screen at
# 500x200 measured about 50 MB resident; the rest leaves room for a long session.
SESSION_MEMORY: Final = 256 * 1024 * 1024
LOOPBACK_NAMES: Final = frozenset({"localhost", "localhost.", "ip6-localhost"})


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, brackets allowed) is this machine only."""
    name = host.strip().strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def default_max_sessions(cpus: int | None = None, memory: int | None = None) -> int:
    """How many trainers may run at once: `SESSIONS_PER_CPU` per core, fewer when half
    the machine's memory cannot hold `SESSION_MEMORY` for each; at least 1."""
    cpus = cpus if cpus is not None else (os.cpu_count() or 1)
    memory = memory if memory is not None else physical_memory()
    by_cpu = SESSIONS_PER_CPU * max(1, cpus)
    if memory <= 0:  # the system does not say
        return by_cpu
    return max(1, min(by_cpu, memory // 2 // SESSION_MEMORY))


def physical_memory() -> int:
    """The machine's memory in bytes (0 when the system does not say)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return 0


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size a browser may ask for: 1x1 up to `MAX_COLUMNS` x `MAX_ROWS`."""
    return max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))
