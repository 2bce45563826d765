"""Completeness: the rule catalogue walked against every built-in ruleset.

Every enabled detector must declare its evidence (or that it is the whole hand), what
breaks it (for explaining a claimed pattern that is absent), a
generator template or the reason it has none, and rulings that resolve to pages of
quizzes/rulings.md; every ruleset's citations must resolve too.  A new detector that
misses any of these fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mj_trainer.engine.generator.templates import TEMPLATES
from mj_trainer.engine.patterns.registry import CATALOGUE
from mj_trainer.engine.ruleset import RulesetError, builtin_names, clear_cache, load
from mj_trainer.engine.ruleset_model import CITATION_KEYS
from mj_trainer.quizzes.rule_refs import rule_refs
from mj_trainer.quizzes.rulings import RULINGS


@pytest.mark.parametrize("name", builtin_names())
def test_every_enabled_detector_is_complete(name: str) -> None:
    for p in load(name).patterns:
        entry = CATALOGUE.get(p.detector)
        assert entry is not None, f"{name} {p.id}: {p.detector} is not in the catalogue"
        assert entry.shows is not None, f"{p.detector}: no evidence declared"
        assert entry.breaks is not None, (
            f"{p.detector}: declares nothing that breaks it (breaks=, engine/patterns/gaps.py)")
        has_template = p.detector in TEMPLATES
        assert has_template != bool(entry.no_template), (
            f"{p.detector}: needs a template or a reason for having none, not both")
        for ruling in entry.rulings:
            assert ruling in RULINGS, f"{p.detector} cites {ruling}, which has no page"


@pytest.mark.parametrize("name", builtin_names())
def test_every_ruleset_cites_rulings_that_exist(name: str) -> None:
    rules = load(name)
    refs = rule_refs(rules)
    for key in CITATION_KEYS:
        assert getattr(refs, key) in RULINGS, (name, key)
    assert rules.citations or rules.lineage[1:], f"{name} declares no citations"


def test_every_ruling_page_is_cited_or_general() -> None:
    # Pages not cited by a detector or a ruleset are the general ones (R1, R2, R6...).
    cited = {r for e in CATALOGUE.values() for r in e.rulings}
    cited |= {r for n in builtin_names() for r in load(n).citations.values()}
    assert cited <= set(RULINGS)


def test_a_bad_citation_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('[ruleset]\nid = "x"\nextends = "mj-score-eval"\n\n'
                    '[ruleset.citations]\nfamliy = "R10"\ncap = "twelve"\n', encoding="utf-8")
    clear_cache()
    with pytest.raises(RulesetError) as err:
        load(str(path))
    text = str(err.value)
    assert "unknown citation 'famliy' (did you mean 'family'?)" in text
    assert "citation cap must be a ruling like \"R10\"" in text
