"""Reading targets and avoid lists, refusing impossible requests, other rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

from mj_trainer.engine.generator import GenerationError, generate, plan
from mj_trainer.engine.generator import templates as templates_module
from mj_trainer.engine.generator.targets import resolve
from mj_trainer.engine.ruleset import RulesetError, builtin_names, load
from mj_trainer.engine.scoring import score

RULES = load()


@pytest.mark.parametrize(
    ("text", "kind", "ids"),
    [
        ("6.2", "pattern", {"6.2"}),  # a pattern id wins over the family of the same name
        ("8.1", "family", {"8.1.1", "8.1.2", "8.1.3", "8.1.4", "8.1.5"}),
        ("family:13.1", "family", {"13.1", "13.1.1", "13.1.2", "13.1.3"}),
        ("13.1", "pattern", {"13.1"}),
        ("9", "category", {"9.1.1", "9.1.2", "9.1.3", "9.1.4", "9.1.5"}),
        ("category:11", "category", {"11.1"}),
        ("Nine Gates", "pattern", {"6.2"}),
        ("  big-four-WINDS ", "pattern", {"8.1.5"}),
        ("九蓮寶燈", "pattern", {"6.2"}),
        ("Honor Tiles", "category", {p.id for p in RULES.patterns if p.category == "8"}),
    ],
)
def test_targets_are_read_like_the_ruleset_numbers_them(text: str, kind: str,
                                                        ids: set[str]) -> None:
    target = resolve(RULES, text)
    assert target.kind == kind
    assert {p.id for p in target.patterns} == ids


@pytest.mark.parametrize("text", ["9.9", "14", "1.2.3.4", "nine gate", "dragon:8", ""])
def test_unknown_targets_are_a_clear_error(text: str) -> None:
    with pytest.raises(GenerationError, match="unknown target"):
        resolve(RULES, text)


def test_unknown_target_suggests_a_near_name() -> None:
    with pytest.raises(GenerationError, match="did you mean Nine Gates"):
        generate(1, target="Nine Gate")


def test_unknown_avoid_is_an_error() -> None:
    with pytest.raises(GenerationError, match="unknown target"):
        generate(1, avoid=["77"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": "10.1", "max_total": 50}, "limit hand worth 400"),
        ({"target": "8.1.4", "min_total": 321}, "limit hand worth 320"),
        ({"target": "2.1", "min_total": 330}, "capped at 320"),
        ({"target": "8.2.3", "max_total": 100}, "worth 130 on its own"),
        ({"target": "1.7", "winning": True}, "not a win"),
        ({"target": "1.2", "winning": False}, "needs a winning hand"),
        ({"target": "1.7", "min_total": 0}, "always totals -40"),
        ({"target": "8.1.3", "avoid": ["8.1.3"]}, "also avoided"),
        ({"target": "8.1", "avoid": ["8.1"]}, "also avoided"),
        ({"winning": False, "avoid": ["1.7"]}, "avoided"),
        ({"min_total": 50, "max_total": 10}, "above the maximum"),
        ({"difficulty": "impossible"}, "unknown difficulty"),
        ({"mode": "weird"}, "unknown mode"),
        ({"target": "9", "difficulty": "easy"}, None),  # 9.1.1 fits: no error
    ],
)
def test_impossible_requests_are_refused_up_front(kwargs: dict[str, object],
                                                   message: str | None) -> None:
    if message is None:
        plan(**kwargs)  # type: ignore[arg-type]
        return
    with pytest.raises(GenerationError, match=message):
        plan(**kwargs)  # type: ignore[arg-type]


def test_a_family_target_keeps_the_members_that_fit() -> None:
    # Of family 8.1 only 8.1.1 Wind Pung (5 per set) and 8.1.2 Little Three Winds (30)
    # fit below 40; every hand counts one of them.
    for g_hand in generate(10, seed=1, target="8.1", max_total=39):
        counted = {h.pattern.id for h in score(g_hand).counted}
        assert counted & {"8.1.1", "8.1.2"}
        assert score(g_hand).total <= 39


def test_a_target_without_a_template_falls_back_to_verified_random_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A ruleset may use a detector the generator has no template for: hands are
    # then drawn at random and kept only when the scorer counts the pattern.
    patched = dict(templates_module.TEMPLATES)
    del patched["all_chows"]
    monkeypatch.setattr(templates_module, "TEMPLATES", patched)
    monkeypatch.setattr("mj_trainer.engine.generator.api.TEMPLATES", patched)
    for hand in generate(5, seed=2, target="1.2"):
        assert "1.2" in {h.pattern.id for h in score(hand).counted}


def test_unknown_ruleset_is_a_ruleset_error() -> None:
    with pytest.raises(RulesetError):
        generate(1, ruleset="no-such-ruleset")


@pytest.mark.parametrize("name", builtin_names())
def test_every_built_in_ruleset_gets_legal_hands(name: str) -> None:
    rules = load(name)
    for hand in generate(30, seed=3, ruleset=name):
        assert hand.ruleset == name
        result = score(hand, rules)
        assert result.winning


# The classical ruleset (points and doublings, irregular limit hands such as Peking
# Garden) needs templates of its own; they come with its issue.
AIMED_RULESETS = [n for n in builtin_names() if n not in ("mj-score-eval", "classical")]


@pytest.mark.parametrize(
    ("name", "pattern_id"),
    [(n, p.id) for n in AIMED_RULESETS for p in load(n).patterns],
)
def test_every_pattern_of_every_built_in_ruleset_can_be_targeted(name: str,
                                                                 pattern_id: str) -> None:
    # Templates are keyed by detector, so other rulesets' ids work unchanged.
    rules = load(name)
    for hand in generate(2, seed=pattern_id, target=pattern_id, ruleset=name):
        assert pattern_id in {h.pattern.id for h in score(hand, rules).counted}


def test_a_ruleset_without_bonus_tiles_or_incidentals_gets_none(tmp_path: Path) -> None:
    # Bonus tiles and incidentals only appear when the ruleset scores them.
    lines = ['[ruleset]', 'id = "house"', 'extends = "mj-score-eval"', '']
    for p in RULES.patterns:
        if p.category in ("12", "13"):
            lines += [f'[patterns."{p.id}"]', "enabled = false", ""]
    path = tmp_path / "house.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    for hand in generate(300, seed=4, ruleset=str(path), difficulty="hard"):
        assert hand.bonus == ()
        assert hand.incidentals == frozenset()
        assert hand.ruleset == str(path)
