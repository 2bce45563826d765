"""Small helpers the benchmark scripts share: machine facts, timing, tables."""

from __future__ import annotations

import gc
import os
import platform
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from importlib import metadata
from typing import TypeVar

A = TypeVar("A")


def cpu_model() -> str:
    """The processor's model name as Linux reports it, or the platform's guess."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def usable_cpus() -> int:
    """The cores this process may run on (what `nproc` prints)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def package_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine_lines(extra_packages: Iterable[str] = ()) -> list[str]:
    """A few lines describing where the figures were measured."""
    impl = platform.python_implementation()
    lines = [
        f"machine : {usable_cpus()} cores (nproc), {cpu_model()}",
        f"system  : {platform.system()} {platform.release()}",
        f"python  : {impl} {platform.python_version()}, {platform.python_compiler()} "
        f"({sys.executable})",
    ]
    versions = [f"{n} {package_version(n)}" for n in ("mj-trainer", *extra_packages)]
    lines.append("packages: " + ", ".join(versions))
    lines.append(load_line("before the run"))
    return lines


def load_line(when: str) -> str:
    """The machine's load average (it is shared: other work adds noise), labelled."""
    try:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not available
        return f"load    : unknown ({when})"
    return f"load    : {load} (1, 5, 15 min, {when}; other work on the machine adds noise)"


def timer_overhead_ns(samples: int = 20_000) -> float:
    """The median cost of one back-to-back pair of perf_counter_ns calls."""
    clock = time.perf_counter_ns
    out = []
    for _ in range(samples):
        t0 = clock()
        out.append(clock() - t0)
    return percentile(out, 50)


def percentile(values: Sequence[float], pct: float) -> float:
    """The pct-th percentile with linear interpolation between the two nearest ranks."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * pct / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def time_each(
    fn: Callable[[A], object],
    args: Sequence[A],
    before: Callable[[], object] | None = None,
) -> list[int]:
    """Nanoseconds of each call `fn(a)`; `before()` runs untimed ahead of each call."""
    clock = time.perf_counter_ns
    out: list[int] = []
    append = out.append
    gc.collect()
    if before is None:
        for a in args:
            t0 = clock()
            fn(a)
            append(clock() - t0)
    else:
        for a in args:
            before()
            t0 = clock()
            fn(a)
            append(clock() - t0)
    return out


def us(ns: float) -> str:
    """Nanoseconds shown as microseconds with sensible precision."""
    value = ns / 1000
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        parts = [str(c).ljust(widths[0]) if i == 0 else str(c).rjust(widths[i])
                 for i, c in enumerate(cells)]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])
