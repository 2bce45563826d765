"""The `mj-trainer` command line: the parser, every subcommand, the batch scorer and
the quiz protocol driver.

Only `cli.app` opens the Textual app (`mj_trainer.tui`), and only inside the function
that starts it, so the headless commands (`score`, `generate`, `sets`, `course`,
`progress`, `export`, `quiz --jsonl`) never load Textual.
"""
