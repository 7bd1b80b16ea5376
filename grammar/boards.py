"""A board's own checks: its territories, continents and borders (ids unique, every border
both ways and between known territories, every continent's territories known and connected)."""

from __future__ import annotations

from . import model as m
from .diagnostics import Diagnostic, did_you_mean, error
from .geography import Geography
from .messages import Message, msg, msg_n


def check_board(board: m.Board) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    territories = _territories(board, out)
    seen: dict[frozenset[str], m.Border] = {}
    for border in board.borders:
        found = _border_problem(border, territories, seen)
        if found:
            out += found
            continue
        seen[frozenset((border.a, border.b))] = border
    if territories:
        cut_off = _cut_off(board, territories)
        if cut_off is not None:
            out.append(cut_off)
    return out


def _territories(board: m.Board, out: list[Diagnostic]) -> dict[str, m.Territory]:
    """The board's territories by id, each continent's checked on the way (declared twice,
    empty, a territory in two) with a diagnostic in `out` for each problem."""
    territories: dict[str, m.Territory] = {}
    continents: dict[str, m.Continent] = {}
    for continent in board.continents:
        if continent.id in continents:
            out.append(
                error(
                    "RR0116",
                    msg("continent '{id}' is declared twice", id=continent.id),
                    continent.span,
                )
            )
        continents[continent.id] = continent
        if not continent.territories:
            out.append(
                error(
                    "RR0117",
                    msg("continent '{id}' has no territories", id=continent.id),
                    continent.span,
                )
            )
        for territory in continent.territories:
            first = territories.get(territory.id)
            if first is not None:
                out.append(
                    error(
                        "RR0111",
                        msg(
                            "territory '{id}' is in two continents: '{continent}' and "
                            "'{continent2}'",
                            id=territory.id,
                            continent=first.continent,
                            continent2=territory.continent,
                        ),
                        territory.span,
                        msg("a territory belongs to exactly one continent"),
                    )
                )
            else:
                territories[territory.id] = territory
    return territories


def _border_problem(
    border: m.Border, territories: dict[str, m.Territory], seen: dict[frozenset[str], m.Border]
) -> list[Diagnostic]:
    """What is wrong with a border (none: it is new and between two known territories):
    an unknown end, a territory bordering itself, or a border `seen` before."""
    unknown = [
        error(
            "RR0101",
            msg("unknown territory '{end}' in a border", end=end),
            border.span,
            did_you_mean(end, territories),
        )
        for end in (border.a, border.b)
        if end not in territories
    ]
    if unknown:
        return unknown
    if border.a == border.b:
        return [error("RR0113", msg("'{a}' borders itself", a=border.a), border.span)]
    previous = seen.get(frozenset((border.a, border.b)))
    if previous is None:
        return []
    if previous.kind != border.kind:
        return [
            error(
                "RR0114",
                msg(
                    "the border {a} - {b} is {kind} here but {kind2} at line {line}",
                    a=border.a,
                    b=border.b,
                    kind=_BORDER_KINDS.get(border.kind, border.kind),
                    kind2=_BORDER_KINDS.get(previous.kind, previous.kind),
                    line=previous.span.line,
                ),
                border.span,
                msg("a border is the same both ways: keep one line, '-' land or '~' sea"),
            )
        ]
    return [
        error(
            "RR0112",
            msg(
                "border {a} - {b} is listed twice (first at line {line})",
                a=border.a,
                b=border.b,
                line=previous.span.line,
            ),
            border.span,
            msg("remove the duplicate line"),
        )
    ]


def _cut_off(board: m.Board, territories: dict[str, m.Territory]) -> Diagnostic | None:
    """The board's territories that its first cannot reach, as a diagnostic (None: none)."""
    start = next(iter(territories))
    reached = {start} | Geography(board).reachable(start, frozenset(territories))
    cut_off = [t for t in territories if t not in reached]
    if not cut_off:
        return None
    shown = ", ".join(cut_off[:5]) + (" …" if len(cut_off) > 5 else "")
    return error(
        "RR0115",
        msg_n(
            "the board is not connected: {count} territory cannot be reached from "
            "'{start}' ({shown})",
            "the board is not connected: {count} territories cannot be reached from "
            "'{start}' ({shown})",
            len(cut_off),
            start=start,
            shown=shown,
        ),
        board.span,
        msg("add the missing borders"),
    )


# A border's kind in the reader's words.
_BORDER_KINDS: dict[str, Message] = {"land": msg("land"), "sea": msg("sea")}
