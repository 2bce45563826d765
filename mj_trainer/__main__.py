"""``python -m mj_trainer``: the same as the ``mj-trainer`` command."""

import sys

from mj_trainer.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
