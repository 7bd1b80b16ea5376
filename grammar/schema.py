"""The rule catalogue: every rule id the language knows, what its value must look like, and
whether a complete ruleset needs it.

The grammar is generic (a rule is `id: value`); this table gives each id its meaning. A new
rule is one row here plus the engine code that reads it: no grammar change.
"""

from __future__ import annotations

import fnmatch

from .limits import MAX_BRIBE_STEPS, MAX_CARDS_DRAWN, MAX_WILD_CARDS
from .messages import msg
from .rulespec import PHASES as PHASES
from .rulespec import PLAYER_QUANTITIES as PLAYER_QUANTITIES
from .rulespec import SET_KINDS as SET_KINDS
from .rulespec import SHEET_LANGUAGES as SHEET_LANGUAGES
from .rulespec import SYMBOLS as SYMBOLS
from .rulespec import Kind as Kind
from .rulespec import RuleSpec as RuleSpec

_R = RuleSpec
CATALOGUE: tuple[RuleSpec, ...] = (
    # ---------------------------------------------------------------- setup
    _R("board", Kind.BOARD, "the board the game is played on", True, section="setup"),
    _R("players", Kind.INT_RANGE, "how many players may play", True, section="setup"),
    _R(
        "setup.start_armies",
        Kind.BY_PLAYERS,
        "start armies for each player, by player count",
        True,
        section="setup",
    ),
    _R(
        "setup.first_player",
        Kind.CHOICE,
        "who claims first and, unless setup.first_turn says otherwise, takes the first turn: "
        "each player rolls a die and the highest roll starts, play going to the left (no manual "
        "says what a tie does: those tied roll again)",
        choices=("highest_roll",),
        section="setup",
        edges=("tie",),
    ),
    _R(
        "setup.territories",
        Kind.CHOICE,
        "how the starting territories are taken",
        True,
        ("claim", "deal"),
        section="setup",
    ),
    _R(
        "setup.place_per_turn",
        Kind.INT,
        "armies each player places per turn once the board is claimed (at least 1)",
        True,
        section="setup",
        least=1,
        why=msg("with none placed a round, the setup never ends"),
    ),
    _R("setup.deal.cards", Kind.INT, "territory cards dealt to each player", section="setup"),
    _R(
        "setup.deal.place_roll",
        Kind.BOOL,
        "after the deal the players roll one die each for who places the start armies first "
        "(the highest; absent: the first seat places first)",
        section="setup",
        edges=("tie",),
    ),
    _R(
        "setup.deal.remove_wild",
        Kind.BOOL,
        "the wild cards are taken out for the deal",
        section="setup",
    ),
    _R(
        "setup.capitals",
        Kind.BOOL,
        "once the armies are placed, each player picks one territory as their capital",
        section="setup",
    ),
    _R(
        "setup.first_turn",
        Kind.CHOICE,
        "who takes the first turn once the setup is over (absent: whoever claimed or placed "
        "first): roll_again, each player rolls one die again and the highest roll starts, play "
        "going to the left (a tie: those tied roll again, as for setup.first_player)",
        choices=("roll_again",),
        section="setup",
        edges=("tie",),
    ),
    _R("turn.phases", Kind.CHOICES, "the phases of a turn, in order", True, PHASES, section="turn"),
    # ---------------------------------------------------------------- reinforcements
    _R(
        "reinforcements.territories",
        Kind.EXPR,
        "reinforcements for the territories held",
        True,
        names=("territories",),
        section="reinforcements",
    ),
    _R(
        "reinforcements.minimum",
        Kind.INT,
        "the fewest reinforcements a turn",
        True,
        section="reinforcements",
    ),
    _R(
        "continents.bonus",
        Kind.BY_CONTINENT,
        "extra armies for each continent held",
        True,
        section="reinforcements",
        edges=("amounts",),
    ),
    _R(
        "territory.control",
        Kind.CHOICE,
        "who controls a territory",
        True,
        ("sole_occupant", "most_armies"),
        section="reinforcements",
    ),
    _R(
        "territory.max_armies",
        Kind.OPTIONAL_INT,
        "most armies one territory may hold: a placement or move past it is refused, and "
        "reinforcements that find no room are lost (none: no limit)",
        section="reinforcements",
    ),
    # ---------------------------------------------------------------- cards
    _R(
        "cards.in_play",
        Kind.BOOL,
        "whether the territory cards are used at all (no: none are dealt, drawn or traded)",
        section="cards",
    ),
    _R(
        "cards.symbols",
        Kind.BY_TERRITORY,
        "the symbol on each territory card",
        True,
        SYMBOLS,
        section="cards",
        edges=("assignment",),
    ),
    _R(
        "cards.wild",
        Kind.INT,
        f"wild cards in the deck (at most {MAX_WILD_CARDS})",
        True,
        section="cards",
        most=MAX_WILD_CARDS,
        why=msg("the printed deck has 2; riskrules plays at most {most}", most=MAX_WILD_CARDS),
    ),
    _R(
        "cards.sets",
        Kind.CHOICES,
        "which three cards make a set",
        True,
        ("three_alike", "one_of_each", "wild_substitutes"),
        section="cards",
    ),
    _R(
        "cards.trade_values",
        Kind.SCHEDULE,
        "armies for the n-th set traded in the game",
        True,
        section="cards",
    ),
    _R(
        "cards.forced_trade",
        Kind.INT,
        "with this many cards at the start of a turn a set must be traded",
        True,
        section="cards",
    ),
    _R(
        "cards.forced_trade_sets",
        Kind.INT,
        "how many sets that forced trade takes: the first, then each next one while the hand "
        "still holds a complete set (1: one set; 2: 'a set, and the second when it is "
        "complete')",
        section="cards",
        least=1,
        why=msg("a forced trade takes at least the one set that forces it"),
    ),
    _R(
        "cards.territory_bonus",
        Kind.INT,
        "extra armies on a traded card's territory that you occupy",
        True,
        section="cards",
    ),
    _R(
        "cards.territory_bonus_cap",
        Kind.OPTIONAL_INT,
        "most territory-card extra armies in one turn",
        section="cards",
    ),
    _R(
        "cards.draw",
        Kind.INT,
        f"cards drawn at the end of a turn with a conquest (at most {MAX_CARDS_DRAWN})",
        True,
        section="cards",
        most=MAX_CARDS_DRAWN,
        why=msg("the printed game draws 1; riskrules plays at most {most}", most=MAX_CARDS_DRAWN),
    ),
    # ---------------------------------------------------------------- combat
    _R(
        "combat.adjacency",
        Kind.CHOICE,
        "which territories may be attacked",
        True,
        ("bordering",),
        section="combat",
    ),
    _R(
        "combat.attack_requires",
        Kind.CONDITION,
        "what the attacking territory must hold to attack",
        True,
        names=("armies",),
        section="combat",
    ),
    _R(
        "combat.attacker.dice",
        Kind.DICE,
        "dice the attacker may roll",
        True,
        names=("armies",),
        section="combat",
    ),
    _R(
        "combat.defender.dice",
        Kind.DICE,
        "dice the defender may roll",
        True,
        names=("armies",),
        section="combat",
    ),
    _R(
        "combat.compare",
        Kind.CHOICE,
        "how a roll is decided: highest_pairs, the highest die of each side compared, then the "
        "second highest, as far as the fewer dice go; the higher die wins each pair (a tie is "
        "combat.ties)",
        choices=("highest_pairs",),
        section="combat",
    ),
    _R(
        "combat.attacks",
        Kind.CHOICE,
        "how often a player may attack in a turn: any_number, one roll after another, on the "
        "same territory or another, from any bordering territory of theirs, until they stop",
        choices=("any_number",),
        section="combat",
    ),
    _R(
        "combat.ties",
        Kind.CHOICE,
        "who wins when the dice are equal",
        True,
        ("defender", "attacker"),
        section="combat",
    ),
    _R(
        "combat.loss_cap",
        Kind.OPTIONAL_INT,
        "most armies the attacker loses in one roll",
        section="combat",
    ),
    # ---------------------------------------------------------------- conquest
    _R(
        "conquest.move_in.minimum",
        Kind.EXPR,
        "armies that must move into a conquest",
        True,
        names=("dice", "armies"),
        section="conquest",
    ),
    _R(
        "conquest.move_in.maximum",
        Kind.EXPR,
        "armies that may move into a conquest",
        True,
        names=("dice", "armies"),
        section="conquest",
    ),
    # ---------------------------------------------------------------- fortify
    _R(
        "fortify.moves",
        Kind.COUNT_OR_UNLIMITED,
        "fortifying moves at the end of a turn",
        True,
        section="fortify",
    ),
    _R(
        "fortify.reach",
        Kind.CHOICE,
        "where a fortifying move may go",
        True,
        ("adjacent", "connected through own territories", "connected through friendly territories"),
        section="fortify",
    ),
    _R(
        "fortify.leave_behind",
        Kind.INT,
        "armies that must stay behind (at least 1)",
        True,
        section="fortify",
        least=1,
        why=msg("a territory is never left empty"),
    ),
    # ---------------------------------------------------------------- elimination, victory
    _R(
        "elimination.cards",
        Kind.CHOICE,
        "what happens to an eliminated player's cards",
        True,
        ("to_conqueror", "discarded"),
        section="elimination",
    ),
    _R(
        "elimination.trade_at",
        Kind.OPTIONAL_INT,
        "after taking cards, with this many a trade is due at once",
        section="elimination",
    ),
    _R(
        "elimination.trade_down_to",
        Kind.OPTIONAL_INT,
        "that immediate trading goes on until this many cards are left",
        section="elimination",
    ),
    _R(
        "elimination.trade_placement",
        Kind.CHOICE,
        "where the armies of that immediate trade go: one_territory, all of them in one "
        "territory of the player's (when one has room for them all); split, spread over the "
        "player's territories as they like (absent: split)",
        choices=("one_territory", "split"),
        section="elimination",
    ),
    _R(
        "victory",
        Kind.CONDITION,
        "when a player wins",
        True,
        names=PLAYER_QUANTITIES,
        section="victory",
    ),
    # ---------------------------------------------------------------- neutrals
    _R("neutrals.count", Kind.INT, "neutral armies on the board", section="neutrals"),
    _R("neutrals.start_armies", Kind.INT, "start armies of each neutral", section="neutrals"),
    _R(
        "neutrals.cards_dealt",
        Kind.INT,
        "territory cards dealt to each neutral",
        section="neutrals",
    ),
    _R(
        "neutrals.place_per_turn",
        Kind.INT,
        "armies placed for each neutral in a setup round (1)",
        section="neutrals",
        least=1,
        most=1,
        why=msg("one army is placed for each neutral army in a setup round"),
    ),
    _R(
        "neutrals.mode",
        Kind.CHOICE,
        "whether neutrals only block or also ally",
        choices=("passive", "active"),
        section="neutrals",
    ),
    _R(
        "neutrals.defence_rolled_by",
        Kind.CHOICE,
        "who rolls a neutral's defence dice",
        choices=("opponent",),
        section="neutrals",
    ),
    _R(
        "neutrals.status.track",
        Kind.CHOICES,
        "the status track of a neutral",
        choices=("ally_of_first", "not_involved", "ally_of_second"),
        section="neutrals",
    ),
    _R(
        "neutrals.status.start",
        Kind.CHOICE,
        "where a neutral's status starts",
        choices=("ally_of_first", "not_involved", "ally_of_second"),
        section="neutrals",
    ),
    _R(
        "neutrals.bribe.steps_per_card",
        Kind.INT,
        f"status steps a bribe card moves (1 to {MAX_BRIBE_STEPS})",
        section="neutrals",
        least=1,
        most=MAX_BRIBE_STEPS,
        why=msg("a bribe moves the neutral army's status at least one step along its track"),
    ),
    _R(
        "neutrals.bribe.max_cards",
        Kind.INT,
        "a neutral holding this many cannot be bribed",
        section="neutrals",
    ),
    _R(
        "neutrals.ally.reinforce",
        Kind.CHOICE,
        "how an ally is reinforced",
        choices=("die",),
        section="neutrals",
    ),
    _R(
        "neutrals.ally.counts_for_reinforcements",
        Kind.BOOL,
        "an ally's territories count for your reinforcements",
        section="neutrals",
    ),
    _R("neutrals.ally.trades_cards", Kind.BOOL, "an ally trades cards", section="neutrals"),
    _R(
        "neutrals.ally.conquest_card",
        Kind.BOOL,
        "a conquest by an ally earns a card",
        section="neutrals",
    ),
    _R(
        "neutrals.ally.fortify_moves",
        Kind.INT,
        "extra fortifying moves for each ally",
        section="neutrals",
    ),
    _R(
        "neutrals.status_die.keep",
        Kind.INT_RANGE,
        "die results that keep a neutral's status after an invasion",
        section="neutrals",
    ),
    _R(
        "neutrals.elimination.cards",
        Kind.CHOICE,
        "what happens to an eliminated neutral's cards: to_conqueror, all go to the player "
        "who eliminated it; one_chosen_by_conqueror, that player may take one of them, "
        "chosen; chosen_by_conqueror, that player takes those of them they choose (the cards "
        "not taken are discarded)",
        choices=("to_conqueror", "one_chosen_by_conqueror", "chosen_by_conqueror"),
        section="neutrals",
        edges=("rest",),
    ),
    # ---------------------------------------------------------------- missions
    _R(
        "missions.ranks",
        Kind.CHOICES,
        "mission ranks, easiest first",
        choices=("captain", "major", "colonel", "general"),
        section="missions",
    ),
    _R(
        "missions.per_player",
        Kind.CHOICE,
        "missions each player draws",
        choices=("one_per_rank",),
        section="missions",
    ),
    _R(
        "missions.claims_per_turn",
        Kind.INT,
        "missions claimed in one turn at most (at least 1)",
        section="missions",
        least=1,
        why=msg("with none a turn, no mission can ever be claimed"),
    ),
    _R(
        "missions.reveal_after",
        Kind.INT,
        "after this many claims the last mission is shown",
        section="missions",
    ),
    _R(
        "missions.on_elimination",
        Kind.CHOICE,
        "what the eliminating player takes",
        choices=("cards_not_missions",),
        section="missions",
    ),
    _R(
        "missions.deck.*.rank",
        Kind.CHOICE,
        "the mission's rank",
        choices=("captain", "major", "colonel", "general"),
        section="missions",
    ),
    _R("missions.deck.*.text", Kind.TEXT, "the mission's text", section="missions"),
    _R(
        "missions.deck.*.goal",
        Kind.CONDITION,
        "when the mission is complete",
        names=PLAYER_QUANTITIES,
        section="missions",
    ),
    # ---------------------------------------------------------------- teams
    _R("teams.count", Kind.INT, "teams in the game", section="teams"),
    _R(
        "teams.size",
        Kind.INT,
        "players in each team (at least 1)",
        section="teams",
        least=1,
        why=msg("a team has at least one player"),
    ),
    _R("teams.seating", Kind.CHOICE, "how the teams sit", choices=("alternate",), section="teams"),
    _R("teams.friendly_fire", Kind.BOOL, "a player may attack a team-mate", section="teams"),
    _R("teams.shared_hand", Kind.BOOL, "the team holds one hand of cards", section="teams"),
    _R(
        "teams.reinforce.into_team",
        Kind.BOOL,
        "reinforcements may be placed in a territory the player shares with team-mates only, "
        "even one a team-mate controls (no: only in territories the player controls; a player "
        "who controls none loses them, as armies that find no room do)",
        section="teams",
        edges=("no_territory",),
    ),
    _R(
        "teams.fortify.into_team",
        Kind.BOOL,
        "fortifying may move into a team-mate's territory",
        section="teams",
    ),
)

_BY_ID = {spec.id: spec for spec in CATALOGUE if not spec.pattern}
_PATTERNS = tuple(spec for spec in CATALOGUE if spec.pattern)


def lookup(rule_id: str) -> RuleSpec | None:
    """The catalogue entry for a rule id (pattern rows such as missions.deck.*.goal match)."""
    spec = _BY_ID.get(rule_id)
    if spec is not None:
        return spec
    for pattern in _PATTERNS:
        if fnmatch.fnmatchcase(rule_id, pattern.id) and rule_id.count(".") == pattern.id.count("."):
            return pattern
    return None


def known_ids() -> tuple[str, ...]:
    return tuple(_BY_ID)


def required_ids() -> tuple[str, ...]:
    return tuple(spec.id for spec in CATALOGUE if spec.required)


# Statements of a ruleset that are not rules: what each one says (docs/rule-catalogue.md).
STATEMENTS: tuple[tuple[str, str], ...] = (
    (
        "from DOC[, DOC]",
        "the manual(s) this ruleset encodes; every rule must rest on them (RR0506)",
    ),
    (
        'inherit RULE because "…"',
        "the base's value of RULE is taken on purpose where the ruleset's own manual is silent "
        "(`explain`, `show` and the sheet, marked ‡, give the reason)",
    ),
    (
        'ignore DOC page N "anchor", "anchor" because "…"',
        "passages of the manual deliberately not encoded, one reason for them all (for "
        "`trace --uncovered` and `show`; never shown on a sheet)",
    ),
    (
        'RULE: VALUE cite … assumed CASE because "…"',
        "the value is the manual's, but one case of the rule the manual leaves open (a rule's "
        "cases are listed beside it above) is played by assumption: the sheet prints the rule "
        "without † and the case as a sentence of its own with † and the reason; `check` warns "
        "(RR0501) for the case only",
    ),
)
