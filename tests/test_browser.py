"""The trainer in a real browser: `mj-trainer serve`, driven by Playwright and chromium.

The server runs on a free loopback port; the system's chromium (Debian's package, never
a browser Playwright downloads) opens the page at 1280x800, a quick round is started
with the keyboard and one question answered.  What the app draws reaches the browser
over the page's websocket, so the test reads those frames to know the screen, checks
that the feedback is drawn, and checks the answer landed in the progress file.
Screenshots go to tests/artifacts/ (ignored by git).  A narrow page (about 60 columns)
must show the trainer too, not the "make the window larger" notice.

Under CI (CI=true) a missing browser or library is a failure; elsewhere the test is
skipped with the reason.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>78]")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CONFIG = 'round_length = 1\nquestion_kinds = ["total"]\ndifficulty = "easy"\n'


def unavailable(reason: str) -> None:
    """Fail under CI, skip elsewhere."""
    if IN_CI:
        pytest.fail(f"the browser test cannot run in CI: {reason}")
    pytest.skip(reason)


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    unavailable("no chromium on PATH (Debian: apt-get install chromium)")
    raise AssertionError  # unreachable: unavailable() raises


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise AssertionError(f"mj-trainer serve exited early:\n{out}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"mj-trainer serve did not listen on port {port}")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        unavailable("textual-serve is not installed (pip install -e '.[web]')")
    data = tmp_path / "data"
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mj_trainer", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--data-dir", str(data), "--config", str(config)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}/", data
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a stuck server
            proc.kill()
            proc.wait()
        if proc.stdout:
            proc.stdout.close()


class Screen:
    """What the app sent the browser, as plain text without escape sequences."""

    def __init__(self) -> None:
        self.text = ""

    def frame(self, payload: str | bytes) -> None:
        raw = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
        self.text += ANSI.sub("", raw)

    def wait(self, page: Any, *needles: str, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if all(n in self.text for n in needles):
                return
            page.wait_for_timeout(100)
        raise AssertionError(f"never drawn: {needles!r}; last text: {self.text[-600:]!r}")


def open_page(browser: Any, url: str, width: int, height: int) -> tuple[Any, Screen]:
    page = browser.new_page(viewport={"width": width, "height": height})
    screen = Screen()
    page.on("websocket", lambda ws: ws.on("framereceived", screen.frame))
    page.goto(url)
    page.wait_for_selector(".xterm-helper-textarea", state="attached", timeout=30_000)
    page.focus(".xterm-helper-textarea")
    return page, screen


def launch(playwright: Any) -> Any:
    path = chromium_path()
    try:
        return playwright.chromium.launch(
            executable_path=path, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
    except Exception as err:
        unavailable(f"chromium at {path} did not start: {err}")
        raise


def test_a_quick_round_in_the_browser(server: tuple[str, Path]) -> None:
    url, data = server
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[browser]')")
        raise
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        try:
            page, screen = open_page(browser, url, 1280, 800)
            screen.wait(page, "Quick round", "Calculator")
            page.keyboard.press("n")
            screen.wait(page, "Work out the total")
            page.keyboard.type("10")
            page.keyboard.press("Enter")
            screen.wait(page, "Your answer", "How it scores")
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / "browser-feedback-1280x800.png"))

            narrow, narrow_screen = open_page(browser, url, 560, 800)
            narrow_screen.wait(narrow, "Quick round")
            assert "Make the window larger" not in narrow_screen.text
            narrow.wait_for_timeout(500)
            narrow.screenshot(path=str(ARTIFACTS / "browser-home-narrow.png"))
        finally:
            browser.close()
    with sqlite3.connect(data / "progress.sqlite3") as db:
        answered = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert answered == 1
