"""What a study's figures say, in words a player reads: one to three sentences per variant, and
each effect sorted into *clear* (the Holm-adjusted p-value below 0.05: the adjusted interval
excludes no change), *no meaningful difference* (the adjusted interval inside the margin) or
*not clear yet* (with how many more games would likely settle it: more_games.py). Whether an
effect depends on the players' strength is said only when the test of the difference between
the strengths' effects is clear, with which way it goes. Made from the study's JSON figures
alone, so balance.json gives the same verdicts; translated through the lab's Babel catalogues
(tools/lab/locale)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from babel.numbers import format_decimal, format_percent

from .balance_stats import Figure
from .comparison import LEVEL, Comparisons, Difference, Measure
from .family import ALPHA
from .i18n import translations
from .more_games import predicted
from .strengths import strength_name

MARGIN_SHARE = 0.03  # a share that moves less than 3 points of all games has not changed
MARGIN_LENGTH = 0.05  # a mean length within 5% of the base's has not changed
CLEAR, SAME, OPEN, UNMEASURED = "clear", "no meaningful difference", "not clear yet", "not measured"


@dataclass(frozen=True)
class Effect:
    """One measure of a variant against the base, as the verdict sorts it. `estimate` and
    `interval` are fractions: of all games for a share (0.06: six points), of the base's
    mean for a length (−0.17: 17% shorter); the interval is the study-wide (adjusted) one."""

    measure: str
    kind: str  # "length" or "share"
    verdict: str  # CLEAR, SAME, OPEN or UNMEASURED
    estimate: float | None
    interval: tuple[float, float] | None
    margin: float
    # OPEN: more games per ruleset that would likely tell (more_games.py), if the effect is as
    # estimated, and at most, whatever it is within the interval (None: these games cannot say)
    more_games: int | None
    note: str | None = None  # UNMEASURED: why
    # The two sides the difference is between: the base's and the variant's figure (for a
    # contrast between strengths: the first strength's effect and the other's).
    base: float | None = None
    variant: float | None = None
    more_games_at_most: int | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "measure": self.measure,
            "kind": self.kind,
            "verdict": self.verdict,
            "estimate": self.estimate,
            "interval": (
                [x if math.isfinite(x) else None for x in self.interval] if self.interval else None
            ),
            "margin": self.margin,
            "more_games": self.more_games,
            "more_games_at_most": self.more_games_at_most,
            "note": self.note,
        }


@dataclass(frozen=True)
class Verdict:
    """A variant against the base: its sentences in `lang` and every effect, sorted."""

    variant: str
    base: str
    lang: str
    sentences: tuple[str, ...]
    effects: tuple[Effect, ...]  # under the first strength of players
    # Every other strength's effects, by its agents, and the measures whose effect clearly
    # differs between the strengths (the test of the difference: a contrast).
    strengths: tuple[tuple[str, tuple[Effect, ...]], ...] = ()
    depends: tuple[str, ...] = ()
    contrasts: tuple[tuple[str, tuple[Effect, ...]], ...] = ()

    @property
    def text(self) -> str:
        return " ".join(self.sentences)

    def to_json(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "base": self.base,
            "lang": self.lang,
            "sentences": list(self.sentences),
            "effects": [e.to_json() for e in self.effects],
            "strengths": [
                {"agents": agents, "effects": [e.to_json() for e in effects]}
                for agents, effects in self.strengths
            ],
            "depends_on_strength": list(self.depends),
            "contrasts": [
                {"agents": agents, "effects": [e.to_json() for e in effects]}
                for agents, effects in self.contrasts
            ],
        }


def effect(found: Measure | Figure) -> Effect:
    """One measure's verdict, from its figure (a Measure, or as balance.json holds it)."""
    m = found if isinstance(found, Measure) else Measure.from_json(found)
    margin = MARGIN_LENGTH if m.kind == "length" else MARGIN_SHARE

    def said(
        verdict: str,
        interval: tuple[float, float] | None,
        more: int | None = None,
        most: int | None = None,
        note: str | None = None,
    ) -> Effect:
        return Effect(
            m.measure,
            m.kind,
            verdict,
            m.difference,
            interval,
            margin,
            more,
            note,
            base=m.base,
            variant=m.variant,
            more_games_at_most=most,
        )

    if m.p_value is None or m.ci_adjusted is None or m.difference is None or m.p_adjusted is None:
        return said(UNMEASURED, None, note=m.note)
    # A bound the test could not give is None: unbounded.
    low = -math.inf if m.ci_adjusted[0] is None else float(m.ci_adjusted[0])
    high = math.inf if m.ci_adjusted[1] is None else float(m.ci_adjusted[1])
    if m.p_adjusted < ALPHA:
        return said(CLEAR, (low, high))
    if -margin <= low and high <= margin:
        return said(SAME, (low, high))
    level = float(m.level_adjusted or LEVEL)
    bounds = (-margin, margin)
    more, most = predicted(m.difference, (low, high), level, m.n, bounds, m.kind == "length")
    return said(OPEN, (low, high), more, most)


class _Words:
    """The sentences' pieces in one language (numbers as that language writes them)."""

    def __init__(self, lang: str) -> None:
        tr = translations(lang)
        self._ = tr.gettext
        self.ngettext = tr.ngettext
        self.lang = lang

    def pct(self, x: float) -> str:
        shown = round(abs(x), 3 if abs(x) < 0.01 else 2)  # 17%, 0.4%: as the language writes them
        return str(format_percent(shown, locale=self.lang, decimal_quantization=False))

    def points(self, x: float) -> str:
        points = abs(100 * x)
        return str(
            format_decimal(round(points, 1 if points < 1 else 0), "#,##0.#", locale=self.lang)
        )

    def count(self, n: float) -> str:
        return str(format_decimal(n, "#,##0", locale=self.lang))

    def decimal(self, x: float) -> str:
        """An average, to a tenth (32.5 turns)."""
        return str(format_decimal(round(x, 1), "#,##0.0", locale=self.lang))

    def who(self, place: int, players: int) -> str:
        if place == 0:
            return self._("the first player")
        if place == players - 1:
            return self._("the last player")
        return self._("the player in place {n}").format(n=place + 1)


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _more(w: _Words, e: Effect) -> str:
    """How many more games would likely settle an effect, or that these games cannot say."""
    low, high = e.more_games, e.more_games_at_most
    if low is None:
        return w._("these games cannot say how many more games would tell.")
    if high is None:
        return w._(
            "at least {low} more games per ruleset would be needed to tell; these games cannot "
            "say how many."
        ).format(low=w.count(low))
    if low == high:
        return w._("about {more} more games per ruleset would likely tell.").format(
            more=w.count(low)
        )
    return w._("{low} to {high} more games per ruleset would likely tell.").format(
        low=w.count(low), high=w.count(high)
    )


def _length(w: _Words, e: Effect) -> str:
    """Game length in one unit: turns, as averages up to the cap (see `reading`)."""
    _ = w._
    if e.verdict == UNMEASURED or e.base is None or e.variant is None:
        return _("Too few finished games to say how long games are.")
    turns = {"turns": w.decimal(e.variant), "base_turns": w.decimal(e.base)}
    if e.verdict == SAME:
        return _(
            "Games are as long as before (within {margin}): {base_turns} turns on average."
        ).format(margin=w.pct(e.margin), **turns)
    assert e.estimate is not None and e.interval is not None
    shorter = e.estimate < 0
    if e.verdict == OPEN and e.estimate == 0:
        return _("Whether games get shorter or longer is not clear yet; {more}").format(
            more=_more(w, e)
        )
    if e.verdict == OPEN:
        what = (
            _(
                "Whether games get shorter or longer is not clear yet ({pct} shorter so far: "
                "{turns} turns on average instead of {base_turns}); {more}"
            )
            if shorter
            else _(
                "Whether games get shorter or longer is not clear yet ({pct} longer so far: "
                "{turns} turns on average instead of {base_turns}); {more}"
            )
        )
        return what.format(pct=w.pct(e.estimate), more=_more(w, e), **turns)
    low, high = sorted(abs(x) for x in e.interval)
    what = (
        _(
            "Games are {pct} shorter (95% sure: {low} to {high}): {turns} turns on average "
            "instead of {base_turns}."
        )
        if shorter
        else _(
            "Games are {pct} longer (95% sure: {low} to {high}): {turns} turns on average "
            "instead of {base_turns}."
        )
    )
    return what.format(pct=w.pct(e.estimate), low=w.pct(low), high=w.pct(high), **turns)


def _seats(w: _Words, found: list[tuple[Effect, Measure]], players: int) -> str:
    _ = w._
    seats = [e for e, _m in found]
    clear = sorted(
        (k for k, e in enumerate(seats) if e.verdict == CLEAR),
        key=lambda k: -abs(seats[k].estimate or 0),
    )
    if clear:
        e = seats[clear[0]]
        assert e.estimate is not None and e.interval is not None
        low, high = sorted(abs(x) for x in e.interval)
        what = (
            _(
                "{who} wins {points} points more often (95% sure: {low} to {high} points): "
                "{share} of games instead of {base_share}."
            )
            if e.estimate > 0
            else _(
                "{who} wins {points} points less often (95% sure: {low} to {high} points): "
                "{share} of games instead of {base_share}."
            )
        )
        figure = found[clear[0]][1]
        shares = {"share": w.pct(figure.variant or 0), "base_share": w.pct(figure.base or 0)}
        sentence = _capital(
            what.format(
                who=w.who(clear[0], players),
                points=w.points(e.estimate),
                low=w.points(low),
                high=w.points(high),
                **shares,
            )
        )
        if len(clear) > 1:
            others = len(clear) - 1
            sentence += " " + w.ngettext(
                "{count} other place in the turn order changes clearly too.",
                "{count} other places in the turn order change clearly too.",
                others,
            ).format(count=others)
        return sentence
    if all(e.verdict == UNMEASURED for e in seats):
        return _("Too few games to say whether any player's chance changes.")
    open_ = [e for e in seats if e.verdict == OPEN]
    if not open_:
        return _(
            "No seat's chance of winning changes meaningfully (each within {margin} points)."
        ).format(margin=w.points(MARGIN_SHARE))
    lows = [e.more_games for e in open_]
    highs = [e.more_games_at_most for e in open_]
    fewest = None if None in lows else max(k for k in lows if k is not None)
    most = None if None in highs else max(k for k in highs if k is not None)
    last = replace(open_[0], more_games=fewest, more_games_at_most=most)
    return _("No seat's chance of winning changes clearly; {more}").format(more=_more(w, last))


def _unfinished(w: _Words, e: Effect, cap: int) -> str | None:
    if e.verdict != CLEAR or e.estimate is None or e.interval is None:
        return None
    low, high = sorted(abs(x) for x in e.interval)
    what = (
        w._(
            "{points} points more games are left unfinished at the cap of {cap} turns (95% "
            "sure: {low} to {high} points)."
        )
        if e.estimate > 0
        else w._(
            "{points} points fewer games are left unfinished at the cap of {cap} turns (95% "
            "sure: {low} to {high} points)."
        )
    )
    return what.format(
        points=w.points(e.estimate), cap=w.count(cap), low=w.points(low), high=w.points(high)
    )


def _reading(
    w: _Words, players: int, max_turns: int, diff: Difference
) -> tuple[list[str], list[Effect]]:
    """A variant's sentences under one strength (the figures of that strength) and effects."""
    effects = [effect(m) for m in diff.measures]
    by_name = dict(zip((m.measure for m in diff.measures), effects, strict=True))
    seats = [
        (by_name[m.measure], m)
        for m in diff.measures
        if m.kind == "share" and m.measure != "unfinished"
    ]
    sentences = [_length(w, by_name["game length"]), _seats(w, seats, players)]
    unfinished = _unfinished(w, by_name["unfinished"], max_turns)
    if unfinished:
        sentences.append(unfinished)
    return sentences, effects


def _way(e: Effect) -> str:
    """Which way a clear contrast goes: the other strength's effect against the first's."""
    ours, theirs = e.base or 0.0, e.variant or 0.0
    if ours * theirs < 0:
        return "opposite"
    return "more" if abs(theirs) > abs(ours) else "less"


def _depends(w: _Words, e: Effect, agents: str, players: int, seat: int | None) -> str:
    """A clear contrast in words: which way the effect differs with the other strength."""
    named = strength_name(agents, w._)  # the players' name in the reader's language
    _ = w._
    ours, theirs = e.base or 0.0, e.variant or 0.0
    if seat is None:

        def side(x: float) -> str:
            return (_("{pct} shorter") if x < 0 else _("{pct} longer")).format(pct=w.pct(x))

        what = {
            "more": _(
                "This depends on how strong the players are: with {agents} players in every "
                "seat, game length changes more: {theirs} instead of {ours}."
            ),
            "less": _(
                "This depends on how strong the players are: with {agents} players in every "
                "seat, game length changes less: {theirs} instead of {ours}."
            ),
            "opposite": _(
                "This depends on how strong the players are: with {agents} players in every "
                "seat, game length changes the other way: {theirs} instead of {ours}."
            ),
        }[_way(e)]
        return what.format(agents=named, theirs=side(theirs), ours=side(ours))

    def points(x: float) -> str:
        said = _("{points} points up") if x >= 0 else _("{points} points down")
        return said.format(points=w.points(x))

    what = {
        "more": _(
            "This depends on how strong the players are: with {agents} players in every seat, "
            "the chance that {who} wins changes more: {theirs} instead of {ours}."
        ),
        "less": _(
            "This depends on how strong the players are: with {agents} players in every seat, "
            "the chance that {who} wins changes less: {theirs} instead of {ours}."
        ),
        "opposite": _(
            "This depends on how strong the players are: with {agents} players in every seat, "
            "the chance that {who} wins changes the other way: {theirs} instead of {ours}."
        ),
    }[_way(e)]
    return what.format(
        agents=named, who=w.who(seat, players), theirs=points(theirs), ours=points(ours)
    )


def verdicts(study: Figure | Comparisons, lang: str = "en") -> list[Verdict]:
    """Each variant's verdict against the base, in `lang` (en, da or nl): its sentences under
    the first strength of players, then, for each other strength, which effects clearly differ
    under it (the test of the difference between the strengths' effects). `study`: its typed
    comparisons, or its figures as balance.json holds them."""
    found = study if isinstance(study, Comparisons) else Comparisons.from_json(study)
    w = _Words(lang)
    players = found.players
    first, *others = found.strengths
    out = []
    for k, diff in enumerate(first.differences):
        sentences, effects = _reading(w, players, found.max_turns, diff)
        strengths, contrasts, depends = [], [], []
        for other in others:
            said, theirs = _reading(w, players, found.max_turns, other.differences[k])
            strengths.append((other.agents, tuple(theirs)))
            only = _clear_only_there(w, (first.agents, other.agents), said, effects, theirs)
            sentences += only
            differ = [effect(m) for m in other.contrasts[k].measures] if other.contrasts else []
            contrasts.append((other.agents, tuple(differ)))
            clear = [e for e in differ if e.verdict == CLEAR]
            for e in clear:
                seat = None if e.kind == "length" else _seat_of(e.measure, players)
                sentences.append(_depends(w, e, other.agents, players, seat))
                depends.append(e.measure)
            if not clear:
                sentences.append(_no_contrast(w, first.agents, other.agents, bool(only)))
        out.append(
            Verdict(
                diff.variant,
                diff.base,
                lang,
                tuple(sentences),
                tuple(effects),
                tuple(strengths),
                tuple(dict.fromkeys(depends)),
                tuple(contrasts),
            )
        )
    return out


def _no_contrast(w: _Words, first: str, agents: str, after_clear_only: bool) -> str:
    """No effect differs clearly between the first strength and `agents`; after an effect
    said clear under `agents` only, "even so" (clear under one and not the other is not a
    difference between them, and the pair must not read as a contradiction)."""
    said = (
        w._("Even so, no effect differs clearly between {first} and {agents} players.")
        if after_clear_only
        else w._("No effect differs clearly between {first} and {agents} players.")
    )
    return said.format(first=strength_name(first, w._), agents=strength_name(agents, w._))


def _clear_only_there(
    w: _Words,
    names: tuple[str, str],
    said: list[str],
    ours: list[Effect],
    theirs: list[Effect],
) -> list[str]:
    """What is clear under another strength of players (`names`: the first's, the other's)
    and not under the first: its length's sentence, and its seats' (a verdict that said only
    the first strength's would hide it)."""
    first, named = (strength_name(n, w._) for n in names)

    def lead(sentence: str) -> str:
        return w._(
            "Clear with {agents} players in every seat, though not with {first} players: {sentence}"
        ).format(agents=named, first=first, sentence=sentence)

    out = []
    if ours[0].verdict != CLEAR and theirs[0].verdict == CLEAR:
        out.append(lead(said[0]))

    def seat_clear(effects: list[Effect]) -> bool:
        return any(
            e.verdict == CLEAR for e in effects if e.kind == "share" and e.measure != "unfinished"
        )

    if not seat_clear(ours) and seat_clear(theirs):
        out.append(lead(said[1]))
    return out


def _seat_of(measure: str, players: int) -> int:
    """The place (0: first) a seat's measure names (balance_stats.seat_label)."""
    from .balance_stats import seat_label

    return next(s for s in range(players) if seat_label(s) == measure)
