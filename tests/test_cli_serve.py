"""`mj-trainer serve`: its checks, its command, and the doors of its web server.

The guarded server (`cli.web_server`) is driven with a WebSocket client (aiohttp) the
way a browser, or a hostile page, would drive it (issue 23, item 5).  Most tests run
it in this process with `tests/serve_fake_app.py` as the app, which records what the
server hands an app (its terminal size, every meta packet) and starts at once; the last
tests run the real `mj-trainer serve` and the real trainer.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from hypothesis import given
from hypothesis import strategies as st

from mj_trainer.cli.main import main
from mj_trainer.cli.options import WEB_DRIVER, under_web_driver
from mj_trainer.cli.serve import app_command, needs_token
from mj_trainer.cli.serve_limits import (
    MAX_COLUMNS,
    MAX_ROWS,
    SESSION_MEMORY,
    clamp_size,
    default_max_sessions,
    is_loopback,
)
from mj_trainer.cli.web_server import Doors, GuardedServer, _Redact, clean_message

FAKE_APP = Path(__file__).resolve().parent / "serve_fake_app.py"


# ---- the command and its checks

def test_the_terminal_check_accepts_the_web_driver() -> None:
    assert under_web_driver({"TEXTUAL_DRIVER": WEB_DRIVER})
    assert not under_web_driver({"TEXTUAL_DRIVER": "textual.drivers.linux_driver:LinuxDriver"})
    assert not under_web_driver({})


def test_without_a_terminal_or_the_web_driver_the_app_refuses(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert main(["reference"]) == 2  # pytest's stdin is not a terminal
    assert "the trainer needs a terminal" in capsys.readouterr().err


def test_each_tab_runs_the_trainer_itself_with_the_same_folders(tmp_path: Path) -> None:
    command = shlex.split(app_command(str(tmp_path / "d"), "c.toml"))
    # exec: the trainer is the server's own child, so the signals that end it reach it
    assert command[:4] == ["exec", sys.executable, "-m", "mj_trainer"]
    assert command[4:] == ["--data-dir", str(tmp_path / "d"), "--config",
                           str(Path("c.toml").resolve())]
    assert shlex.split(app_command(None, None)) == ["exec", sys.executable, "-m", "mj_trainer"]


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "--port 70000 is not a port"),
    (["--max-sessions", "0"], "--max-sessions 0 must be 1 or more"),
    (["--public-url", "trainer.example.org"], "is not an http(s) address"),
])
def test_bad_options_are_refused(args: list[str], message: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 2
    assert message in capsys.readouterr().err


def test_serve_without_the_extra_says_how_to_install_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(sys.modules, "mj_trainer.cli.web_server", raising=False)
    assert main(["serve", "--port", "8123"]) == 2
    assert "pip install 'mj-trainer[web]'" in capsys.readouterr().err


def test_serve_defaults_to_loopback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    assert "127.0.0.1" in out and "--max-sessions" in out


# ---- the limits

@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.0.0.2", True), ("localhost", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("::", False), ("192.168.1.5", False),
    ("example.org", False), ("localhost.example.org", False),
])
def test_which_hosts_are_this_machine_only(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_default_number_of_sessions_follows_the_machine() -> None:
    gib = 1024 ** 3
    assert default_max_sessions(cpus=2, memory=64 * gib) == 8  # 4 per core
    assert default_max_sessions(cpus=16, memory=4 * gib) == 4 * gib // 2 // SESSION_MEMORY
    assert default_max_sessions(cpus=1, memory=100) == 1  # at least one
    assert default_max_sessions(cpus=2, memory=0) == 8  # memory unknown
    assert default_max_sessions() >= 1


@given(st.integers(), st.integers())
def test_a_clamped_size_is_always_drawable(width: int, height: int) -> None:
    w, h = clamp_size(width, height)
    assert 1 <= w <= MAX_COLUMNS and 1 <= h <= MAX_ROWS
    if 1 <= width <= MAX_COLUMNS and 1 <= height <= MAX_ROWS:
        assert (w, h) == (width, height)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


@given(st.one_of(
    st.text(max_size=40),
    JSON.map(json.dumps),
    st.tuples(st.sampled_from(["stdin", "resize", "ping", "blur", "focus", "quit", "x"]),
              JSON).map(lambda pair: json.dumps(list(pair))),
    st.tuples(st.integers(), st.integers()).map(
        lambda size: json.dumps(["resize", {"width": size[0], "height": size[1]}])),
))
def test_only_well_formed_browser_messages_pass(raw: str) -> None:
    cleaned = clean_message(raw)
    if cleaned is None:
        return
    envelope = json.loads(cleaned)
    assert isinstance(envelope, list) and envelope[0] in ("stdin", "resize", "ping", "blur",
                                                           "focus")
    if envelope[0] == "stdin":
        assert isinstance(envelope[1], str)
    if envelope[0] == "resize":
        size = envelope[1]
        assert 1 <= size["width"] <= MAX_COLUMNS and 1 <= size["height"] <= MAX_ROWS


def test_a_huge_resize_is_clamped_and_a_normal_one_kept() -> None:
    assert json.loads(clean_message('["resize", {"width": 100000, "height": 100000}]')
                      or "null") == ["resize", {"width": MAX_COLUMNS, "height": MAX_ROWS}]
    assert clean_message('["resize", {"width": 120, "height": 40}]') == \
        '["resize", {"width": 120, "height": 40}]'
    for bad in ('["resize", {"width": "9", "height": 9}]', '["resize", {"width": true, '
                '"height": 9}]', '["resize"]', '{"resize": 1}', "[1]", "not json",
                '["stdin", 5]', '["quit"]'):
        assert clean_message(bad) is None, bad


@pytest.mark.parametrize(("host", "public_url", "token"), [
    ("127.0.0.1", None, False), ("localhost", None, False), ("0.0.0.0", None, True),
    ("192.168.1.5", None, True), ("127.0.0.1", "https://trainer.example.org", True),
    ("127.0.0.1", "http://127.0.0.1:9000", False), ("0.0.0.0", "http://localhost", True),
])
def test_a_token_is_needed_wherever_another_machine_may_reach_the_page(
        host: str, public_url: str | None, token: bool) -> None:
    assert needs_token(host, public_url) is token


def test_the_access_log_never_shows_the_token() -> None:
    record = logging.LogRecord("aiohttp.access", logging.INFO, __file__, 1,
                               '127.0.0.1 "GET /?token=%s HTTP/1.1" 200', ("s3cret",), None)
    assert _Redact("s3cret").filter(record)
    assert record.getMessage() == '127.0.0.1 "GET /?token=[token] HTTP/1.1" 200'


def test_the_doors_compare_origins_and_tokens_of_any_text() -> None:
    doors = Doors("0.0.0.0", 8000, token="s3cret")
    assert doors.token_ok("s3cret") and not doors.token_ok("s3crét")
    assert not doors.token_ok(None) and not doors.token_ok("")
    assert doors.origin_allowed("http://Host.Example:8000", "http", "host.example:8000")
    assert not doors.origin_allowed("http://hôst.example:8000", "http", "host.example:8000")
    proxied = Doors("127.0.0.1", 8000, public_url="HTTPS://Trainer.Example.org:443/mj/")
    assert proxied.public_origin == "https://trainer.example.org"
    assert proxied.origin_allowed("https://trainer.example.org", "http", "127.0.0.1:8000")
    assert not proxied.origin_allowed("http://127.0.0.1:8000", "http", "127.0.0.1:8000")
    assert Doors("::1", 1, public_url="http://[::1]:9000").public_origin == "http://[::1]:9000"


def test_the_printed_addresses() -> None:
    assert Doors("127.0.0.1", 8000).addresses() == ["http://127.0.0.1:8000/"]
    assert Doors("::1", 8000).addresses() == ["http://[::1]:8000/"]
    assert Doors("0.0.0.0", 8000, token="T").addresses() == [
        f"http://{socket.gethostname()}:8000/?token=T", "http://127.0.0.1:8000/?token=T"]
    assert Doors("0.0.0.0", 8000, token="T", public_url="https://t.example.org/").addresses() \
        == ["https://t.example.org/?token=T"]


# ---- the server, in this process, with the fake app

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    server: GuardedServer
    address: str  # host:port
    log: Path
    out: io.StringIO

    @property
    def origin(self) -> str:
        return f"http://{self.address}"

    def entries(self) -> list[dict[str, Any]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text().splitlines() if line]

    def metas(self) -> list[dict[str, Any]]:
        return [e["meta"] for e in self.entries() if "meta" in e]


@contextlib.asynccontextmanager
async def serving(tmp_path: Path, *, mode: str = "obedient", token: str | None = None,
                  host: str = "127.0.0.1", max_sessions: int = 4, quit_grace: float = 5.0,
                  kill_grace: float = 3.0) -> AsyncIterator[Served]:
    log = tmp_path / "app.log"
    command = "exec " + shlex.join([sys.executable, str(FAKE_APP), str(log), mode])
    port = free_port()
    out = io.StringIO()
    server = GuardedServer(command, Doors(host, port, token=token), max_sessions=max_sessions,
                           out=out, quit_grace=quit_grace, kill_grace=kill_grace)
    runner = web.AppRunner(await server._make_app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield Served(server, f"127.0.0.1:{port}", log, out)
    finally:
        await runner.cleanup()


async def until(check: Callable[[], bool], timeout: float = 30.0) -> None:
    """Wait until `check()` holds (an app starting, a process ending)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        await asyncio.sleep(0.05)


async def handshake_status(url: str, **headers: str) -> int:
    """The status a WebSocket handshake gets (101 when accepted)."""
    async with aiohttp.ClientSession() as session:
        try:
            ws = await session.ws_connect(url, headers=headers)
        except aiohttp.WSServerHandshakeError as err:
            return err.status
        await ws.close()
        return 101


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_the_server_prints_where_to_go_and_its_limit(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path, max_sessions=3) as s:
            printed = s.out.getvalue()
            assert f"    http://127.0.0.1:{s.address.split(':')[1]}/\n" in printed
            assert "up to 3 at once" in printed and "token" not in printed

    asyncio.run(body())


def test_a_websocket_from_another_origin_is_refused(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path) as s:
            url = f"http://{s.address}/ws"
            port = s.address.split(":")[1]
            for origin in ("http://evil.example", "null", f"http://127.0.0.1:{int(port) + 1}",
                           f"https://{s.address}", f"http://{s.address}.evil.example"):
                assert await handshake_status(url, Origin=origin) == 403, origin
            assert await handshake_status(url) == 403  # no origin at all
            assert s.entries() == []  # no app was started for any of them

    asyncio.run(body())


def test_the_pages_own_origin_is_let_in(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path) as s:
            assert await handshake_status(f"http://{s.address}/ws", Origin=s.origin) == 101
            await until(lambda: bool(s.entries()))
            # the same server by its other loopback name
            port = s.address.split(":")[1]
            assert await handshake_status(f"http://localhost:{port}/ws",
                                          Origin=f"http://localhost:{port}") == 101

    asyncio.run(body())


def test_a_rebound_host_name_is_refused(tmp_path: Path) -> None:
    # DNS rebinding: evil.example re-pointed at 127.0.0.1 makes the page same-origin
    # with itself; the Host it names gives it away.
    async def body() -> None:
        async with serving(tmp_path) as s, aiohttp.ClientSession() as session:
            port = s.address.split(":")[1]
            host = f"evil.example:{port}"
            for path in ("/", "/static/js/textual.js"):
                async with session.get(f"http://{s.address}{path}",
                                       headers={"Host": host}) as response:
                    assert response.status == 403, path
            assert await handshake_status(f"http://{s.address}/ws", Host=host,
                                          Origin=f"http://{host}") == 403

    asyncio.run(body())


def test_a_huge_size_is_clamped_at_the_start_and_on_resize(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path) as s, aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"http://{s.address}/ws?width=100000&height=100000",
                                          headers={"Origin": s.origin})
            await until(lambda: bool(s.entries()))
            assert (s.entries()[0]["columns"], s.entries()[0]["rows"]) == ("500", "200")
            for junk in ("not json", '{"a": 1}', '["resize", {"width": "x"}]', "[]",
                         '["resize", {"width": 1e9, "height": 5}]', '["nope", 1]'):
                await ws.send_str(junk)
            await ws.send_str('["resize", {"width": 100000, "height": -5}]')
            await ws.send_str('["resize", {"width": 132, "height": 43}]')
            await until(lambda: len([m for m in s.metas() if m["type"] == "resize"]) == 2)
            resizes = [(m["width"], m["height"]) for m in s.metas() if m["type"] == "resize"]
            assert resizes == [(500, 1), (132, 43)]  # the junk ended nothing
            await ws.close()

    asyncio.run(body())


def test_the_app_quits_when_its_page_closes(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path) as s, aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"http://{s.address}/ws", headers={"Origin": s.origin})
            await until(lambda: bool(s.entries()))
            pid = s.entries()[0]["pid"]
            await ws.close()
            await until(lambda: not alive(pid))
            assert {"type": "quit"} in s.metas()  # it quit when asked
            await until(lambda: s.server.live == 0 and not s.server.apps)

    asyncio.run(body())


def test_an_app_that_ignores_quit_and_sigterm_is_killed(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path, mode="stubborn", quit_grace=0.3, kill_grace=0.3) as s, \
                aiohttp.ClientSession() as session:
            ws = await session.ws_connect(f"http://{s.address}/ws", headers={"Origin": s.origin})
            await until(lambda: bool(s.entries()))
            pid = s.entries()[0]["pid"]
            await ws.close()
            await until(lambda: not alive(pid))
            assert {"type": "quit"} in s.metas()  # asked first, then ended

    asyncio.run(body())


def test_sessions_are_capped_with_a_page_that_says_so(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path, max_sessions=1) as s, aiohttp.ClientSession() as session:
            first = await session.ws_connect(f"http://{s.address}/ws",
                                             headers={"Origin": s.origin})
            await until(lambda: bool(s.entries()))
            async with session.get(f"http://{s.address}/") as response:
                page = await response.text()
                assert response.status == 503
                assert "All sessions are in use" in page and "at most 1 session " in page
                assert "--max-sessions" in page
            assert await handshake_status(f"http://{s.address}/ws", Origin=s.origin) == 503
            await first.close()
            await until(lambda: s.server.live == 0)
            async with session.get(f"http://{s.address}/") as response:
                assert response.status == 200
            assert await handshake_status(f"http://{s.address}/ws", Origin=s.origin) == 101

    asyncio.run(body())


def test_off_loopback_the_page_and_its_websocket_need_the_token(tmp_path: Path) -> None:
    async def body() -> None:
        async with serving(tmp_path, host="0.0.0.0", token="s3cret") as s, \
                aiohttp.ClientSession() as session:
            assert "?token=s3cret" in s.out.getvalue()
            for query in ("", "?token=", "?token=wrong", "?token=s3cre"):
                async with session.get(f"http://{s.address}/{query}") as response:
                    assert response.status == 403, query
                    assert "needs its token" in await response.text()
            async with session.get(f"http://{s.address}/?token=s3cret") as response:
                page = await response.text()
                assert response.status == 200
            sockets = re.findall(r'data-session-websocket-url="([^"]+)"', page)
            assert sockets == [f"ws://{s.address}/ws/s3cret"]
            assert f'href="http://{s.address}/static/css/xterm.css"' in page
            for path in ("/ws", "/ws/wrong", "/ws/s3cre"):
                assert await handshake_status(f"http://{s.address}{path}",
                                              Origin=s.origin) == 403, path
            assert await handshake_status(f"http://{s.address}/ws/s3cret",
                                          Origin="http://evil.example") == 403
            assert s.entries() == []
            assert await handshake_status(f"http://{s.address}/ws/s3cret",
                                          Origin=s.origin) == 101

    asyncio.run(body())


def test_stopping_the_server_ends_every_app(tmp_path: Path) -> None:
    pids: list[int] = []

    async def body() -> None:
        # Leaving `serving` (first) stops the server as SIGTERM does, pages still open.
        async with aiohttp.ClientSession() as session, \
                serving(tmp_path, mode="stubborn", quit_grace=0.3, kill_grace=0.3) as s:
            pages = [await session.ws_connect(f"http://{s.address}/ws",
                                              headers={"Origin": s.origin}) for _ in range(2)]
            await until(lambda: len(s.entries()) == 2)
            assert not any(page.closed for page in pages)
            pids.extend(e["pid"] for e in s.entries())

    asyncio.run(body())
    assert len(pids) == 2 and not any(alive(pid) for pid in pids)


# ---- the real command and the real trainer

@contextlib.contextmanager
def real_serve(tmp_path: Path, *args: str) -> Iterator[tuple[subprocess.Popen[str], int]]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mj_trainer", "serve", "--port", str(port), "--data-dir",
         str(tmp_path / "data"), *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True)
    try:
        yield proc, port
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if proc.stdout:
            proc.stdout.close()


def first_lines(proc: subprocess.Popen[str], port: int, until_text: str) -> str:
    """What serve prints up to `until_text`, once its port takes connections (the address
    is printed as the server starts, a moment before it listens)."""
    assert proc.stdout is not None
    seen = ""
    while until_text not in seen:
        line = proc.stdout.readline()
        assert line, f"serve ended early: {seen}"
        seen += line
    end = time.monotonic() + 30
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return seen
        time.sleep(0.05)
    raise AssertionError(f"serve never listened on {port}")


def children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                         text=True, check=False).stdout
    return [int(p) for p in out.split()]


@dataclass
class Page:
    """A page's WebSocket to the real trainer, and the text the trainer draws on it."""

    session: aiohttp.ClientSession
    reader: asyncio.Task[None]
    drawn: list[str]

    def shows(self, text: str) -> bool:
        return text in "".join(self.drawn)


async def open_trainer(url: str, origin: str) -> Page:
    session = aiohttp.ClientSession()
    ws = await session.ws_connect(url, headers={"Origin": origin})
    drawn: list[str] = []

    async def read() -> None:
        async for message in ws:
            if isinstance(message.data, bytes):
                drawn.append(message.data.decode("utf-8", "replace"))

    return Page(session, asyncio.get_running_loop().create_task(read()), drawn)


def test_real_serve_off_loopback_prints_its_token_and_clamps_the_trainer(
        tmp_path: Path) -> None:
    with real_serve(tmp_path, "--host", "0.0.0.0") as (proc, port):
        printed = first_lines(proc, port, "Press ctrl+c")
        tokens = re.findall(rf"http://127\.0\.0\.1:{port}/\?token=([\w-]+)", printed)
        assert len(tokens) == 1 and len(tokens[0]) >= 40
        origin = f"http://127.0.0.1:{port}"

        async def body() -> None:
            assert await handshake_status(f"ws://127.0.0.1:{port}/ws", Origin=origin) == 403
            page = await open_trainer(
                f"ws://127.0.0.1:{port}/ws/{tokens[0]}?width=100000&height=100000", origin)
            try:
                await until(lambda: page.shows("Quick round"), timeout=60)
                (app,) = children(proc.pid)
                environ = Path(f"/proc/{app}/environ").read_bytes().split(b"\0")
                assert b"COLUMNS=500" in environ and b"ROWS=200" in environ
                proc.send_signal(signal.SIGTERM)  # stop the server with a page open
                await until(lambda: proc.poll() is not None and not alive(app), timeout=60)
            finally:
                await page.session.close()

        asyncio.run(body())
        assert proc.returncode == 0


def test_the_trainer_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    with real_serve(tmp_path) as (proc, port):
        first_lines(proc, port, "Press ctrl+c")
        origin = f"http://127.0.0.1:{port}"

        async def body() -> None:
            page = await open_trainer(f"ws://127.0.0.1:{port}/ws", origin)
            app = 0
            try:
                await until(lambda: page.shows("Quick round"), timeout=60)
                (app,) = children(proc.pid)
                proc.kill()  # SIGKILL: the server can end nothing
                await until(lambda: not alive(app), timeout=60)
            finally:
                await page.session.close()
                if app and alive(app):  # the test failed: leave no trainer behind
                    os.kill(app, signal.SIGKILL)

        asyncio.run(body())
