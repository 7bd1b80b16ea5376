"""What a refused attack or move-in says, as a Message (said in the reader's language where it
is shown): kept apart from the game's rules (game.py), which only call these when an action
breaks one."""

from __future__ import annotations

from ..grammar.messages import Message, msg


def not_controlled(name: str, territory: str) -> Message:
    return msg("{name} does not control {source}", name=name, source=territory)


def invasion_open(target: str, names: str) -> Message:
    return msg(
        "the invasion of {target} is over: roll the status die for {names} first",
        target=target,
        names=names,
    )


def not_an_opponent(target: str, name: str) -> Message:
    return msg("{target} is not held by an opponent of {name}", target=target, name=name)


def not_bordering(source: str, target: str) -> Message:
    return msg("{source} does not border {target}", source=source, target=target)


def too_few(source: str, armies: int) -> Message:
    return msg("{source} holds {armies} armies: too few to attack", source=source, armies=armies)


def attacker_dice(armies: int, low: int, high: int, dice: int) -> Message:
    return msg(
        "from {armies} armies the attacker rolls {a_low} to {a_high} dice, not {attacker_dice}",
        armies=armies,
        a_low=low,
        a_high=high,
        attacker_dice=dice,
    )


def defender_dice(defending: int, low: int, high: int, dice: int) -> Message:
    return msg(
        "with {defending} armies the defender rolls {d_low} to {d_high} dice, not {defender_dice}",
        defending=defending,
        d_low=low,
        d_high=high,
        defender_dice=dice,
    )


def move_in(low: int, high: int, armies: int) -> Message:
    return msg("move in {low} to {high} armies, not {armies}", low=low, high=high, armies=armies)


# The phases of a game (GameState.phase) in the reader's words.
_PHASES: dict[str, Message] = {
    "ally_reinforce": msg("allies' reinforcement"),
    "attack": msg("attack"),
    "bribe": msg("bribing"),
    "capital": msg("capital"),
    "claim": msg("claiming"),
    "deal": msg("dealing"),
    "draw": msg("drawing"),
    "fortify": msg("fortifying"),
    "missions": msg("missions"),
    "move_in": msg("moving in"),
    "over": msg("game over"),
    "place": msg("placing"),
    "reinforce": msg("reinforcement"),
    "spoils": msg("spoils"),
    "start_roll": msg("starting roll"),
    "status": msg("status die"),
}


def phase(name: str) -> Message | str:
    """A phase's name in the reader's words (its code where it has none)."""
    return _PHASES.get(name, name)
