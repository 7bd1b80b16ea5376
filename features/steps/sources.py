"""What the manual states and what the ruleset assumes: a rule whose value no manual gives is
`assumed … because …`, and a scenario can say so (and fails when the ruleset stops saying it)."""

from __future__ import annotations

from ..world import World
from .library import step


def _clause_assumed(world: World, rule: str) -> bool:
    clause = world.r.effective.clause(rule)
    assert clause is not None, f"the ruleset '{world.r.name}' has no rule '{rule}'"
    return clause.assumed


@step(
    "then",
    "a rule is an assumption (no manual states its value)",
    en='the rule "{rule}" is an assumption',
    da='er reglen "{rule}" en antagelse',
    nl='is de regel "{rule}" een aanname',
)
def _assumed(world: World, rule: str) -> None:
    assert _clause_assumed(world, rule), f"'{rule}' is not marked assumed"


@step(
    "then",
    "a rule is stated by the manual (not an assumption)",
    en='the rule "{rule}" is stated by the manual',
    da='står reglen "{rule}" i manualen',
    nl='staat de regel "{rule}" in de handleiding',
)
def _stated(world: World, rule: str) -> None:
    assert not _clause_assumed(world, rule), f"'{rule}' is marked assumed"


@step(
    "then",
    "a case of a rule is an assumption (the manual states the rule, not this case)",
    en='the case "{case}" of the rule "{rule}" is an assumption',
    da='er tilfældet "{case}" i reglen "{rule}" en antagelse',
    nl='is het geval "{case}" van de regel "{rule}" een aanname',
)
def _case_assumed(world: World, case: str, rule: str) -> None:
    clause = world.r.effective.clause(rule)
    assert clause is not None, f"the ruleset '{world.r.name}' has no rule '{rule}'"
    cases = [e.name for e in clause.edges]
    assert case in cases, f"the case '{case}' of '{rule}' is not marked assumed ({cases})"
