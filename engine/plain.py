"""Plain records: the engine's small immutable values, cheap to build when compiled."""

from __future__ import annotations

from typing import ClassVar


class Plain:
    """A record of the engine (an action, a pending conquest, a seat): equality, hashing and
    a repr by its fields, as a frozen dataclass gives them (`Attack(source='alaska', …)`).

    Each is a plain class with its own `__init__` and `Final` attributes (mypy refuses
    an assignment anywhere) rather than a frozen dataclass: compiled by mypyc, a frozen
    dataclass is built through its generated `__init__`, interpreted Python that sets each
    field through `object.__setattr__` (about 15,000 instructions for an attack, which a game
    builds for every roll); a plain class with its own `__init__` is built natively.
    """

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Plain)
        return self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Plain)
        return self.values() != other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({shown})"
