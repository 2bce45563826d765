"""`mj-trainer serve`: the whole trainer in a web browser, through textual-serve.

textual-serve is an optional extra (`pip install 'mj-trainer[web]'`): it runs a small
web server, and each browser tab gets its own `python -m mj_trainer` process drawn by
Textual's web driver.  The server listens on loopback unless told otherwise, because
whoever reaches the trainer can read the learner's progress and answer in their name;
on any other address the page needs a random token, printed with the address.
`cli.web_server` guards the doors (origin, host, token, terminal size, sessions).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shlex
import sys
from typing import Any, Final
from urllib.parse import urlsplit

from mj_trainer.cli.options import EXIT_INPUT, add_app_options
from mj_trainer.cli.serve_limits import SESSIONS_PER_CPU, default_max_sessions, is_loopback

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8000


def add_serve_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve", help="serve the trainer in a web browser (needs the 'web' extra)",
        description="Serve the full trainer to a web browser with textual-serve. Install it "
                    "with: pip install 'mj-trainer[web]'. Open the printed address in a "
                    "browser; each tab runs its own trainer. Only the served page may "
                    "connect, and off this machine only with the token in the printed "
                    "address.",
    )
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help=f"address to listen on (default {DEFAULT_HOST}: this machine "
                            "only; 0.0.0.0 lets other machines in, with a token)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help="the address browsers use, when it differs from host:port "
                            "(behind a proxy); only pages from it may connect")
    serve.add_argument("--max-sessions", type=int, default=None, metavar="N",
                       help="most trainers running at once, one per browser tab (default: "
                            f"{SESSIONS_PER_CPU} per CPU core, fewer when memory is short)")
    # As on every subcommand: given before `serve` they count too.
    add_app_options(serve, sub=True)


def app_command(data_dir: str | None, config: str | None) -> str:
    """The shell command textual-serve runs for each browser tab.  `exec` makes the
    trainer itself the server's child, so the signals that end it reach it."""
    parts = [sys.executable, "-m", "mj_trainer"]
    if data_dir:
        parts += ["--data-dir", os.path.abspath(data_dir)]
    if config:
        parts += ["--config", os.path.abspath(config)]
    return "exec " + shlex.join(parts)


def needs_token(host: str, public_url: str | None) -> bool:
    """Whether the page needs a token: whenever another machine may reach it, directly
    (`--host` not loopback) or through a proxy (`--public-url` not on this machine)."""
    if not is_loopback(host):
        return True
    return public_url is not None and not is_loopback(urlsplit(public_url).hostname or "")


def new_token() -> str:
    """A random token for the page's address (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def _problems(args: argparse.Namespace) -> list[str]:
    problems = []
    if not 0 < args.port < 65536:
        problems.append(f"--port {args.port} is not a port (1-65535)")
    if args.max_sessions is not None and args.max_sessions < 1:
        problems.append(f"--max-sessions {args.max_sessions} must be 1 or more")
    if args.public_url is not None:
        parts = urlsplit(args.public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            problems.append(f"--public-url {args.public_url!r} is not an http(s) address "
                            "(for example https://trainer.example.org)")
    return problems


def run_serve(args: argparse.Namespace) -> int:
    """Check the request, then serve until interrupted."""
    problems = _problems(args)
    for problem in problems:
        print(f"mj-trainer serve: {problem}", file=sys.stderr)
    if problems:
        return EXIT_INPUT
    try:
        from mj_trainer.cli.web_server import Doors, GuardedServer
    except ImportError:
        print("mj-trainer serve needs textual-serve, an optional extra: "
              "pip install 'mj-trainer[web]'", file=sys.stderr)
        return EXIT_INPUT
    token = new_token() if needs_token(args.host, args.public_url) else None
    doors = Doors(host=args.host, port=args.port, token=token, public_url=args.public_url)
    server = GuardedServer(app_command(args.data_dir, args.config), doors,
                           max_sessions=args.max_sessions or default_max_sessions())
    try:
        server.serve()
    except OSError as err:
        print(f"mj-trainer serve: cannot listen on {args.host}:{args.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return EXIT_INPUT
    return 0
