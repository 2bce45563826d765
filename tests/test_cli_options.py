"""Every command's parsed arguments carry --data-dir and --config, so the commands read
them directly: given before the command they count, and after it where it takes them."""

from __future__ import annotations

import argparse

import pytest

from mj_trainer.cli.main import _parser

# The positional arguments a command needs to parse at all.
NEEDS = {"export": ["out.json"], "completion": ["bash"], "locate": ["data"]}
# The commands that also take the options after their name (export takes --data-dir only).
AFTER = {"quiz", "learn", "reference", "calc", "serve", "progress", "course", "locate"}


def _commands() -> list[str]:
    parser = _parser()
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return list(subs[0].choices)


def test_the_command_list_is_the_one_these_tests_know() -> None:
    assert {"quiz", "serve", "export", "sets", "score"} <= set(_commands())


@pytest.mark.parametrize("command", _commands())
def test_without_the_options_every_command_has_them_unset(command: str) -> None:
    args = _parser().parse_args([command, *NEEDS.get(command, [])])
    assert args.data_dir is None
    assert args.config is None


@pytest.mark.parametrize("command", _commands())
def test_the_options_before_the_command_reach_it(command: str) -> None:
    args = _parser().parse_args(["--data-dir", "d", "--config", "c.toml", command,
                                 *NEEDS.get(command, [])])
    assert args.data_dir == "d"
    assert args.config == "c.toml"


@pytest.mark.parametrize("command", sorted(AFTER))
def test_the_options_after_the_command_reach_it(command: str) -> None:
    args = _parser().parse_args(["--config", "early.toml", command, *NEEDS.get(command, []),
                                 "--data-dir", "d", "--config", "c.toml"])
    assert (args.data_dir, args.config) == ("d", "c.toml")


def test_export_takes_the_data_dir_after_its_name() -> None:
    args = _parser().parse_args(["--config", "c.toml", "export", "out.json", "--data-dir", "d"])
    assert (args.data_dir, args.config) == ("d", "c.toml")


def test_the_scripted_options_need_jsonl(capsys: pytest.CaptureFixture[str]) -> None:
    from mj_trainer.cli.main import main

    assert main(["quiz", "--lesson", "L1", "--count", "3", "--kinds", "total"]) == 2
    assert capsys.readouterr().err == ("mj-trainer: --lesson, --count, --kinds: only with "
                                       "--jsonl\n")
