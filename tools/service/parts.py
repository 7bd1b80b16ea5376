"""Parts of the game a ruleset may leave out (teams, neutral armies, missions), added to a
house rule as a printed game or an example plays them: the rules of the part and the rules
that game writes with it (who controls a territory, how many play, how to win), in one edit
checked as a whole. Nothing is hard-coded: the games that play a part are read from the
built-ins and the example house rules."""

from __future__ import annotations

from dataclasses import dataclass

from ...grammar import model as m
from ...grammar.messages import msg
from ...grammar.printer import value_text
from .edits import Edited, set_rules
from .errors import UsageError
from .language import check_document
from .snapshot import Snapshot

PARTS = ("teams", "neutrals", "missions")


@dataclass(frozen=True)
class PartSource:
    """A game that plays a part: its ruleset's name and its title in the page's language."""

    part: str
    ruleset: str
    title: str

    def to_json(self) -> dict[str, object]:
        return {"part": self.part, "ruleset": self.ruleset, "title": self.title}


def sources(part: str, lang: str) -> tuple[PartSource, ...]:
    """The built-ins and examples that play `part`, the printed games first."""
    from .presets import _rulesets

    found = []
    for eff in _rulesets():
        if any(c.id.startswith(part + ".") for c in eff.ruleset.clauses):
            found.append(PartSource(part, eff.name, m.title_in(eff.ruleset, lang)))
    return tuple(found)


def add_part(
    snapshot: Snapshot, path: str, part: str, source: str, ruleset_name: str | None = None
) -> Edited:
    """The text at `path` in `snapshot` with `part` added as ruleset `source` plays it: every
    rule of the part it sets, and every rule it writes itself, where the house rule's value
    differs."""
    from ..authoring.scaffold import plain
    from .edits import declared_ruleset
    from .presets import _rulesets

    if part not in PARTS:
        raise UsageError(
            msg("no part of the game '{part}' to add (one of {parts})", part=part, parts=PARTS)
        )
    game = next((e for e in _rulesets() if e.name == source), None)
    if game is None:
        raise UsageError(msg("no game '{source}' plays {part}", source=source, part=part))
    checked = check_document(snapshot, path)
    declared = checked.workspace.file(path)
    mine = declared_ruleset(declared, ruleset_name) if declared is not None else None
    house = checked.workspace.resolved.get(mine.name) if mine is not None else None
    if house is None:
        raise UsageError(msg("the text declares no ruleset that can be read"))
    # The rules each ruleset of the game's chain writes that plays the part itself and is not
    # the house rule's own base (a two-player game's neutral armies are its base's too; a
    # team game's card values, from a ruleset that plays no teams, are not).
    workspace_of = checked.workspace.resolved
    own: set[str] = set()
    for name in game.chain:
        if name in house.chain:
            break
        ruleset = workspace_of[name].ruleset if name in workspace_of else None
        if ruleset is None and name == game.name:
            ruleset = game.ruleset
        written = {c.id for c in ruleset.clauses} if ruleset is not None else set()
        if any(i.startswith(part + ".") for i in written):
            own |= written
    values = []
    for clause in game.clauses:
        if clause.id not in own and not clause.id.startswith(part + "."):
            continue
        value = plain(clause.value)
        now = house.clause(clause.id)
        if now is None or plain(now.value) != value:
            values.append((clause.id, value_text(value)))
    return set_rules(snapshot, path, values, ruleset_name)
