"""House rules: a TOML file that `extends` a ruleset and changes values, switches
patterns off or changes the cap; every mistake is reported with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from mj_trainer.engine.notation import parse
from mj_trainer.engine.ruleset import BUILTIN_DIR, RulesetError, builtin_names, clear_cache, load
from mj_trainer.engine.scoring import score

EXAMPLE = BUILTIN_DIR / "examples" / "house-rules.toml"


def write(tmp_path: Path, text: str, name: str = "house.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    clear_cache()
    return str(path)


def problems(path: str) -> list[str]:
    with pytest.raises(RulesetError) as err:
        load(path)
    return err.value.problems


HEAD = '[ruleset]\nid = "club"\nextends = "{parent}"\n'


# --- what house rules can change --------------------------------------------------------

@pytest.mark.parametrize("parent", builtin_names())
def test_any_builtin_ruleset_can_be_extended(tmp_path: Path, parent: str) -> None:
    rules = load(write(tmp_path, HEAD.format(parent=parent)))
    base = load(parent)
    assert rules.id == "club"
    assert [p.id for p in rules.patterns] == [p.id for p in base.patterns]
    assert rules.scheme == base.scheme and rules.cap == base.cap


def test_change_a_value(tmp_path: Path) -> None:
    # All Chows 5 -> 8: c123 c456 b234 b567 k55 scores 8 + concealed 5 = 13.
    path = write(tmp_path, HEAD.format(parent="mj-score-eval") + '\n[patterns."1.2"]\nvalue = 8\n')
    assert score(parse("c123 c456 b234 b567 k5 +k5"), load(path)).total == 13


def test_switch_a_pattern_off(tmp_path: Path) -> None:
    # Without Concealed Hand the same hand scores All Chows 5 alone.
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns."1.3"]\nenabled = false\n')
    rules = load(path)
    assert "1.3" not in rules.by_id()
    assert score(parse("c123 c456 b234 b567 k5 +k5"), rules).total == 5


def test_change_the_cap(tmp_path: Path) -> None:
    # Classical with a 500 cap: the honors hand of 46 x 2^7 = 5888 is cut to 500.
    path = write(tmp_path, HEAD.format(parent="classical") + "cap = 500\n")
    result = score(parse("dr dr dr dg [we we we] [ws ws ws] [wn wn wn] +dg"), load(path))
    assert result.total == 500 and result.capped


def test_classical_house_rule_switches_pe_ling_off(tmp_path: Path) -> None:
    # No pe-ling pattern: the reading is no longer made, so the hand is no win.
    path = write(tmp_path, HEAD.format(parent="classical")
                 + '\n[patterns."2.5"]\nenabled = false\n')
    assert not score(parse("c111 c234 c567 c789 b1 +c1"), load(path)).winning


def test_classical_house_rule_switches_an_irregular_hand_off(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="classical")
                 + '\n[patterns."4.5"]\nenabled = false\n')
    assert not score(parse("c1234567 we ws ww wn dr dg +dw"), load(path)).winning
    # The other irregular hands are still read.
    assert score(parse("c123456789 we ws ww wn +we"), load(path)).total == 1000


def test_classical_house_rule_changes_a_doubling(tmp_path: Path) -> None:
    # Pure hand x2 instead of x3: 28 x 4 = 112 (see the main classical tests: 28 x 8).
    path = write(tmp_path, HEAD.format(parent="classical") + '\n[patterns."6.5.3"]\nvalue = 2\n')
    assert score(parse("c555 c2 [c123] [c456] [c789] +c2"), load(path)).total == 112


def test_a_pattern_made_a_limit(tmp_path: Path) -> None:
    # Four concealed pungs as a 320 limit in the default: stands alone.
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns."2.2.3"]\nvalue = 320\n')
    result = score(parse("c222 b333 k444 c666 dr +dr self"), load(path))
    assert result.limit is not None and result.limit.id == "2.2.3" and result.total == 320


def test_a_new_pattern_with_an_existing_detector(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns."14.1"]\nname = "Dragon Eyes"\nvalue = 2\n'
                 'detector = "pair_of_dragons"\n')
    # All Chows 5 + Concealed 5 + the new 2 = 12.
    assert score(parse("dr c123 c456 b234 b567 +dr"), load(path)).total == 12


def test_extends_a_house_file(tmp_path: Path) -> None:
    write(tmp_path, HEAD.format(parent="mj-score-eval") + "cap = 200\n", "base.toml")
    path = write(tmp_path, '[ruleset]\nid = "branch"\nextends = "base.toml"\n\n'
                 '[patterns."1.2"]\nvalue = 7\n', "branch.toml")
    rules = load(path)
    assert rules.cap == 200 and rules.pattern("1.2").value == 7 and rules.id == "branch"


def test_switching_off_a_replaced_pattern_is_fine(tmp_path: Path) -> None:
    # In the early ruleset 7.1.3 replaces 7.1.1; switching 7.1.1 off must not break it.
    path = write(tmp_path, HEAD.format(parent="mj-score-eval-early")
                 + '\n[patterns."7.1.1"]\nenabled = false\n')
    assert "7.1.1" not in load(path).by_id()


def test_the_example_file_loads_and_scores() -> None:
    rules = load(str(EXAMPLE))
    assert rules.id == "our-club" and rules.cap == 300
    assert rules.pattern("1.4").value == 2
    assert "12.4.2" not in rules.by_id()
    # All Chows 5 + Concealed 5 + Self Drawn 2 = 12.
    assert score(parse("c123 c456 b234 b567 k5 +k5 self"), rules).total == 12


def test_the_example_file_is_commented() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    assert len(comments) > 20
    assert "extends" in text and "enabled = false" in text and "cap =" in text


# --- errors, each with file and line ------------------------------------------------------

def test_unknown_pattern_id(tmp_path: Path) -> None:
    path = write(tmp_path, '[ruleset]\nid = "club"\nextends = "mj-score-eval"\n\n'
                 '# a comment\n\n[patterns."5.9"]\nvalue = 3\n')
    got = problems(path)
    assert len(got) == 1
    assert got[0].startswith("house.toml line 7: unknown pattern id 5.9")


def test_unknown_key_in_a_pattern_suggests_the_right_one(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns."1.2"]\nvaleu = 8\n')
    assert problems(path) == [
        "house.toml line 6: unknown key 'valeu' in pattern 1.2 (did you mean 'value'?)"]


def test_unknown_key_in_the_ruleset_table(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval") + "caps = 200\n")
    assert problems(path) == [
        "house.toml line 4: unknown key 'caps' in [ruleset] (did you mean 'cap'?)"]


def test_unknown_table(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval") + '\n[pattern."1.2"]\nvalue = 1\n')
    got = problems(path)
    assert len(got) == 1 and got[0].startswith("house.toml line 5: unknown table [pattern]")
    assert "did you mean 'patterns'?" in got[0]


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        pytest.param('value = "five"', 6, "'value' must be a int (a whole number), not the "
                     "string 'five'", id="value-text"),
        pytest.param("value = 2.5", 6, "'value' must be a int", id="value-float"),
        pytest.param("value = true", 6, "'value' must be a int", id="value-bool"),
        pytest.param('stacks = "yes"', 6, "'stacks' must be true or false", id="stacks"),
        pytest.param("enabled = 0", 6, "'enabled' must be true or false", id="enabled"),
        pytest.param('unit = "bag"', 6, "unit must be one of hand, set, tile", id="unit"),
        pytest.param('detector = "nope"', 6, "unknown detector 'nope'", id="detector"),
        pytest.param('not_for = ["pairs"]', 6, "unknown hand shape 'pairs'", id="not-for"),
        pytest.param('replaces = "1.3"', 6, "'replaces' must be a list of strings",
                     id="replaces"),
        pytest.param('replaces = ["9.9"]', 6, "replaces unknown pattern 9.9",
                     id="replaces-unknown"),
        pytest.param('kind = "doubles"', 6, 'needs scheme = "doubling"', id="kind-additive"),
        pytest.param('kind = "triple"', 6, "kind must be points or doubles", id="kind"),
        pytest.param("limit = 1", 6, "'limit' must be true or false", id="limit"),
        pytest.param("description = 3", 6, "'description' must be text", id="description"),
    ],
)
def test_bad_pattern_values(tmp_path: Path, body: str, line: int, message: str) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval") + f'\n[patterns."1.2"]\n{body}\n')
    got = problems(path)
    assert len(got) == 1, got
    assert got[0].startswith(f"house.toml line {line}: "), got
    assert message in got[0]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        pytest.param('cap = "lots"', "'cap' must be a int", id="cap-text"),
        pytest.param("cap = 0", "cap must be above 0", id="cap-zero"),
        pytest.param('scheme = "multiply"', "scheme 'multiply' is not one of additive, "
                     "doubling", id="scheme"),
        pytest.param('payoff = "cash"', "payoff 'cash' is not one of", id="payoff"),
        pytest.param('chicken_ignores = "13"', "'chicken_ignores' must be a list", id="ignores"),
        pytest.param("name = 4", "'name' must be a str", id="name"),
    ],
)
def test_bad_ruleset_values(tmp_path: Path, body: str, message: str) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval") + body + "\n")
    got = problems(path)
    assert len(got) == 1, got
    assert got[0].startswith("house.toml line 4: "), got
    assert message in got[0]


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    text = (HEAD.format(parent="mj-score-eval") + "cap = -1\n"   # line 4
            '\n[patterns."1.2"]\n'                              # line 6
            'value = "x"\n'                                     # line 7
            '\n[patterns."1.3"]\n'                              # line 9
            'stacks = "no"\n'                                   # line 10
            '\n[patterns."77.1"]\n'                             # line 12
            "value = 1\n")
    got = problems(write(tmp_path, text))
    assert sorted(got) == sorted([
        "house.toml line 12: unknown pattern id 77.1 (a new pattern needs a detector, a name "
        "and a value)",
        "house.toml line 4: cap must be above 0, not -1",
        "house.toml line 7: pattern 1.2: 'value' must be a int (a whole number), not the "
        "string 'x'",
        "house.toml line 10: pattern 1.3: 'stacks' must be true or false, not the string 'no'",
    ])


def test_a_bad_extends_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, '[ruleset]\nid = "club"\nextends = "nope"\n')
    got = problems(path)
    assert got[0].startswith("house.toml line 3: unknown ruleset 'nope'")


def test_a_missing_extends_file(tmp_path: Path) -> None:
    path = write(tmp_path, '[ruleset]\nid = "club"\nextends = "gone.toml"\n')
    assert problems(path)[0].startswith("house.toml line 3: no such ruleset file: gone.toml")


def test_a_new_pattern_without_a_name(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns."14.1"]\nvalue = 2\ndetector = "pair_of_dragons"\n')
    got = problems(path)
    assert got == ["house.toml line 5: pattern 14.1: 'name' must be a str (text in quotes) "
                   "and is missing"]


def test_a_bad_pattern_id(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns."a.b"]\nname = "x"\nvalue = 2\ndetector = "self_drawn"\n')
    got = problems(path)
    assert len(got) == 1 and got[0].startswith("house.toml line 5: pattern id 'a.b'")


def test_dotted_keys_are_located_too(tmp_path: Path) -> None:
    # The same mistake written as a dotted key still names its line.
    path = write(tmp_path, HEAD.format(parent="mj-score-eval")
                 + '\n[patterns]\n"1.2".value = "x"\n')
    got = problems(path)
    assert got[0].startswith("house.toml line 6: ")


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(HEAD.format(parent="mj-score-eval") + "cap = 200\n", encoding="utf-8")
    assert load(str(path)).cap == 200
    path.write_text(HEAD.format(parent="mj-score-eval") + "cap = 250\n", encoding="utf-8")
    import os
    os.utime(path, ns=(1, 10**18))  # a different modification time
    assert load(str(path)).cap == 250


def test_an_additive_scheme_cannot_score_doublings(tmp_path: Path) -> None:
    # Turning the classical ruleset additive is one mistake, reported once at its line.
    path = write(tmp_path, HEAD.format(parent="classical") + 'scheme = "additive"\n')
    got = problems(path)
    assert len(got) == 1
    assert got[0].startswith('house.toml line 4: kind = "doubles" (pattern 5.1, 5.2, 5.3, 5.4, '
                             '5.5 ...) needs scheme = "doubling"')


def test_the_classical_example_in_the_comments_works(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    block = text[text.index("The classical ruleset works"):].splitlines()[3:]
    toml = "\n".join(line.removeprefix("#").removeprefix("    ") for line in block)
    rules = load(write(tmp_path, toml))
    assert rules.id == "classical-club" and rules.cap == 500
    assert "2.5" not in rules.by_id() and rules.pattern("6.5.3").value == 2
    # Pure hand: 28 points x 2^2 = 112 (28 x 8 with the classical x3).
    assert score(parse("c555 c2 [c123] [c456] [c789] +c2"), rules).total == 112
