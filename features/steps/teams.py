"""Team play."""

from __future__ import annotations

from ..world import World
from .library import step


@step(
    "then",
    "nobody controls a territory",
    en='nobody controls "{territory}"',
    da='kontrollerer ingen "{territory}"',
    nl='bezit niemand "{territory}"',
)
def _nobody(world: World, territory: str) -> None:
    assert world.g.controller(world.s, world.territory(territory)) is None
