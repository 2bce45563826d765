"""Shell completion and the man page come from the parser, so they name every command."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest

from mj_trainer.cli.docs import completion_script, man_page
from mj_trainer.cli.main import _parser, _version, main

COMMANDS = ("score", "generate", "sets", "export", "quiz", "reference", "completion", "manpage",
            "calc", "serve", "locate")
ROOT = Path(__file__).resolve().parent.parent
MAN = ROOT / "docs" / "mj-trainer.1"
# The completion scripts the wheel installs, under the names bash-completion and zsh
# look up: the command's own name, and the command's name after an underscore.
COMPLETIONS = {"bash": ROOT / "docs" / "completion" / "mj-trainer",
               "zsh": ROOT / "docs" / "completion" / "_mj-trainer"}


@pytest.mark.parametrize("shell", ["bash", "zsh"])
def test_completion_names_every_command_and_option(
        shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    for word in (*COMMANDS, "--ruleset", "--all-arrangements", "--data-dir", "--force"):
        assert word in script, word


def test_bash_completion_is_valid_bash(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    main(["completion", "bash"])
    script = tmp_path / "mj-trainer.bash"
    script.write_text(capsys.readouterr().out, encoding="utf-8")
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()


def test_an_unknown_shell_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["completion", "fish"])
    assert exit_.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_man_page_lists_every_command_and_reads_back() -> None:
    page = man_page(_parser(), "9.9")
    assert page.startswith(".TH MJ\\-TRAINER 1")
    for name in COMMANDS:
        assert f'.SS "mj-trainer {name}"' in page
    assert "\\fB\\-\\-all\\-arrangements\\fR" in page
    assert not any(line.startswith((".", "'")) and line.split()[0] not in
                   (".TH", ".SH", ".SS", ".TP") for line in page.splitlines())


def test_the_shipped_man_page_is_in_step_with_the_parser() -> None:
    expected = man_page(_parser(), _version())
    assert MAN.read_text(encoding="utf-8") == expected, (
        "docs/mj-trainer.1 is stale: run `mj-trainer manpage > docs/mj-trainer.1`")


@pytest.mark.parametrize("shell", sorted(COMPLETIONS))
def test_the_shipped_completions_are_in_step_with_the_parser(shell: str) -> None:
    path = COMPLETIONS[shell]
    assert path.read_text(encoding="utf-8") == completion_script(_parser(), shell), (
        f"{path.relative_to(ROOT)} is stale: run "
        f"`mj-trainer completion {shell} > {path.relative_to(ROOT)}`")


def test_the_wheel_installs_the_man_page_and_the_completions() -> None:
    # Wheel data under these folders lands in the environment's share/, where pipx
    # links man pages from and where a shell's system-wide lookup can find them.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data_files = config["tool"]["setuptools"]["data-files"]
    assert data_files == {
        "share/man/man1": ["docs/mj-trainer.1"],
        "share/bash-completion/completions": ["docs/completion/mj-trainer"],
        "share/zsh/site-functions": ["docs/completion/_mj-trainer"],
    }
