"""What an expression can evaluate to: interval arithmetic over the named quantities' domains.

The checker uses it to prove, before any game is played, that a formula never divides by zero,
that a turn always gives armies, that dice stay within what the engine rolls, and that no value
passes the engine's limits (grammar/limits.py). Every quantity has a finite domain, so every
interval is finite; the bounds are sound (an expression never leaves its interval) though not
always tight (`x - x` is given -n .. n).
"""

from __future__ import annotations

from collections.abc import Mapping

from . import expr as ex
from . import model as m
from .diagnostics import Diagnostic, Span, error, warning
from .facts import (
    counts_text,
    flag_of,
    int_of,
    neutral_count,
    player_counts,
    player_range,
    start_armies,
    word_of,
    words_of,
)
from .grants import check_grants
from .intervals import Interval, bounds
from .limits import MAX_ARMIES_IN_TERRITORY, MAX_DICE, MAX_GRANT, MAX_PLAYERS
from .messages import Arg, Message, msg
from .printer import expr_text
from .resolve import EffectiveRuleset

# ---------------------------------------------------------------- what the checker proves
# Kept here, beside the arithmetic (grammar/intervals.py), so that check.py stays about the
# shape of values.

EXHAUSTIVE = 10_000  # evaluate every point of a domain this small: exact, with a witness


def check_ranges(eff: EffectiveRuleset) -> list[Diagnostic]:
    """Range proofs for the rules a ruleset writes itself (RR0220–RR0225): no division by zero,
    every turn gives armies, dice and armies within the engine's limits, a possible victory."""
    board = eff.board
    if board is None:
        return []
    own = {c.id: c for c in eff.ruleset.clauses}
    territories = len(board.territories)
    players = _players(eff)
    armies = Interval(1, MAX_ARMIES_IN_TERRITORY)
    attacker_high = _dice_high(eff, "combat.attacker.dice", armies)
    counts = {
        "territories": Interval(0, territories),
        "continents": Interval(0, len(board.continents)),
        "opponents": Interval(0, players - 1),
        "armies": Interval(0, MAX_ARMIES_IN_TERRITORY * territories),
        "missions_completed": Interval(0, 16),
        "opposing_players_eliminated": Interval(0, players - 1),
        "capitals": Interval(0, players),
        "capitals_in_play": Interval(0, players),
    }
    domains: dict[str, dict[str, Interval]] = {
        "reinforcements.territories": {"territories": Interval(1, territories)},
        # From 0: the agents tabulate whether a territory of 0 .. 40 armies may attack.
        "combat.attack_requires": {"armies": Interval(0, MAX_ARMIES_IN_TERRITORY)},
        "combat.attacker.dice": {"armies": armies},
        "combat.defender.dice": {"armies": armies},
        "conquest.move_in.minimum": {
            "dice": Interval(1, max(1, min(attacker_high, MAX_DICE))),
            "armies": Interval(2, MAX_ARMIES_IN_TERRITORY),
        },
    }
    domains["conquest.move_in.maximum"] = domains["conquest.move_in.minimum"]
    out: list[Diagnostic] = []
    for rule_id, clause in own.items():
        names = counts if _is_condition(rule_id) else domains.get(rule_id)
        if names is None:
            continue
        for expr in _expressions(clause.value):
            if _clean(expr, names):
                out.extend(_divisions(rule_id, expr, names))
    out.extend(_income(eff, own, territories))
    for rule_id in ("combat.attacker.dice", "combat.defender.dice"):
        if rule_id in own:
            out.extend(_dice(own[rule_id], armies))
    for rule_id in ("conquest.move_in.minimum", "conquest.move_in.maximum"):
        move = own.get(rule_id)
        amount = _plain_expr(move.value) if move else None
        if move and amount is not None and _clean(amount, domains[rule_id]):
            low = bounds(amount, domains[rule_id]).interval.lo
            if low < 1:
                out.append(
                    error(
                        "RR0224",
                        msg(
                            "'{rule_id}' can be {low}: at least one army must move into a "
                            "conquered territory",
                            rule_id=rule_id,
                            low=low,
                        ),
                        move.value.span,
                        msg("use max(1, …)"),
                    )
                )
    out.extend(_conditions(eff, own))
    out.extend(check_grants(eff, own))
    return out


# The rules that decide what a victory or mission condition can see: a ruleset writing any of
# them has its conditions checked again (a ruleset that only changes the dice does not).
_CONTEXT = (
    "victory",
    "players",
    "board",
    "setup.capitals",
    "setup.start_armies",
    "setup.territories",
    "setup.deal.cards",
    "neutrals.count",
    "teams.count",
    "teams.size",
    "missions.per_player",
    "missions.ranks",
)


def _conditions(eff: EffectiveRuleset, own: Mapping[str, m.Clause]) -> list[Diagnostic]:
    """RR0226: a victory that already holds when the game begins (the first conquest would
    win it); RR0225: a condition no seat can ever meet, or one always met, for the player
    counts the ruleset allows, with what the other rules make of its quantities."""
    board = eff.board
    assert board is not None
    found = player_counts(eff)
    counts = list(found) if found is not None else [_players(eff)]
    context = any(rule_id in own for rule_id in _CONTEXT)
    out: list[Diagnostic] = []
    for clause in eff.clauses:
        rule_id = clause.id
        if not _is_condition(rule_id) or not (rule_id in own or context):
            continue
        condition = _plain_expr(clause.value)
        at = own.get(rule_id)
        span = at.value.span if at is not None else _context_span(own)
        if condition is None or not _clean(condition, _game_domains(eff, counts[0])):
            continue
        names = {node.name for node in ex.walk(condition) if isinstance(node, m.Name)}
        never = [n for n in counts if bounds(condition, _game_domains(eff, n)).interval.hi == 0]
        if never:
            said = then_why(
                msg("'{rule_id}' is never true", rule_id=rule_id), _why(eff, names, never[0])
            )
            said = msg("{said}: no game can be won this way", said=said)
            if len(never) != len(counts):
                said = _with_players(counts_text(never), said)
            out.append(
                warning(
                    "RR0225",
                    said,
                    span,
                    msg("a condition a player can reach, such as `opponents == 0`"),
                )
            )
            continue
        if rule_id == "victory":
            early = [
                n
                for n in counts
                if bounds(
                    condition, _start_domains(eff, n), {"eliminated": Interval(0, 0)}
                ).interval.lo
                > 0
            ]
            if early:
                n = early[0]
                every = len(early) == len(counts)
                start = _start_domains(eff, n)
                shown = ", ".join(f"{q} = {start[q]}" for q in sorted(names) if q in start)
                said = msg("'victory' already holds when the game begins")
                if shown:
                    said = msg("{said} ({shown})", said=said, shown=shown)
                said = then_why(said, _why(eff, names, n))
                said = msg("{said}: the first conquest would win the game", said=said)
                if not (every and len(counts) > 1):
                    said = _with_players(counts_text(early), said)
                out.append(
                    error(
                        "RR0226",
                        said,
                        span,
                        _early_hint(eff, names),
                    )
                )
        elif all(bounds(condition, _game_domains(eff, n)).interval.lo > 0 for n in counts):
            out.append(warning("RR0225", msg("'{rule_id}' is always true", rule_id=rule_id), span))
    return out


def _context_span(own: Mapping[str, m.Clause]) -> Span:
    first = next(own[r] for r in _CONTEXT if r in own)
    return first.id_span


def _capitals(eff: EffectiveRuleset) -> bool:
    value = m.strip_assumed(eff.value("setup.capitals") or m.Bool(False))
    return isinstance(value, m.Bool) and value.value


def _mission_count(eff: EffectiveRuleset) -> int:
    """Missions a player can complete: one of each rank, when players draw missions."""
    if eff.clause("missions.per_player") is None:
        return 0
    return len(words_of(eff, "missions.ranks"))


def _team_size(eff: EffectiveRuleset, players: int) -> int:
    teams = int_of(eff, "teams.count")
    if not teams:
        return 1
    size = int_of(eff, "teams.size")
    if size is None or teams * size != players:  # teams that do not fit are RR0216's
        return max(1, players // teams)
    return size


def _game_domains(eff: EffectiveRuleset, players: int) -> dict[str, Interval]:
    """What each quantity can be at some point of a game of `players`, as the other rules
    allow (no capitals without setup.capitals, no missions without missions drawn)."""
    board = eff.board
    assert board is not None
    territories = len(board.territories)
    foes = max(0, players - _team_size(eff, players))
    capitals = players if _capitals(eff) else 0
    return {
        "territories": Interval(0, territories),
        "continents": Interval(0, len(board.continents)),
        "opponents": Interval(0, foes),
        "armies": Interval(0, MAX_ARMIES_IN_TERRITORY * territories),
        "missions_completed": Interval(0, _mission_count(eff)),
        "opposing_players_eliminated": Interval(0, foes),
        "capitals": Interval(0, capitals),
        "capitals_in_play": Interval(capitals, capitals),
    }


def _start_domains(eff: EffectiveRuleset, players: int) -> dict[str, Interval]:
    """What each quantity is when the first turn begins, for any seat of any deal."""
    board = eff.board
    assert board is not None
    found = _game_domains(eff, players)
    territories = len(board.territories)
    if word_of(eff, "setup.territories") == "deal" and int_of(eff, "setup.deal.cards"):
        cards = int_of(eff, "setup.deal.cards") or 0
        wild = 0 if flag_of(eff, "setup.deal.remove_wild") else int_of(eff, "cards.wild") or 0
        held = Interval(max(0, cards - wild), cards)
    else:
        seats = players + neutral_count(eff)
        held = Interval(territories // max(1, seats), -(-territories // max(1, players)))
    armies = start_armies(eff).get(players)
    foes = found["opponents"].hi
    capitals = 1 if _capitals(eff) else 0
    return {
        **found,
        "territories": held,
        "opponents": Interval(foes, foes),
        "armies": Interval(armies, armies) if armies is not None else found["armies"],
        "missions_completed": Interval(0, 0),
        "opposing_players_eliminated": Interval(0, 0),
        "capitals": Interval(capitals, capitals),
    }


def _with_players(counts: Arg, said: Message) -> Message:
    return msg("with {counts} players, {said}", counts=counts, said=said)


def then_why(said: Message, why: list[Message]) -> Message:
    """`said`, then each of the reasons after a ';'."""
    for reason in why:
        said = msg("{said}; {why}", said=said, why=reason)
    return said


def _why(eff: EffectiveRuleset, names: set[str], players: int) -> list[Message]:
    """What the other rules make of the quantities a condition reads, where it matters."""
    out = []
    if names & {"capitals", "capitals_in_play"} and not _capitals(eff):
        out.append(
            msg(
                "without `setup.capitals: yes` no player picks a capital, so capitals and "
                "capitals_in_play stay 0"
            )
        )
    if "missions_completed" in names and not _mission_count(eff):
        out.append(msg("without missions (missions.per_player), missions_completed stays 0"))
    if names & {"opponents", "opposing_players_eliminated"} and int_of(eff, "teams.count"):
        foes = _game_domains(eff, players)["opponents"].hi
        out.append(msg("with teams, a player has {foes} opponents at most", foes=foes))
    return out


def _early_hint(eff: EffectiveRuleset, names: set[str]) -> Message:
    if names & {"capitals", "capitals_in_play"} and not _capitals(eff):
        return msg("add `setup.capitals: yes`, so that each player picks a capital")
    if "missions_completed" in names and not _mission_count(eff):
        return msg("give the players missions, or win by another condition")
    return msg("a victory must be out of reach when the game begins, such as `opponents == 0`")


def _is_condition(rule_id: str) -> bool:
    """A condition over a player's position: the victory, or a mission's goal."""
    return rule_id == "victory" or (
        rule_id.startswith("missions.deck.") and rule_id.endswith(".goal")
    )


def _players(eff: EffectiveRuleset) -> int:
    found = player_range(eff)
    return max(1, min(found[1], MAX_PLAYERS)) if found is not None else MAX_PLAYERS


def _plain_expr(value: m.Value) -> m.Expr | None:
    inner = m.strip_assumed(value)
    if isinstance(inner, (m.Int, m.Bool, m.Name, m.Neg, m.Not, m.BinOp, m.Call)):
        return inner
    return None


def _expressions(value: m.Value) -> list[m.Expr]:
    inner = m.strip_assumed(value)
    if isinstance(inner, m.Range):
        return [inner.low, inner.high]
    found = _plain_expr(inner)
    return [found] if found is not None else []


def _clean(expr: m.Expr, names: Mapping[str, Interval]) -> bool:
    """Only expressions that pass the static checks get range proofs (no cascades)."""
    return all(
        not (isinstance(node, m.Name) and node.name not in names)
        and not (isinstance(node, m.Call) and node.func not in ex.FUNCTIONS)
        for node in ex.walk(expr)
    )


def _points(names: Mapping[str, Interval]) -> list[dict[str, int]] | None:
    """Every combination of the names' values, when there are few enough to try them all."""
    size = 1
    for interval in names.values():
        size *= interval.hi - interval.lo + 1
    if size > EXHAUSTIVE:
        return None
    points: list[dict[str, int]] = [{}]
    for name, interval in names.items():
        points = [{**p, name: v} for p in points for v in range(interval.lo, interval.hi + 1)]
    return points


def _where(point: Mapping[str, int]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in point.items())


def _divisions(rule_id: str, expr: m.Expr, names: Mapping[str, Interval]) -> list[Diagnostic]:
    found = bounds(expr, names)
    if not found.zero_divisors:
        return []
    named = {node.name for node in ex.walk(expr) if isinstance(node, m.Name)}
    used = {n: names[n] for n in sorted(named) if n in names}  # named in one order, every run
    points = _points(used)
    if points is not None:
        for point, functions in ((p, f) for p in points for f in _FUNCTION_CHOICES):
            try:
                ex.evaluate(expr, point, functions)
            except ex.EvalError:
                divisor = found.zero_divisors[0][0]
                if isinstance(divisor, m.Int):
                    message = msg("'{rule_id}' divides by zero", rule_id=rule_id)
                else:
                    message = msg(
                        "'{rule_id}' divides by zero when {where}: {divisor} is 0 there",
                        rule_id=rule_id,
                        where=_where(point),
                        divisor=expr_text(divisor),
                    )
                return [
                    error(
                        "RR0220",
                        message,
                        divisor.span,
                        msg("keep the divisor above zero, e.g. max(1, …)"),
                    )
                ]
        return []  # the interval was too wide: no point divides by zero
    out = []
    for divisor, interval in found.zero_divisors:
        out.append(
            error(
                "RR0220",
                msg(
                    "'{rule_id}' can divide by zero: {expr_text} ranges over {interval}",
                    rule_id=rule_id,
                    expr_text=expr_text(divisor),
                    interval=str(interval),
                ),
                divisor.span,
                msg("keep the divisor above zero, e.g. max(1, …)"),
            )
        )
    return out


def _zero(*args: object) -> int:
    return 0


def _one(*args: object) -> int:
    return 1


def _many(*args: object) -> int:
    return 1_000


_NO_FUNCTIONS: dict[str, ex.Function] = {
    "controls": _zero,
    "eliminated": _zero,
    "territories_with_at_least": _zero,
}
# The functions' values a division is tried with: none true, then all true (a condition such as
# `territories_with_at_least(1) >= 3 and territories // missions_completed != 0` reaches its
# division only when the function's side holds; the engine reaches it in a game).
_FUNCTION_CHOICES: tuple[dict[str, ex.Function], ...] = (
    _NO_FUNCTIONS,
    {"controls": _one, "eliminated": _one, "territories_with_at_least": _many},
)


def _income(
    eff: EffectiveRuleset, own: Mapping[str, m.Clause], territories: int
) -> list[Diagnostic]:
    """Every turn gives at least one army, and no turn more than the engine's limit."""
    formula = eff.clause("reinforcements.territories")
    minimum = eff.clause("reinforcements.minimum")
    if formula is None or minimum is None:
        return []
    if "reinforcements.territories" in own:
        at = own["reinforcements.territories"]
    elif "reinforcements.minimum" in own:
        at = own["reinforcements.minimum"]
    else:
        return []
    expr = _plain_expr(formula.value)
    least = m.strip_assumed(minimum.value)
    if expr is None or not isinstance(least, m.Int):
        return []
    names = {"territories": Interval(1, territories)}
    if not _clean(expr, names):
        return []  # a static error, reported already
    found = bounds(expr, names)
    if found.zero_divisors:
        return []  # reported as RR0220 already
    if (
        max(found.interval.lo, least.value) >= 1
        and max(found.interval.hi, least.value) <= MAX_GRANT
    ):
        return []  # proved over the whole interval: no need to try each count
    for t in range(1, territories + 1):  # find the count that breaks it, to name it
        gives = max(int(ex.evaluate(expr, {"territories": t})), least.value)
        if gives < 1:
            return [
                error(
                    "RR0221",
                    msg(
                        "with {t} territories a turn gives {gives} reinforcements; every turn "
                        "must give at least one army",
                        t=t,
                        gives=gives,
                    ),
                    at.value.span,
                    msg("set reinforcements.minimum to 1 or more"),
                )
            ]
        if gives > MAX_GRANT:
            return [
                error(
                    "RR0222",
                    msg(
                        "with {t} territories a turn gives {gives:,} reinforcements, past the "
                        "limit of {max_grant:,}",
                        t=t,
                        gives=gives,
                        max_grant=MAX_GRANT,
                    ),
                    at.value.span,
                )
            ]
    return []


def _dice_high(eff: EffectiveRuleset, rule_id: str, armies: Interval) -> int:
    value = m.strip_assumed(eff.value(rule_id) or m.Int(1))
    if isinstance(value, m.Range) and _clean(value.high, {"armies": armies}):
        return bounds(value.high, {"armies": armies}).interval.hi
    return MAX_DICE


def _dice(clause: m.Clause, armies: Interval) -> list[Diagnostic]:
    value = m.strip_assumed(clause.value)
    if not isinstance(value, m.Range) or not _clean(value.high, {"armies": armies}):
        return []
    most = bounds(value.high, {"armies": armies}).interval.hi
    if most <= MAX_DICE:
        return []
    return [
        error(
            "RR0223",
            msg(
                "'{id}' lets a side roll up to {most:,} dice; the engine rolls at most {max_dice}",
                id=clause.id,
                most=most,
                max_dice=MAX_DICE,
            ),
            value.high.span,
            msg("cap it, e.g. min({max_dice}, …)", max_dice=MAX_DICE),
        )
    ]
