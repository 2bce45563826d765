"""The rules reference: categories -> families -> patterns, rulings, search, examples.

The left pane is a tree of everything the ruleset defines, plus the rulings pages;
the right pane explains the highlighted entry.  A pattern page shows the value,
the Chinese name, the ruleset's description, how its family combines, the value in
the other built-in rulesets, and an example hand drawn as tiles (found in a worker:
a curated hand about the pattern, else a generated one with a fixed seed).

The screen navigates only by posting `tui.messages`: "practise" posts
`StartRandom(target=...)`; the app decides what to push.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Literal

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.widgets import Input, Static, Tree
from textual.widgets.tree import TreeNode

from mj_trainer.engine.ruleset import Pattern, Ruleset, RulesetError, builtin_names, load
from mj_trainer.engine.scoring import Score
from mj_trainer.engine.total_basis import TotalBasis, total_basis
from mj_trainer.quizzes.examples import Example, find_example
from mj_trainer.quizzes.rule_refs import rule_refs
from mj_trainer.quizzes.rulings import (
    RULINGS,
    family_text,
    family_title,
    overview_text,
    ref,
    related_rulings,
    ruling_key,
)
from mj_trainer.tui.messages import LEARNER_LEVEL, OpenGlossary, SettingsChanged, StartRandom
from mj_trainer.tui.pattern_search import pattern_matches, text_matches
from mj_trainer.tui.safe_screen import SafeScreen
from mj_trainer.tui.share_key import SHARE_BINDING, example_origin, share_hand
from mj_trainer.tui.tile_text import TileStyle
from mj_trainer.tui.widgets.lean_footer import LeanFooter
from mj_trainer.tui.widgets.reference_tiles import (
    TileFlow,
    arrangement_pieces,
    bonus_piece,
    context_text,
    hand_pieces,
)
from mj_trainer.tui.widgets.safe_header import SafeHeader

Kind = Literal["overview", "rulings", "ruling", "category", "family", "pattern"]


@dataclass(frozen=True, slots=True)
class Entry:
    """What a tree node stands for."""

    kind: Kind
    key: str = ""

    @property
    def target(self) -> str | None:
        """The id a practice round can aim at (patterns, families, categories)."""
        return self.key if self.kind in ("pattern", "family", "category") else None


OVERVIEW = Entry("overview")


@cache
def _other_rulesets() -> tuple[Ruleset, ...]:
    out = []
    for name in builtin_names():
        try:
            out.append(load(name))
        except RulesetError:
            continue
    return tuple(out)


def values_elsewhere(pattern: Pattern) -> list[tuple[Ruleset, Pattern]]:
    """The pattern (matched by detector) in every built-in ruleset that defines it."""
    found = []
    for rules in _other_rulesets():
        other = rules.with_detector(pattern.detector)
        if other is not None:
            found.append((rules, other))
    return found


class FitTree(Tree[Entry]):
    """The reference's tree, whose labels fit its width: a label that does not is cut
    with an ellipsis (a pattern keeps its id and value, its name is cut), and the page
    beside shows it whole.  At 80 columns the pane is 30 wide, and "13.1 Bonus Tile to
    All Bon" was cut off with nothing to say so."""

    ruleset: Ruleset | None = None  # the ruleset of the patterns shown (set when filled)

    def render_label(self, node: TreeNode[Entry], base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        room = self.scrollable_content_region.width - self._indent(node)
        if room <= 0 or label.cell_len <= room:
            return label
        entry = node.data
        rules = self.ruleset
        if entry is not None and entry.kind == "pattern" and rules is not None:
            p = rules.pattern(entry.key)
            star = "★ " if p.is_limit else ""
            tail = f" {p.value_text()}"
            name_room = room - len(p.id) - 1 - len(star) - cell_len(tail)
            if name_room >= 4:
                name = _cut_cells(p.name, name_room)
                cut = Text.assemble((p.id, "dim"), " ", (star, "bold"), name, (tail, "dim"))
                cut.stylize(style)
                return cut
        label.truncate(room, overflow="ellipsis")
        return label

    def _indent(self, node: TreeNode[Entry]) -> int:
        """The cells of guides before a node's label (the root is hidden)."""
        depth = 0
        parent = node.parent
        while parent is not None:
            depth += 1
            parent = parent.parent
        return depth * self.guide_depth

    def on_resize(self) -> None:
        self._invalidate()  # the labels are cut for the width they are drawn in


def _cut_cells(text: str, width: int) -> str:
    """`text` in at most `width` cells, cut with an ellipsis."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out.rstrip() + "…"


def _category_key(key: str) -> tuple[int, str]:
    """Categories in numeric order; a house ruleset's odd key sorts last, by name."""
    return (int(key), "") if key.isdigit() else (1 << 30, key)


def _score_lines(result: Score, focus: str) -> str:
    """The counted patterns of an example and how the total came about, as markup."""
    refs = rule_refs(result.ruleset)
    lines = []
    for hit in result.counted:
        p = hit.pattern
        times = f"{hit.count} x " if p.unit != "hand" else ""
        if p.doubles:
            word = "doubling" if hit.doubles == 1 else "doublings"
            text = f"{p.id:<7} {escape(p.name)}  {times}{p.value} = {hit.doubles} {word}"
        else:
            text = f"{p.id:<7} {escape(p.name)}  {times}{p.value} = {hit.points}"
        lines.append(f"[b $accent]{text}[/]" if p.id == focus else text)
    for hit in result.not_counted:
        p = hit.pattern
        style = "$accent" if p.id == focus else "$text-muted"
        lines.append(f"[{style}]{p.id:<7} {escape(p.name)}: not counted, "
                     f"{escape(hit.reason())}[/]")
    best = result.best
    basis = total_basis(result)
    if basis is TotalBasis.NOT_A_WIN:
        lines.append(f"[b]Total {best.total}[/b]: not a win, only the penalty counts (R7)")
    elif basis is TotalBasis.LIMIT:
        assert best.limit is not None
        lines.append(f"[b]Total {best.total}[/b]: the limit hand {escape(best.limit.name)} "
                     f"replaces the {'computation' if result.ruleset.doubling else 'sum'} "
                     f"({refs.limit})")
    elif basis.doubled:
        from mj_trainer.engine.score_sheet import how_text

        lines.append(f"[b]Total {best.total}[/b] = {escape(how_text(result))} ({refs.total})")
    elif basis.capped:
        lines.append(f"[b]Total {best.total}[/b]: the sum {best.sum} is capped at "
                     f"{result.ruleset.cap} ({refs.cap})")
    else:
        lines.append(f"[b]Total {best.total}[/b]")
    return "\n".join(lines)


class ReferenceScreen(SafeScreen[None]):
    """Browse and search the ruleset's patterns and the rulings."""

    CSS_PATH = "../styles/reference.tcss"
    SUB_TITLE = "Rules reference"
    HELP_NAME = "reference"  # tui/help/reference.md
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        # A priority binding: it runs before the keys typed after it are handed to the
        # tree, so "/nine" typed in one burst lands in the search field.
        Binding("slash", "search", "Search", key_display="/", priority=True),
        Binding("p", "practise", "Practise", tooltip="Practise this pattern"),
        Binding("e", "another_example", "Example", tooltip="Show another example hand"),
        Binding("r", "related", "Ruling", tooltip="Open the related ruling"),
        Binding("g", "glossary", "Glossary", tooltip="The course's words and every pattern"),
        Binding("backspace", "history_back", "Previous", tooltip="Previous page"),
        SHARE_BINDING,
        Binding("right_square_bracket", "scroll_detail(1)", "More", key_display="]",
                tooltip="Scroll the page down"),
        Binding("left_square_bracket", "scroll_detail(-1)", "Less", key_display="[",
                show=False, tooltip="Scroll the page up"),
    ]

    def __init__(self, ruleset: Ruleset, target: str | None = None, *,
                 tile_style: TileStyle = TileStyle.TEXT) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.target = target
        self.tile_style = tile_style
        self.current: Entry | None = None
        self.history: list[Entry] = []
        self.example_attempt = 0
        self.example: Example | None = None
        self.last_shared = ""
        self._examples: dict[tuple[str, int], tuple[Example | None, int]] = {}
        self._pending: tuple[str, int] | None = None  # the example being looked for
        self._related_from: tuple[list[str], int] | None = None
        self._entry_nodes: dict[Entry, TreeNode[Entry]] = {}
        self._page_before_nothing: Entry | None = None  # shown again when a search is cleared

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield SafeHeader()
        with Horizontal(id="ref-body"):
            with Vertical(id="ref-nav"):
                yield Input(placeholder="/ search: id, name or 中文", id="ref-search")
                tree: Tree[Entry] = FitTree("Rules", data=OVERVIEW, id="ref-tree")
                tree.show_root = False
                tree.auto_expand = True
                tree.guide_depth = 2
                yield tree
            with VerticalScroll(id="ref-detail", can_focus=True):
                yield Static(id="ref-title")
                yield Static(id="ref-text")
                with Vertical(id="ref-example"):
                    yield Static(id="ref-example-head")
                    yield Static(id="ref-example-tiles")
                    yield Static(id="ref-example-info")
                yield Static(id="ref-family")
                yield Static(id="ref-others")
        yield LeanFooter()

    def on_mount(self) -> None:
        self.query_one("#ref-detail").border_title = "Details"
        self._fill_tree("")
        entry = self.resolve(self.target)
        if entry is None:
            self.notify(f"No rule {self.target!r} in {self.ruleset.id}; showing the overview.",
                        severity="warning")
            entry = OVERVIEW
        self.select(entry)
        self.query_one("#ref-tree", Tree).focus()

    def open(self, target: str | None) -> bool:
        """Go to a target (as `OpenReference` names them); False when there is none."""
        entry = self.resolve(target)
        if entry is None:
            return False
        self.jump(entry)
        return True

    def on_settings_changed(self, message: SettingsChanged) -> None:
        """Another tile style: redraw the example shown."""
        style = message.settings.tile_style
        if style == self.tile_style:
            return
        self.tile_style = style
        entry = self.current
        if entry is not None and entry.kind == "pattern":
            cached = self._examples.get((entry.key, self.example_attempt))
            if cached is not None:
                self._show_example(entry.key, self.example_attempt, *cached)

    # ------------------------------------------------------------------ targets

    def resolve(self, target: str | None) -> Entry | None:
        """The entry for a target: pattern id, family id, category, ruling or name."""
        if target is None or not target.strip():
            return OVERVIEW
        text = target.strip()
        key = ruling_key(text)
        if key is not None:
            return Entry("ruling", key)
        ids = self.ruleset.by_id()
        if text in ids:
            return Entry("pattern", text)
        if any(p.family == text for p in self.ruleset.patterns):
            return Entry("family", text)
        if text in self.ruleset.categories:
            return Entry("category", text)
        low = text.casefold()
        for p in self.ruleset.patterns:
            if low in (p.name.casefold(), p.chinese):
                return Entry("pattern", p.id)
        return None

    def _tree_entry(self, entry: Entry) -> Entry:
        """A family of one pattern is shown as that pattern."""
        if entry.kind == "family":
            members = self.ruleset.family_members(entry.key)
            if len(members) == 1:
                return Entry("pattern", members[0].id)
        return entry

    # ------------------------------------------------------------------ the tree

    def _fill_tree(self, query: str) -> int:
        """(Re)build the tree, keeping only what matches `query`; returns the matches."""
        tree: Tree[Entry] = self.query_one("#ref-tree", Tree)
        tree.clear()
        self._entry_nodes = {}
        rules = self.ruleset
        if isinstance(tree, FitTree):
            tree.ruleset = rules
        q = query.strip()
        matches = 0
        if not q:
            self._entry_nodes[OVERVIEW] = tree.root.add_leaf("How scoring works", OVERVIEW)
        rulings_shown = [r for r in RULINGS.values() if text_matches(q, r.title, r.id.casefold())]
        if rulings_shown:
            head = tree.root.add("Rulings", Entry("rulings"), expand=bool(q))
            for r in rulings_shown:
                entry = Entry("ruling", r.id)
                self._entry_nodes[entry] = head.add_leaf(
                    Text.assemble((f"{r.id:<4}", "bold"), r.title), entry)
                matches += bool(q)
        categories = dict(rules.categories)
        for p in rules.patterns:  # a house ruleset may leave a category unnamed
            categories.setdefault(p.category, f"Category {p.category}")
        for cat, cat_name in sorted(categories.items(), key=lambda kv: _category_key(kv[0])):
            members = [p for p in rules.patterns if p.category == cat]
            if not members:
                continue
            shown = [p for p in members if pattern_matches(p, q)]
            if not shown:
                continue
            cat_entry = Entry("category", cat)
            cat_node = tree.root.add(Text.assemble((f"{cat:>2} ", "bold"), cat_name),
                                     cat_entry, expand=bool(q))
            self._entry_nodes[cat_entry] = cat_node
            families: dict[str, list[Pattern]] = {}
            for p in shown:
                families.setdefault(p.family, []).append(p)
            for fam, fam_shown in families.items():
                parent = cat_node
                if len(rules.family_members(fam)) > 1:
                    fam_entry = Entry("family", fam)
                    parent = cat_node.add(
                        Text.assemble((fam, "dim"), " ", family_title(rules, fam)),
                        fam_entry, expand=bool(q))
                    self._entry_nodes[fam_entry] = parent
                for p in fam_shown:
                    entry = Entry("pattern", p.id)
                    self._entry_nodes[entry] = parent.add_leaf(self._pattern_label(p), entry)
                    matches += bool(q)
        return matches

    def _pattern_label(self, p: Pattern) -> Text:
        # The limit marker stands next to the id, where a narrow pane never cuts it off.
        star = ("★ ", "bold") if p.is_limit else ""
        return Text.assemble((p.id, "dim"), " ", star, p.name, (f" {p.value_text()}", "dim"))

    def jump(self, entry: Entry) -> None:
        """Go to an entry, remembering the current page for "previous page"."""
        if self.current is not None and self._tree_entry(entry) != self.current:
            self.history.append(self.current)
            del self.history[:-50]
        self.select(entry)

    def select(self, entry: Entry) -> None:
        """Move the tree cursor to an entry (expanding its branch) and show it."""
        entry = self._tree_entry(entry)
        node = self._entry_nodes.get(entry)
        if node is None and self.query_one("#ref-search", Input).value:
            self.query_one("#ref-search", Input).value = ""
            self._fill_tree("")
            node = self._entry_nodes.get(entry)
        if node is not None:
            parent = node.parent
            while parent is not None:
                parent.expand()
                parent = parent.parent
            tree: Tree[Entry] = self.query_one("#ref-tree", Tree)
            _ = tree.last_line  # lay the expanded lines out before moving the cursor
            tree.move_cursor(node)
            tree.scroll_to_node(node, animate=False)
        self.show(entry)

    @on(Tree.NodeHighlighted, "#ref-tree")
    def _highlighted(self, event: Tree.NodeHighlighted[Entry]) -> None:
        # Expanding branches moves lines under the cursor and can leave highlight
        # events behind for nodes the cursor has already left: only the node under
        # the cursor counts.
        if event.node is not event.control.cursor_node:
            return
        if event.node.data is not None:
            self.show(event.node.data)

    # ------------------------------------------------------------------ search

    def action_search(self) -> None:
        # At once, not on the next idle (Widget.focus): the keys typed straight after
        # the slash are already queued and must reach the search field.
        self.set_focus(self.query_one("#ref-search", Input))

    @on(Input.Changed, "#ref-search")
    def _search_changed(self, event: Input.Changed) -> None:
        matches = self._fill_tree(event.value)
        search = self.query_one("#ref-search", Input)
        nav = self.query_one("#ref-nav")
        if event.value.strip():
            nav.border_subtitle = f"{matches} match{'es' if matches != 1 else ''}"
            search.set_class(matches == 0, "-nothing")
            first = next((e for e in self._entry_nodes if e.kind in ("pattern", "ruling")), None)
            if first is not None:
                self.select(first)
            else:
                self._show_nothing(event.value.strip())
        else:
            nav.border_subtitle = ""
            search.set_class(False, "-nothing")
            page = self.current or self._page_before_nothing
            if page is not None:
                self.select(page)

    def _show_nothing(self, query: str) -> None:
        """No match: the details pane says so instead of keeping an unrelated page."""
        if self.current is not None:
            self._page_before_nothing = self.current
        self.current = None
        self.example = None
        self._clear_example()
        for name in ("family", "others"):
            self.query_one(f"#ref-{name}", Static).update("")
        self.query_one("#ref-title", Static).update(
            Text.assemble("Nothing matches ", (query, "bold")))
        self.query_one("#ref-text", Static).update(
            "[$text-muted]The search looks at ids (8.1), names in any word order (little "
            "dragons), Chinese names and rulings. Backspace edits; escape clears it.[/]")
        self.refresh_bindings()

    @on(Input.Submitted, "#ref-search")
    def _search_done(self) -> None:
        self.query_one("#ref-tree", Tree).focus()

    def on_key(self, event: events.Key) -> None:
        search = self.query_one("#ref-search", Input)
        if event.key == "down" and search.has_focus:
            self.query_one("#ref-tree", Tree).focus()
            event.stop()

    # ------------------------------------------------------------------ pages

    def show(self, entry: Entry) -> None:
        """Fill the right pane with an entry's page."""
        if entry == self.current:
            return
        self.current = entry
        self.example_attempt = 0
        self.example = None
        title = self.query_one("#ref-title", Static)
        text = self.query_one("#ref-text", Static)
        others = self.query_one("#ref-others", Static)
        others.update("")
        self.query_one("#ref-family", Static).update("")
        self._clear_example()
        if entry.kind == "pattern":
            self._show_pattern(self.ruleset.pattern(entry.key), title, text, others)
        elif entry.kind == "family":
            self._show_family(entry.key, title, text)
        elif entry.kind == "category":
            self._show_category(entry.key, title, text)
        elif entry.kind == "ruling":
            self._show_ruling(entry.key, title, text)
        elif entry.kind == "rulings":
            title.update("[b]Rulings[/b]")
            text.update("\n".join(f"[b]{r.id:<4}[/b] {escape(r.title)}"
                                  for r in RULINGS.values())
                        + "\n\n[$text-muted]Where the scoring guide leaves a question open, "
                        "a ruling settles it.  Quiz explanations link to these pages.[/]")
        else:
            title.update("[b]How scoring works[/b]")
            text.update(overview_text(self.ruleset))
        self.query_one("#ref-detail", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def _show_pattern(self, p: Pattern, title: Static, text: Static, others: Static) -> None:
        rules = self.ruleset
        head = f"[b]{p.id}  {escape(p.name)}[/b]"
        if p.chinese:
            head += f"  {escape(p.chinese)}"
        title.update(head)
        refs = rule_refs(rules)
        word = refs.family_word
        facts = [f"Value [b $accent]{escape(p.value_text())}[/]"]
        if p.is_limit:
            what = "the computation" if rules.doubling else "the sum"
            facts.append(f"[b $warning]limit hand[/]: replaces {what} ({refs.limit})")
        cat = rules.categories.get(p.category, "")
        members = rules.family_members(p.family)
        where = f"Category {p.category} {escape(cat)}"
        if len(members) > 1:
            where += f" · {word} {p.family} ({escape(family_title(rules, p.family))})"
        lines = ["   ".join(facts), f"[$text-muted]{where}[/]", ""]
        if p.description:
            lines += [escape(p.description), ""]
        if p.stacks:
            stack_ref = "R11" if refs.family == "R10" else refs.family
            lines.append(f"Counts once per {p.unit} and stacks on the best pattern of its "
                         f"{word} ({stack_ref}).")
        if p.replaces:
            gone = ", ".join(escape(rules.pattern(x).name) for x in p.replaces
                             if x in rules.by_id())
            lines.append(f"Includes {gone}: they do not count beside it.")
        if p.not_for:
            shapes = ", ".join(s.label for s in sorted(p.not_for, key=lambda s: s.value))
            shape_ref = refs.orphans_hand if "thirteen" in shapes else refs.pairs_hand
            lines.append(f"Never counts for a {shapes} hand ({shape_ref}).")
        text.update("\n".join(lines).rstrip())
        family: list[str] = []
        if len(members) > 1:
            family += [f"[b]Its {word}[/b]", family_text(rules, p.family)]
            for m in members:
                mark = "▶ " if m.id == p.id else "  "
                stack = " (stacks)" if m.stacks else ""
                row = f"{mark}{m.id:<7} {escape(m.name)}  {escape(m.value_text())}{stack}"
                family.append(f"[b]{row}[/b]" if m.id == p.id else f"[$text-muted]{row}[/]")
        related = related_rulings(p, rules)
        if related:
            names = ", ".join(f"{r} {escape(RULINGS[r].title)}" for r in related)
            family += ["", f"[$text-muted]See also: {names}  (press r)[/]"]
        self.query_one("#ref-family", Static).update("\n".join(family).strip())
        elsewhere = values_elsewhere(p)
        if len(elsewhere) > 1:
            rows = ["[b]In the built-in rulesets[/b]"]
            for other_rules, other in elsewhere:
                here = "  ◀ this one" if other_rules.id == rules.id else ""
                limit = " (limit)" if other.is_limit else ""
                rows.append(f"{escape(other_rules.id):<20} {other.id:<7} {escape(other.name)}: "
                            f"[b]{escape(other.value_text())}[/b]{limit}{here}")
            others.update("\n".join(rows))
        self._request_example(p.id)

    def _show_family(self, fam: str, title: Static, text: Static) -> None:
        rules = self.ruleset
        members = rules.family_members(fam)
        title.update(f"[b]Family {fam}  {escape(family_title(rules, fam))}[/b]")
        lines = [family_text(rules, fam), ""]
        for m in members:
            flags = []
            if m.stacks:
                flags.append("stacks")
            if m.is_limit:
                flags.append("limit")
            extra = f"  [$text-muted]({', '.join(flags)})[/]" if flags else ""
            chinese = f" {escape(m.chinese)}" if m.chinese else ""
            lines.append(f"{m.id:<7} [b]{escape(m.name)}[/b]{chinese}  "
                         f"{escape(m.value_text())}{extra}")
        lines += ["", "[$text-muted]Press p for a round of hands aimed at this family, "
                  "r for the family rule (R10).[/]"]
        text.update("\n".join(lines))

    def _show_category(self, cat: str, title: Static, text: Static) -> None:
        rules = self.ruleset
        title.update(f"[b]Category {cat}  {escape(rules.categories.get(cat, ''))}[/b]")
        lines = []
        last_family = ""
        for p in (p for p in rules.patterns if p.category == cat):
            if p.family != last_family and len(rules.family_members(p.family)) > 1:
                lines.append(f"[$text-muted]family {p.family}: only the best counts[/]")
            last_family = p.family
            limit = "  [$warning]limit[/]" if p.is_limit else ""
            lines.append(f"{p.id:<7} [b]{escape(p.name)}[/b] {escape(p.chinese)}  "
                         f"{escape(p.value_text())}{limit}")
        lines += ["", "[$text-muted]Press p for a round of hands from this category.[/]"]
        text.update("\n".join(lines))

    def _show_ruling(self, key: str, title: Static, text: Static) -> None:
        ruling = RULINGS[key]
        title.update(f"[b]{ruling.id}  {escape(ruling.title)}[/b]")
        body = ruling.text(self.ruleset)
        refs = [ref(self.ruleset, d) for d in ruling.detectors
                if self.ruleset.with_detector(d) is not None]
        if key == "R12":
            refs = [f"[b]{escape(p.name)}[/b] ({p.id}, {p.value})"
                    for p in self.ruleset.patterns if p.is_limit]
            body += "\n\n[b]Limit hands in this ruleset[/b]"
        elif refs:
            body += "\n\n[b]Patterns[/b]"
        if refs:
            body += "\n" + "\n".join(f"  {r}" for r in refs)
        text.update(body)

    # ------------------------------------------------------------------ examples

    def _clear_example(self) -> None:
        self.query_one("#ref-example").display = False
        for name in ("head", "tiles", "info"):
            self.query_one(f"#ref-example-{name}", Static).update("")

    def _request_example(self, pattern_id: str) -> None:
        box = self.query_one("#ref-example")
        box.display = True
        box.border_title = "Example"
        cached = self._examples.get((pattern_id, self.example_attempt))
        if cached is not None:
            self._show_example(pattern_id, self.example_attempt, *cached)
            return
        self.query_one("#ref-example-head", Static).update(
            "[$text-muted]Finding an example hand...[/]")
        self.query_one("#ref-example-tiles", Static).update("")
        self.query_one("#ref-example-info", Static).update("")
        if self._pending != (pattern_id, self.example_attempt):
            self._pending = (pattern_id, self.example_attempt)
            self._load_example(pattern_id, self.example_attempt)

    @work(thread=True, exclusive=True, group="reference-example")
    def _load_example(self, pattern_id: str, attempt: int) -> None:
        try:
            example, curated = find_example(self.ruleset, pattern_id, attempt)
        except Exception:
            example, curated = None, 0
        self.deliver(self._example_ready, pattern_id, attempt, example, curated)

    def _example_ready(self, pattern_id: str, attempt: int, example: Example | None,
                       curated: int) -> None:
        self._examples[(pattern_id, attempt)] = (example, curated)
        if self._pending == (pattern_id, attempt):
            self._pending = None
        if self.current == Entry("pattern", pattern_id) and attempt == self.example_attempt:
            self._show_example(pattern_id, attempt, example, curated)

    def _show_example(self, pattern_id: str, attempt: int, example: Example | None,
                      curated: int) -> None:
        self.example = example
        head = self.query_one("#ref-example-head", Static)
        tiles = self.query_one("#ref-example-tiles", Static)
        info = self.query_one("#ref-example-info", Static)
        box = self.query_one("#ref-example")
        if example is None:
            head.update("[$text-muted]No example hand could be found for this pattern.[/]")
            tiles.update("")
            info.update("")
            return
        count = f"{attempt + 1} of {curated}" if attempt < curated else "generated"
        box.border_title = f"Example ({count}; e for another)"
        head.update(f"[b]{escape(example.title)}[/b]  [$text-muted]{escape(example.source)}[/]")
        result = example.result
        hand = example.hand
        if result.arrangement is not None:
            pieces = arrangement_pieces(result.arrangement, hand.winning_tile,
                                        style=self.tile_style)
        else:
            pieces = hand_pieces(hand, style=self.tile_style)
        bonus = bonus_piece(hand, style=self.tile_style)
        if bonus is not None:
            pieces.append(bonus)
        tiles.update(TileFlow(pieces))
        parts = [f"[$text-muted]{escape(context_text(hand))}[/]", "",
                 _score_lines(result, pattern_id)]
        if example.note:
            parts += ["", f"[i]{escape(example.note)}[/i]"]
        info.update("\n".join(parts))

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        entry = self.current
        if action == "practise":
            return entry is not None and entry.target is not None
        if action == "another_example":
            return entry is not None and entry.kind == "pattern"
        if action == "related":
            chain = self._related_from
            return bool(self._related()) or bool(
                chain is not None and entry is not None and entry.kind == "ruling"
                and entry.key == chain[0][(chain[1] - 1) % len(chain[0])])
        if action == "history_back":
            return bool(self.history)
        if action == "share":
            return entry is not None and entry.kind == "pattern"
        return True

    def _related(self) -> list[str]:
        entry = self.current
        if entry is None:
            return []
        if entry.kind == "pattern":
            return related_rulings(self.ruleset.pattern(entry.key), self.ruleset)
        if entry.kind == "family":
            members = self.ruleset.family_members(entry.key)
            out = ["R10"]
            if any(m.stacks for m in members):
                out.append("R11")
            if any(m.is_limit for m in members):
                out.append("R12")
            return out
        if entry.kind == "overview":
            return ["R1", "R10", "R11", "R12", "R13"]
        return []

    def action_back(self) -> None:
        search = self.query_one("#ref-search", Input)
        if search.has_focus or search.value:
            if search.value:
                search.value = ""
            self.query_one("#ref-tree", Tree).focus()
            return
        self.dismiss(None)

    def action_practise(self) -> None:
        entry = self.current
        if entry is None or entry.target is None:
            return
        # At the level home shows (the app picks the nearest level that can aim at
        # the pattern when the learner's cannot).
        self.post_message(StartRandom(difficulty=LEARNER_LEVEL, target=entry.target))

    def action_glossary(self) -> None:
        """The glossary, at this pattern's entry when a pattern is shown."""
        entry = self.current
        pattern = entry is not None and entry.kind == "pattern"
        self.post_message(OpenGlossary(f"pattern:{entry.key}" if entry and pattern else None))

    def action_another_example(self) -> None:
        entry = self.current
        if entry is None or entry.kind != "pattern":
            return
        self.example_attempt += 1
        cached = self._examples.get((entry.key, self.example_attempt - 1))
        if cached is not None and cached[0] is None and self.example_attempt > cached[1]:
            self.example_attempt = 0  # nothing more to show: start again
        self._request_example(entry.key)

    def action_related(self) -> None:
        """Open the page's related ruling; again on that ruling, the next related one."""
        chain = self._related_from
        if (chain is not None and self.current is not None and self.current.kind == "ruling"
                and self.current.key == chain[0][(chain[1] - 1) % len(chain[0])]):
            related, index = chain
        else:
            related, index = self._related(), 0
        if not related:
            return
        key = related[index % len(related)]
        self.jump(Entry("ruling", key))
        self._related_from = (related, index + 1)
        self.refresh_bindings()

    def action_share(self) -> None:
        """Copy the example hand shown as a share line."""
        example = self.example
        if example is None:
            self.notify("No example hand is shown on this page.", timeout=3)
            return
        self.last_shared = share_hand(self.app, example.hand, example.result.ruleset,
                                      example_origin(example.source))

    def action_scroll_detail(self, direction: int) -> None:
        detail = self.query_one("#ref-detail", VerticalScroll)
        if direction > 0:
            detail.scroll_page_down(animate=False)
        else:
            detail.scroll_page_up(animate=False)

    def action_history_back(self) -> None:
        if not self.history:
            return
        entry = self.history.pop()
        self.select(entry)
        self.refresh_bindings()
