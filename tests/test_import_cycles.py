"""No import cycles in mj_trainer, counting the imports made inside functions.

The graph is grimp's (import-linter's own library), which reads every `import`
statement of the source, at the top of a module or inside a function alike; only
imports under `if TYPE_CHECKING:` are left out, as in the import contracts, since they
never run. Two kinds of cycle fail here, each named with the lines that make it:

* modules that import each other, directly or through others;
* sibling packages that do (`cli` -> `tui` -> `cli`, or two subpackages of the
  engine), even when no single module is on a cycle.

The `acyclic_siblings` contract in pyproject.toml says the second again for
`lint-imports`; this test gives the whole cycle, line by line, when one comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import pairwise

import grimp
import pytest

ROOT = "mj_trainer"
Edges = Mapping[str, set[str]]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(ROOT, exclude_type_checking_imports=True, cache_dir=None)


def _edges(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def strongly_connected(edges: Edges) -> list[list[str]]:
    """The groups of two or more nodes that all reach each other (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def a_cycle(group: list[str], edges: Edges) -> list[str]:
    """One shortest way round a strongly connected group, from its first node back."""
    start = group[0]
    members = set(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges.get(v, set()) & members):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if w not in came_from:
                    came_from[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{group} is not strongly connected")


def sibling_edges(package: str, imports: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    """Imports between the children of `package`, each child standing for everything
    under it, as import-linter squashes them."""

    def child(module: str) -> str | None:
        if not module.startswith(package + "."):
            return None
        return package + "." + module[len(package) + 1:].split(".", maxsplit=1)[0]

    edges: dict[str, set[str]] = {}
    for importer, imported in imports:
        a, b = child(importer), child(imported)
        if a is not None and b is not None and a != b:
            edges.setdefault(a, set()).add(b)
    return edges


def packages(modules: Iterable[str]) -> set[str]:
    """Every module that has a module under it."""
    return {m.rsplit(".", i)[0] for m in modules for i in range(1, m.count(".") + 1)}


def _where(graph: grimp.ImportGraph, importer: str, imported: str) -> str:
    lines = graph.get_import_details(importer=importer, imported=imported)
    return ", ".join(f"l.{d['line_number']} {d['line_contents'].strip()!r}" for d in lines)


def _describe(group: list[str], edges: Edges, step: Callable[[str, str], str]) -> str:
    """One way round the group, each hop with the import that makes it, then the rest
    of the group when the cycle does not pass through all of it."""
    cycle = a_cycle(group, edges)
    hops = [f"    {a} -> {b}: {step(a, b)}" for a, b in pairwise(cycle)]
    text = " -> ".join(cycle) + "\n" + "\n".join(hops)
    if len(group) > len(cycle) - 1:
        text += f"\n    ({len(group)} reach each other: {', '.join(group)})"
    return text


def module_cycles(graph: grimp.ImportGraph) -> list[str]:
    edges = _edges(graph)
    return [_describe(group, edges, lambda a, b: _where(graph, a, b))
            for group in strongly_connected(edges)]


def package_cycles(graph: grimp.ImportGraph) -> list[str]:
    edges = _edges(graph)
    imports = [(a, b) for a, targets in edges.items() for b in targets]
    out = []
    for package in sorted(packages(graph.modules)):
        children = sibling_edges(package, imports)
        for group in strongly_connected(children):

            def step(a: str, b: str) -> str:
                first = sorted((i, j) for i, j in imports
                               if (i == a or i.startswith(a + "."))
                               and (j == b or j.startswith(b + ".")))[0]
                return f"{first[0]} -> {first[1]} ({_where(graph, *first)})"

            out.append(f"in {package}: " + _describe(group, children, step))
    return out


def test_imports_inside_functions_are_in_the_graph(graph: grimp.ImportGraph) -> None:
    # cli.app imports the app only inside open_app: the graph must still see it.
    assert graph.direct_import_exists(importer="mj_trainer.cli.app",
                                      imported="mj_trainer.tui.app")
    assert len(graph.modules) > 100


def test_no_module_is_on_an_import_cycle(graph: grimp.ImportGraph) -> None:
    cycles = module_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_no_package_imports_a_sibling_that_imports_it(graph: grimp.ImportGraph) -> None:
    cycles = package_cycles(graph)
    assert not cycles, "cycles between sibling packages:\n" + "\n".join(cycles)


def test_the_check_names_a_cycle_it_is_shown() -> None:
    planted = grimp.ImportGraph()
    for importer, imported in [("p.a.x", "p.a.y"), ("p.a.y", "p.a.z"), ("p.a.z", "p.a.x"),
                               ("p.b.m", "p.c.n"), ("p.c.k", "p.b.j"), ("p.a.x", "p.b.m")]:
        planted.add_import(importer=importer, imported=imported, line_number=3,
                           line_contents=f"import {imported}")
    (modules,) = module_cycles(planted)
    assert modules.startswith("p.a.x -> p.a.y -> p.a.z -> p.a.x\n")
    assert "p.a.z -> p.a.x: l.3 'import p.a.x'" in modules
    # Three modules of one package on a cycle are siblings on a cycle too; p.b and p.c
    # are on one although no module of theirs is.
    siblings, same = package_cycles(planted)
    assert same.startswith("in p.a: p.a.x -> p.a.y -> p.a.z -> p.a.x\n")
    assert siblings.startswith("in p: p.b -> p.c -> p.b\n")
    assert "p.c.k -> p.b.j (l.3 'import p.b.j')" in siblings
