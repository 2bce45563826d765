"""`mj-trainer serve`: the whole trainer in a web browser, through textual-serve.

textual-serve is an optional extra (`pip install 'mj-trainer[web]'`): it runs a small
web server, and each browser tab gets its own `python -m mj_trainer` process drawn by
Textual's web driver.  The server listens on loopback unless told otherwise, because
anyone who can reach the port can use the trainer and its progress file.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import Any, Final

from mj_trainer.cli.options import EXIT_INPUT, add_app_options

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8000


def add_serve_parser(sub: Any) -> None:
    serve = sub.add_parser(
        "serve", help="serve the trainer in a web browser (needs the 'web' extra)",
        description="Serve the full trainer to a web browser with textual-serve. Install it "
                    "with: pip install 'mj-trainer[web]'. Open the printed address in a "
                    "browser; each tab runs its own trainer.",
    )
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help=f"address to listen on (default {DEFAULT_HOST}: this machine "
                            "only; 0.0.0.0 lets other machines in)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help="the address browsers use, when it differs from host:port "
                            "(behind a proxy)")
    # As on every subcommand: given before `serve` they count too.
    add_app_options(serve, sub=True)


def app_command(data_dir: str | None, config: str | None) -> str:
    """The shell command textual-serve runs for each browser tab."""
    parts = [sys.executable, "-m", "mj_trainer"]
    if data_dir:
        parts += ["--data-dir", os.path.abspath(data_dir)]
    if config:
        parts += ["--config", os.path.abspath(config)]
    return shlex.join(parts)


def run_serve(args: argparse.Namespace) -> int:
    """Check the request, then serve until interrupted."""
    if not 0 < args.port < 65536:
        print(f"mj-trainer serve: --port {args.port} is not a port (1-65535)", file=sys.stderr)
        return EXIT_INPUT
    try:
        from textual_serve.server import Server
    except ImportError:
        print("mj-trainer serve needs textual-serve, an optional extra: "
              "pip install 'mj-trainer[web]'", file=sys.stderr)
        return EXIT_INPUT
    server = Server(app_command(args.data_dir, args.config), host=args.host, port=args.port,
                    title="mj-trainer", public_url=args.public_url)
    try:
        server.serve()
    except OSError as err:
        print(f"mj-trainer serve: cannot listen on {args.host}:{args.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return EXIT_INPUT
    return 0
