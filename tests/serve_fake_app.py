"""A stand-in for the trainer under textual-serve, for tests/test_cli_serve.py.

It speaks the web driver's side of textual-serve's pipe (the `__GANGLION__` line, then
packets of a type byte, a 4-byte big-endian length and a payload), so the tests see
exactly what the server hands an app, without Textual's start-up time:

    python tests/serve_fake_app.py LOG MODE

LOG receives one JSON line for the environment's COLUMNS and ROWS and one per meta
packet (resize, focus, quit...).  MODE "obedient" quits on the quit packet; "stubborn"
ignores quit and SIGTERM, like an app stuck in a long computation.
"""

from __future__ import annotations

import json
import os
import signal
import sys


def main() -> None:
    log_path, mode = sys.argv[1], sys.argv[2]
    out = sys.stdout.buffer

    def note(entry: dict[str, object]) -> None:
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    note({"pid": os.getpid(), "columns": os.environ.get("COLUMNS"),
          "rows": os.environ.get("ROWS")})
    out.write(b"__GANGLION__\n")
    hello = b"fake trainer ready"
    out.write(b"D" + len(hello).to_bytes(4, "big") + hello)
    out.flush()
    stdin = sys.stdin.buffer
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            return  # the server closed the pipe
        payload = stdin.read(int.from_bytes(head[1:], "big"))
        if head[:1] != b"M":
            continue
        meta = json.loads(payload)
        note({"meta": meta})
        if meta.get("type") == "quit" and mode == "obedient":
            return


if __name__ == "__main__":
    main()
