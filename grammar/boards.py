"""A board's own checks: its territories, continents and borders (ids unique, every border
both ways and between known territories, every continent's territories known and connected)."""

from __future__ import annotations

from . import model as m
from .diagnostics import Diagnostic, did_you_mean, error
from .geography import Geography
from .messages import Message, msg, msg_n


def check_board(board: m.Board) -> list[Diagnostic]:
    out: list[Diagnostic] = []
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
    seen: dict[frozenset[str], m.Border] = {}
    adjacency: dict[str, set[str]] = {t: set() for t in territories}
    for border in board.borders:
        bad = False
        for end in (border.a, border.b):
            if end not in territories:
                bad = True
                out.append(
                    error(
                        "RR0101",
                        msg("unknown territory '{end}' in a border", end=end),
                        border.span,
                        did_you_mean(end, territories),
                    )
                )
        if bad:
            continue
        if border.a == border.b:
            out.append(error("RR0113", msg("'{a}' borders itself", a=border.a), border.span))
            continue
        key = frozenset((border.a, border.b))
        previous = seen.get(key)
        if previous is not None:
            if previous.kind != border.kind:
                out.append(
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
                )
            else:
                out.append(
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
                )
            continue
        seen[key] = border
        adjacency[border.a].add(border.b)
        adjacency[border.b].add(border.a)
    if territories:
        start = next(iter(territories))
        reached = {start} | Geography(board).reachable(start, frozenset(territories))
        cut_off = [t for t in territories if t not in reached]
        if cut_off:
            shown = ", ".join(cut_off[:5]) + (" …" if len(cut_off) > 5 else "")
            out.append(
                error(
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
            )
    return out


# A border's kind in the reader's words.
_BORDER_KINDS: dict[str, Message] = {"land": msg("land"), "sea": msg("sea")}
