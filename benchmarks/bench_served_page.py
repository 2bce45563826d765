"""A served page's first frame: `mj-trainer serve` beside textual-serve serving a minimal app.

    .venv/bin/python benchmarks/bench_served_page.py [--runs 7]

Two servers run side by side on loopback: `mj-trainer serve` (fresh temporary data and
settings folders) and textual-serve's own `Server` running the smallest Textual app
that draws a screen (one Static), each started with `exec` as serve starts the trainer.
The system's chromium (Playwright drives it, as tests/test_browser.py does) opens one
page at a time, alternating between the two servers, at 1280x800.  A page's time runs
from `page.goto` to the first websocket frame after which the app's first screen is all
there (home's menu, "Quick round" and "Calculator", and the learner's figures, read in
a worker: "Streak" and "Known"; the minimal app's "Hello"), so it holds
the page and its scripts loading, the websocket opening, the server starting a fresh
Python process for the page, every import, and the first screen drawn and sent.  The
page is then closed and the app's process waited for, so no run overlaps another.

CPU: each app process is the server's child, reaped when it ends; the children's CPU of
the server (cutime + cstime in /proc) grows by that process's whole CPU time.  Figures
are medians over the runs, after one untimed page each (bytecode written, files and
the browser's cache warm).  Both servers run in a user's environment (no PYTHON*
settings of this session; bytecode cached outside the tree).  Target: the trainer's
page at most 1.5x the minimal app's, on wall time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_first_screen import user_env
from benchmarks.benchutil import load_line, machine_lines, package_version, table

TARGET = 1.5
TICK = os.sysconf("SC_CLK_TCK")

MINIMAL_APP = r"""
from textual.app import App, ComposeResult
from textual.widgets import Static

class Minimal(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello")

if __name__ == "__main__":
    Minimal().run()
"""

MINIMAL_SERVER = r"""
import shlex, sys
from textual_serve.server import Server
command = "exec " + shlex.join([sys.executable, sys.argv[1]])
Server(command, host="127.0.0.1", port=int(sys.argv[2])).serve()
"""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"a server exited early ({proc.returncode})")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"no server on port {port}")


def children(pid: int) -> list[int]:
    """The live child processes of `pid` (every thread's)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def reaped_cpu(pid: int) -> float:
    """CPU seconds of the children `pid` has waited for (cutime + cstime)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) / TICK  # fields 16 and 17 of stat(5)


def wait_no_children(pid: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while children(pid):
        if time.monotonic() > end:
            raise SystemExit(f"the app of server {pid} did not end")
        time.sleep(0.05)


class Server:
    """One server, its page's address, and what its first screen shows."""

    def __init__(self, name: str, args: list[str], env: dict[str, str], port: int,
                 needles: tuple[str, ...]) -> None:
        self.name = name
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.needles = needles
        self.proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover - a stuck server
            self.proc.kill()
            self.proc.wait()


def first_frame(browser: Any, server: Server) -> tuple[float, float]:
    """Wall seconds from goto to the first screen's last piece arriving, and the CPU
    seconds of the app process the page started."""
    wait_no_children(server.proc.pid)
    cpu0 = reaped_cpu(server.proc.pid)
    text = ""
    drawn: list[float] = []

    def frame(payload: str | bytes) -> None:
        nonlocal text
        if drawn:
            return
        text += payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
        if all(n in text for n in server.needles):
            drawn.append(time.perf_counter())

    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    t0 = time.perf_counter()
    page.goto(server.url)
    end = time.monotonic() + 60
    while not drawn:
        if time.monotonic() > end:
            raise SystemExit(f"{server.name}: first screen never arrived: {text[-400:]!r}")
        page.wait_for_timeout(20)
    page.close()
    wait_no_children(server.proc.pid)
    return drawn[0] - t0, reaped_cpu(server.proc.pid) - cpu0


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if found := shutil.which(name):
            return found
    raise SystemExit("no chromium on PATH (Debian: apt-get install chromium)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print("\n".join(machine_lines(["textual", "textual-serve", "playwright"])))
    with tempfile.TemporaryDirectory(prefix="mj-served-") as tmp_name:
        tmp = Path(tmp_name)
        env = user_env(str(tmp / "pycache"))
        (tmp / "minimal_app.py").write_text(MINIMAL_APP, encoding="utf-8")
        (tmp / "minimal_server.py").write_text(MINIMAL_SERVER, encoding="utf-8")
        minimal_port, trainer_port = free_port(), free_port()
        servers = [
            Server(f"textual-serve {package_version('textual-serve')}, minimal app "
                   "(one Static)",
                   [sys.executable, str(tmp / "minimal_server.py"), str(tmp / "minimal_app.py"),
                    str(minimal_port)], env, minimal_port, ("Hello",)),
            Server("mj-trainer serve (home screen)",
                   [sys.executable, "-m", "mj_trainer", "serve", "--port", str(trainer_port),
                    "--data-dir", str(tmp / "data"), "--config", str(tmp / "config.toml")],
                   env, trainer_port, ("Quick round", "Calculator", "Streak", "Known")),
        ]
        walls: dict[str, list[float]] = {s.name: [] for s in servers}
        cpus: dict[str, list[float]] = {s.name: [] for s in servers}
        try:
            for server in servers:
                wait_for_port(server.port, server.proc)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=chromium(), headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
                try:
                    for server in servers:  # untimed
                        first_frame(browser, server)
                    for r in range(args.runs):
                        for server in servers if r % 2 == 0 else reversed(servers):
                            wall, cpu = first_frame(browser, server)
                            walls[server.name].append(wall)
                            cpus[server.name].append(cpu)
                finally:
                    browser.close()
        finally:
            for server in servers:
                server.stop()
    names = [s.name for s in servers]
    rows = [[name, f"{statistics.median(walls[name]):.3f}", f"{max(walls[name]):.3f}",
             f"{statistics.median(cpus[name]):.3f}"] for name in names]
    print()
    print(f"a served page's first screen at 1280x800, from page.goto to the frame that "
          f"completes it; medians of {args.runs} alternating pages (seconds; cpu: the "
          "page's app process)")
    print(table(["server", "wall median", "wall worst", "app cpu median"], rows))
    wall_ratio = statistics.median(walls[names[1]]) / statistics.median(walls[names[0]])
    cpu_ratio = statistics.median(cpus[names[1]]) / statistics.median(cpus[names[0]])
    print(f"mj-trainer / minimal: wall {wall_ratio:.2f}x, app cpu {cpu_ratio:.2f}x "
          f"(target at most {TARGET}x)")
    print(load_line("after the run"))
    return 0 if wall_ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
