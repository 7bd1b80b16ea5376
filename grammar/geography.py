"""The board as the engine uses it: territory indexes, neighbours, continents, reach."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from .model import Board


class Geography:
    """Read-only lookups over a board, built once per ruleset."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.territories: tuple[str, ...] = tuple(t.id for t in board.territories)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.territories)}
        self.continents: dict[str, frozenset[str]] = {
            c.id: frozenset(t.id for t in c.territories) for c in board.continents
        }
        self.continent_of: dict[str, str] = {
            t: c for c, members in self.continents.items() for t in members
        }
        neighbours: dict[str, set[str]] = {t: set() for t in self.territories}
        for border in board.borders:
            if border.a in neighbours and border.b in neighbours and border.a != border.b:
                neighbours[border.a].add(border.b)
                neighbours[border.b].add(border.a)
        self.neighbours: dict[str, frozenset[str]] = {
            t: frozenset(n) for t, n in neighbours.items()
        }
        # The same, in board order: what code that iterates uses, so that a seeded game
        # makes the same choices in every process (set order follows string hashing).
        self.adjacent: dict[str, tuple[str, ...]] = {
            t: tuple(x for x in self.territories if x in n) for t, n in neighbours.items()
        }
        # And by index, for the scans an agent makes every decision (no name lookups).
        self.adjacent_index: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[x] for x in self.adjacent[t]) for t in self.territories
        )

    def borders(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, frozenset())

    def reachable(self, source: str, passable: set[str] | frozenset[str]) -> set[str]:
        """Every territory reachable from source through passable ones (source excluded)."""
        seen = {source}
        queue = deque([source])
        while queue:
            for nxt in self.neighbours[queue.popleft()]:
                if nxt in passable and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        seen.discard(source)
        return seen

    def held_continents(self, held: Iterable[str]) -> list[str]:
        owned = set(held)
        return [c for c, members in self.continents.items() if members <= owned]
