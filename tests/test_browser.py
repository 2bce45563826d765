"""The trainer in a real browser: `mj-trainer serve`, driven by Playwright and chromium.

The server runs on a free port, once on loopback and once on every address (0.0.0.0),
where the page needs the token serve prints (without it the page is refused); the
system's chromium (Debian's package, never a browser Playwright downloads) opens the
page at 1280x800 (its WebSocket passes the origin check), a quick round is started
with the keyboard and one question answered.  The footer offers f10 to quit, never
ctrl+q, which a browser keeps for itself.  What the app draws reaches the browser
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


def printed_address(proc: subprocess.Popen[bytes], port: int) -> str:
    """The loopback address serve printed (with its token when it has one)."""
    assert proc.stdout is not None
    seen = ""
    while "Press ctrl+c" not in seen:
        line = proc.stdout.readline().decode(errors="replace")
        if not line:
            raise AssertionError(f"mj-trainer serve exited early:\n{seen}")
        seen += line
    found = re.search(rf"http://127\.0\.0\.1:{port}/\S*", seen)
    assert found, seen
    return found.group(0)


@pytest.fixture(params=["loopback", "token"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The trainer served on loopback, or on every address (0.0.0.0), where the page
    needs the token serve prints."""
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        unavailable("textual-serve is not installed (pip install -e '.[web]')")
    data = tmp_path / "data"
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    port = free_port()
    host = "127.0.0.1" if request.param == "loopback" else "0.0.0.0"
    proc = subprocess.Popen(
        [sys.executable, "-m", "mj_trainer", "serve", "--host", host, "--port",
         str(port), "--data-dir", str(data), "--config", str(config)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        url = printed_address(proc, port)
        assert ("?token=" in url) is (request.param == "token")
        wait_for_port(port, proc)
        yield url, data
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
    suffix = "-token" if "?token=" in url else ""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (pip install -e '.[browser]')")
        raise
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = launch(p)
        try:
            if "?token=" in url:  # without its token the page is refused, and says why
                refused = browser.new_page()
                response = refused.goto(url.split("?")[0])
                assert response is not None and response.status == 403
                assert "needs its token" in refused.content()
                refused.close()
            page, screen = open_page(browser, url, 1280, 800)
            screen.wait(page, "Quick round", "Calculator")
            page.keyboard.press("n")
            screen.wait(page, "Work out the total")
            # Under the web driver quit is f10: the browser keeps ctrl+q for itself.
            screen.wait(page, "f10 Quit")
            assert "^q" not in screen.text
            page.keyboard.type("10")
            page.keyboard.press("Enter")
            screen.wait(page, "Your answer", "How it scores")
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / f"browser-feedback-1280x800{suffix}.png"))

            narrow, narrow_screen = open_page(browser, url, 560, 800)
            narrow_screen.wait(narrow, "Quick round")
            assert "Make the window larger" not in narrow_screen.text
            narrow.wait_for_timeout(500)
            narrow.screenshot(path=str(ARTIFACTS / f"browser-home-narrow{suffix}.png"))
        finally:
            browser.close()
    with sqlite3.connect(data / "progress.sqlite3") as db:
        answered = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert answered == 1
