"""What a study's figures say, in words a player reads: one to three sentences per variant, and
each effect sorted into *clear* (the Holm-adjusted p-value below 0.05: the adjusted interval
excludes no change), *no meaningful difference* (the adjusted interval inside the margin) or
*not clear yet* (with roughly how many more games would settle it). Made from the study's JSON
figures alone, so balance.json gives the same verdicts; translated through the lab's Babel
catalogues (tools/lab/locale)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal, format_percent

from .balance_stats import Figure
from .i18n import translations
from .strengths import strength_name

MARGIN_SHARE = 0.03  # a share that moves less than 3 points of all games has not changed
MARGIN_LENGTH = 0.05  # a median length within 5% of the base's has not changed
CLEAR, SAME, OPEN, UNMEASURED = "clear", "no meaningful difference", "not clear yet", "not measured"


@dataclass(frozen=True)
class Effect:
    """One measure of a variant against the base, as the verdict sorts it. `estimate` and
    `interval` are fractions: of all games for a share (0.06: six points), of the base's
    median for a length (−0.17: 17% shorter); the interval is the study-wide (Holm) one."""

    measure: str
    kind: str  # "length" or "share"
    verdict: str  # CLEAR, SAME, OPEN or UNMEASURED
    estimate: float | None
    interval: tuple[float, float] | None
    margin: float
    more_games: int | None  # OPEN: roughly how many more games per ruleset would tell
    note: str | None = None  # UNMEASURED: why

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
    # Every other strength's effects, by its agents, and the measures whose direction or
    # clarity differs between the strengths (one of them clear, another not, or opposite).
    strengths: tuple[tuple[str, tuple[Effect, ...]], ...] = ()
    depends: tuple[str, ...] = ()

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
        }


def _nice(games: float) -> int:
    """A number of games rounded up to two significant figures (1,234 → 1,300), at least 10."""
    if games <= 10:
        return 10
    step = 10 ** (int(math.log10(games)) - 1)
    return int(math.ceil(games / step) * step)


def effect(measure: Figure) -> Effect:
    """One measure's verdict, from its figure (balance_stats.Comparison.figure)."""
    kind = str(measure["kind"])
    margin = MARGIN_LENGTH if kind == "length" else MARGIN_SHARE
    estimate, found = measure["difference"], measure["ci_adjusted"]
    if measure["p_value"] is None or found is None or estimate is None:
        note = measure.get("note")
        return Effect(measure["measure"], kind, UNMEASURED, estimate, None, margin, None, note)
    # A bound the resamples did not reach (a length past the cap) is None: unbounded.
    low = -math.inf if found[0] is None else float(found[0])
    high = math.inf if found[1] is None else float(found[1])
    if measure["p_adjusted"] < 0.05:
        verdict, more = CLEAR, None
    elif -margin <= low and high <= margin:
        verdict, more = SAME, None
    else:
        # An interval's width shrinks as one over the root of the games: the games at which it
        # would either exclude no change or fit inside the margin, if the estimate stayed.
        half = (high - low) / 2
        target = max(abs(estimate), margin - abs(estimate), margin / 10)
        games = int(measure["n"])
        more = _nice(games * (half / target) ** 2 - games) if math.isfinite(half) else None
        verdict = OPEN
    return Effect(measure["measure"], kind, verdict, estimate, (low, high), margin, more)


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

    def who(self, place: int, players: int) -> str:
        if place == 0:
            return self._("the first player")
        if place == players - 1:
            return self._("the last player")
        return self._("the player in place {n}").format(n=place + 1)


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _length(w: _Words, e: Effect, base: Figure, variant: Figure) -> str:
    _ = w._
    rounds = {"rounds": w.count(variant["rounds"]["median"] or 0)}
    rounds["base_rounds"] = w.count(base["rounds"]["median"] or 0)
    if e.verdict == UNMEASURED:
        return _("Too few finished games to say how long games are.")
    if e.verdict == SAME:
        return _(
            "Games are as long as before (within {margin}): half of them are over by round "
            "{base_rounds}."
        ).format(margin=w.pct(e.margin), **rounds)
    assert e.estimate is not None and e.interval is not None
    shorter = e.estimate < 0
    if e.verdict == OPEN and e.estimate == 0:
        return _(
            "Whether games get shorter or longer is not clear yet; about {more} more games "
            "per ruleset would tell."
        ).format(more=w.count(e.more_games or 0))
    if e.verdict == OPEN:
        what = (
            _(
                "Whether games get shorter or longer is not clear yet ({pct} shorter so far); "
                "about {more} more games per ruleset would tell."
            )
            if shorter
            else _(
                "Whether games get shorter or longer is not clear yet ({pct} longer so far); "
                "about {more} more games per ruleset would tell."
            )
        )
        return what.format(pct=w.pct(e.estimate), more=w.count(e.more_games or 0))
    low, high = sorted(abs(x) for x in e.interval)
    if not math.isfinite(high):  # longer, by more than the resamples could bound
        return _(
            "Games are {pct} longer (95% sure: at least {low}): half of them are over by "
            "round {rounds} instead of {base_rounds}."
        ).format(pct=w.pct(e.estimate), low=w.pct(low), **rounds)
    what = (
        _(
            "Games are {pct} shorter (95% sure: {low} to {high}): half of them are over by "
            "round {rounds} instead of {base_rounds}."
        )
        if shorter
        else _(
            "Games are {pct} longer (95% sure: {low} to {high}): half of them are over by "
            "round {rounds} instead of {base_rounds}."
        )
    )
    return what.format(pct=w.pct(e.estimate), low=w.pct(low), high=w.pct(high), **rounds)


def _seats(w: _Words, found: list[tuple[Effect, Figure]], players: int) -> str:
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
        shares = {"share": w.pct(figure["variant"]), "base_share": w.pct(figure["base"])}
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
    open_ = [e.more_games or 0 for e in seats if e.verdict == OPEN]
    if not open_:
        return _(
            "No seat's chance of winning changes meaningfully (each within {margin} points)."
        ).format(margin=w.points(MARGIN_SHARE))
    return _(
        "No seat's chance of winning changes clearly; about {more} more games per ruleset "
        "would tell."
    ).format(more=w.count(max(open_)))


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


def _reading(w: _Words, study: Figure, k: int, diff: Figure) -> tuple[list[str], list[Effect]]:
    """Variant k's sentences under one strength (the figures of that strength) and effects."""
    players = int(study["players"])
    sets: list[Any] = study["rulesets"]
    effects = [effect(m) for m in diff["measures"]]
    by_name = dict(zip((m["measure"] for m in diff["measures"]), effects, strict=True))
    seats = [
        (by_name[m["measure"]], m)
        for m in diff["measures"]
        if m["kind"] == "share" and m["measure"] != "unfinished"
    ]
    sentences = [
        _length(w, by_name["game length"], sets[0], sets[k]),
        _seats(w, seats, players),
    ]
    unfinished = _unfinished(w, by_name["unfinished"], int(study["max_turns"]))
    if unfinished:
        sentences.append(unfinished)
    return sentences, effects


def _reads(e: Effect) -> tuple[str, int]:
    """What a reader takes from an effect: clear (and which way), or not."""
    if e.verdict != CLEAR or e.estimate is None:
        return (e.verdict, 0)
    return (CLEAR, 1 if e.estimate > 0 else -1)


def depending(first: list[Effect], others: list[list[Effect]]) -> list[str]:
    """The measures whose direction or clarity depends on the strength: clear under one
    strength and not under another, or clear both ways."""
    out = []
    for j, e in enumerate(first):
        reads = {_reads(e), *(_reads(o[j]) for o in others)}
        if len(reads) > 1 and any(r[0] == CLEAR for r in reads):
            out.append(e.measure)
    return out


def verdicts(study: Figure, lang: str = "en") -> list[Verdict]:
    """Each variant's verdict against the base, in `lang` (en, da or nl): its sentences under
    the first strength of players, then what differs under the others."""
    w = _Words(lang)
    out = []
    others: list[Figure] = study.get("strengths", [])
    for k, diff in enumerate(study["differences"], start=1):
        sentences, effects = _reading(w, study, k, diff)
        strengths = []
        found_others = []
        for other in others:
            said, found = _reading(w, study | other, k, other["differences"][k - 1])
            strengths.append((str(other["agents"]), tuple(found)))
            found_others.append((strength_name(str(other["agents"]), w._), said, found))
        depends = depending(effects, [found for _a, _s, found in found_others])
        for agents, said, found in found_others:
            changed = [
                j for j, e in enumerate(found) if e.measure in depends
            ]  # the sentences that say those measures: length first, then the seats
            if not changed:
                sentences.append(
                    w._(
                        "With {agents} players in every seat, no effect changes its direction "
                        "or clarity."
                    ).format(agents=agents)
                )
                continue
            parts = []
            if any(found[j].kind == "length" for j in changed):
                parts.append(said[0])
            if any(found[j].kind == "share" and found[j].measure != "unfinished" for j in changed):
                parts.append(said[1])
            if any(found[j].measure == "unfinished" for j in changed) and len(said) > 2:
                parts.append(said[2])
            sentences.append(
                w._(
                    "This depends on how strong the players are: with {agents} players in "
                    "every seat, {what}"
                ).format(agents=agents, what=_lower(" ".join(parts)))
            )
        out.append(
            Verdict(
                diff["variant"],
                diff["base"],
                lang,
                tuple(sentences),
                tuple(effects),
                tuple(strengths),
                tuple(depends),
            )
        )
    return out


def _lower(sentence: str) -> str:
    """A sentence continued after a colon: its first letter small (unless a name's)."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence
