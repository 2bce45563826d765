"""Start the installed app headless, open a quiz round and answer it: the package data
(styles, help, rulesets, sets) must all be in the wheel for this to work."""

from __future__ import annotations

import asyncio
import sys
import tempfile

from mj_trainer.tui.app import make_app


async def main() -> int:
    with tempfile.TemporaryDirectory() as data:
        app = make_app(data_dir=data, config_path=f"{data}/config.toml")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            for _ in range(50):
                await pilot.pause(0.05)
                if type(app.screen).__name__ == "QuizScreen":
                    break
            name = type(app.screen).__name__
            await pilot.press("f1")
            await pilot.pause()
            await pilot.press("escape", "ctrl+q")
    print(f"app smoke test: reached {name}")
    return 0 if name == "QuizScreen" else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
