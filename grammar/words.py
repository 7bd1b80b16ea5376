"""Words a player writes for the language's own: Danish and Dutch words for its English ones,
numbers in words, and the usual synonyms. The checker's messages use them to name what was
meant ("'forsvarer' is Danish for 'defender'"); nothing is ever read as the word it stands for.
"""

from __future__ import annotations

from .messages import Message, msg

# The languages a word is said to be in, by name (a message names them in its own language).
_LANGUAGES: dict[str, Message] = {
    "Danish": msg("Danish"),
    "Dutch": msg("Dutch"),
    "Danish or Dutch": msg("Danish or Dutch"),
    "English": msg("English"),
    "programming": msg("a programmer's word"),
}


def language_name(language: str) -> Message:
    """The name of a language a word is written in (`FOREIGN`'s second part)."""
    return _LANGUAGES[language]


# language word -> the words people write for it: (word, language)
_FOREIGN: dict[str, tuple[tuple[str, str], ...]] = {
    "defender": (
        ("forsvarer", "Danish"),
        ("forsvareren", "Danish"),
        ("forsvar", "Danish"),
        ("verdediger", "Dutch"),
        ("verdedigen", "Dutch"),
    ),
    "attacker": (
        ("angriber", "Danish"),
        ("angriberen", "Danish"),
        ("aanvaller", "Dutch"),
    ),
    "attack": (
        ("angreb", "Danish"),
        ("angrib", "Danish"),
        ("angribe", "Danish"),
        ("aanval", "Dutch"),
        ("aanvallen", "Dutch"),
    ),
    "reinforce": (
        ("forstærk", "Danish"),
        ("forstaerk", "Danish"),
        ("forstærkninger", "Danish"),
        ("versterk", "Dutch"),
        ("versterken", "Dutch"),
        ("versterkingen", "Dutch"),
    ),
    "fortify": (
        ("befæst", "Danish"),
        ("befaest", "Danish"),
        ("flyt", "Danish"),
        ("troepenverplaatsing", "Dutch"),
        ("verplaats", "Dutch"),
        ("verplaatsen", "Dutch"),
        ("versterk_positie", "Dutch"),
    ),
    "draw": (
        ("træk", "Danish"),
        ("traek", "Danish"),
        ("trek", "Dutch"),
        ("trekken", "Dutch"),
    ),
    "yes": (("ja", "Danish or Dutch"), ("true", "programming"), ("on", "English")),
    "no": (
        ("nej", "Danish"),
        ("nee", "Dutch"),
        ("false", "programming"),
        ("off", "English"),
    ),
    "none": (
        ("ingen", "Danish"),
        ("geen", "Dutch"),
        ("no_limit", "English"),
        ("nothing", "English"),
    ),
    "unlimited": (
        ("ubegrænset", "Danish"),
        ("ubegraenset", "Danish"),
        ("onbeperkt", "Dutch"),
        ("onbegrensd", "Dutch"),
        ("infinite", "English"),
        ("any", "English"),
        ("all", "English"),
    ),
    "deal": (
        ("uddel", "Danish"),
        ("del_ud", "Danish"),
        ("uddeling", "Danish"),
        ("verdeel", "Dutch"),
        ("verdelen", "Dutch"),
        ("delen", "Dutch"),
        ("dealt", "English"),
    ),
    "claim": (
        ("vælg", "Danish"),
        ("vaelg", "Danish"),
        ("kies", "Dutch"),
        ("kiezen", "Dutch"),
        ("bezetten", "Dutch"),
        ("pick", "English"),
        ("choose", "English"),
    ),
    "adjacent": (
        ("nabo", "Danish"),
        ("naboer", "Danish"),
        ("grænsende", "Danish"),
        ("aangrenzend", "Dutch"),
        ("buren", "Dutch"),
        ("neighbouring", "English"),
        ("neighboring", "English"),
        ("bordering", "English"),
    ),
    "bordering": (("adjacent", "English"), ("aangrenzend", "Dutch"), ("nabo", "Danish")),
    "territories": (
        ("territorier", "Danish"),
        ("lande", "Danish"),
        ("gebieden", "Dutch"),
        ("landen", "Dutch"),
    ),
    "armies": (
        ("armeer", "Danish"),
        ("arméer", "Danish"),
        ("armé", "Danish"),
        ("hære", "Danish"),
        ("haere", "Danish"),
        ("legers", "Dutch"),
        ("leger", "Dutch"),
    ),
    "opponents": (("modstandere", "Danish"), ("tegenstanders", "Dutch")),
    "continents": (("kontinenter", "Danish"), ("continenten", "Dutch")),
    "dice": (("terninger", "Danish"), ("dobbelstenen", "Dutch")),
    "to_conqueror": (("til_erobreren", "Danish"), ("naar_veroveraar", "Dutch")),
    "discarded": (("kasseret", "Danish"), ("afgelagt", "Danish"), ("weggelegd", "Dutch")),
    "most_armies": (("flest_armeer", "Danish"), ("meeste_legers", "Dutch")),
    "three_alike": (("tre_ens", "Danish"), ("drie_gelijke", "Dutch")),
    "one_of_each": (("en_af_hver", "Danish"), ("een_van_elk", "Dutch")),
}

# A word -> (the language word, the language it is in); the first meaning listed wins.
FOREIGN: dict[str, tuple[str, str]] = {}
for _meant, _words in _FOREIGN.items():
    for _word, _language in _words:
        FOREIGN.setdefault(_word, (_meant, _language))

# The parts of rule ids in the manuals' words: Danish and Dutch -> the id's part.
RULE_PARTS: dict[str, tuple[str, str]] = {
    "kamp": ("combat", "Danish"),
    "angreb": ("combat", "Danish"),
    "uafgjort": ("ties", "Danish"),
    "uafgjorte": ("ties", "Danish"),
    "lige": ("ties", "Danish"),
    "angriber": ("attacker", "Danish"),
    "forsvarer": ("defender", "Danish"),
    "terninger": ("dice", "Danish"),
    "forstærkninger": ("reinforcements", "Danish"),
    "forstaerkninger": ("reinforcements", "Danish"),
    "kort": ("cards", "Danish"),
    "sejr": ("victory", "Danish"),
    "opstilling": ("setup", "Danish"),
    "spillere": ("players", "Danish"),
    "befæstning": ("fortify", "Danish"),
    "flytning": ("fortify", "Danish"),
    "kontinenter": ("continents", "Danish"),
    "territorier": ("territories", "Danish"),
    "minimum": ("minimum", "Danish"),
    "gevecht": ("combat", "Dutch"),
    "strijd": ("combat", "Dutch"),
    "gelijkspel": ("ties", "Dutch"),
    "gelijk": ("ties", "Dutch"),
    "aanvaller": ("attacker", "Dutch"),
    "verdediger": ("defender", "Dutch"),
    "dobbelstenen": ("dice", "Dutch"),
    "versterkingen": ("reinforcements", "Dutch"),
    "kaarten": ("cards", "Dutch"),
    "overwinning": ("victory", "Dutch"),
    "opstelling": ("setup", "Dutch"),
    "spelers": ("players", "Dutch"),
    "troepenverplaatsing": ("fortify", "Dutch"),
    "continenten": ("continents", "Dutch"),
    "gebieden": ("territories", "Dutch"),
}

# The language's keywords in the manuals' words: what a player writes for `override`,
# `extends`, `because`, `assumed`, `inherit`, `cite`, `ruleset`.
KEYWORD_WORDS: dict[str, tuple[str, str]] = {
    word: (keyword, language)
    for keyword, words in {
        "override": (
            ("tilsidesæt", "Danish"),
            ("tilsidesaet", "Danish"),
            ("overskriv", "Danish"),
            ("erstat", "Danish"),
            ("overschrijf", "Dutch"),
            ("overschrijven", "Dutch"),
            ("vervang", "Dutch"),
        ),
        "extends": (
            ("udvider", "Danish"),
            ("bygger_på", "Danish"),
            ("bygger", "Danish"),
            ("udvid", "Danish"),
            ("breidt_uit", "Dutch"),
            ("uitbreiding", "Dutch"),
            ("uitbreidt", "Dutch"),
            ("gebaseerd_op", "Dutch"),
        ),
        "because": (("fordi", "Danish"), ("omdat", "Dutch"), ("want", "Dutch")),
        "assumed": (
            ("antaget", "Danish"),
            ("antagelse", "Danish"),
            ("aangenomen", "Dutch"),
            ("verondersteld", "Dutch"),
        ),
        "inherit": (("arv", "Danish"), ("arver", "Danish"), ("erf", "Dutch"), ("erft", "Dutch")),
        "cite": (("kilde", "Danish"), ("citér", "Danish"), ("bron", "Dutch"), ("citeer", "Dutch")),
        "ruleset": (("regelsæt", "Danish"), ("regelsaet", "Danish"), ("regelset", "Dutch")),
    }.items()
    for word, language in words
}

# Words for "and then" a player writes in a trade sequence (`4, 6, 8 og så +5`).
THEN_WORDS = (
    "og så",
    "og derefter",
    "derefter",
    "så",
    "en dan",
    "en daarna",
    "daarna",
    "dan",
    "and then",
    "and",
)

# Units a player writes after a number (`5 arméer`): the number alone is meant.
UNITS = frozenset(
    {"armies", "army", "territories", "cards", "dice", "sets", "players", "moves"}
    | {w for w, (meant, _l) in FOREIGN.items() if meant in ("armies", "territories", "dice")}
    | {"kort", "kaarten", "terninger", "spillere", "spelers", "sæt", "territorium", "gebied"}
)


def rule_id_in_words(rule_id: str) -> tuple[str, str] | None:
    """(the rule id meant, the language) when a rule id is written in Danish or Dutch words
    (`kamp.uafgjort` is `combat.ties`): each part that is a word of the manuals, translated."""
    parts = rule_id.lower().split(".")
    found = [RULE_PARTS.get(p) for p in parts]
    languages = {f[1] for f in found if f is not None}
    if not languages:
        return None
    meant = ".".join(f[0] if f is not None else p for p, f in zip(parts, found, strict=True))
    return meant, languages.pop() if len(languages) == 1 else "Danish or Dutch"


NUMBER_WORDS: dict[str, int] = {
    word: n
    for n, words in enumerate(
        [
            ("zero", "nul"),
            ("one", "en", "et", "een", "één"),
            ("two", "to", "twee"),
            ("three", "tre", "drie"),
            ("four", "fire", "vier"),
            ("five", "fem", "vijf"),
            ("six", "seks", "zes"),
            ("seven", "syv", "zeven"),
            ("eight", "otte", "acht"),
            ("nine", "ni", "negen"),
            ("ten", "ti", "tien"),
            ("eleven", "elleve", "elf"),
            ("twelve", "tolv", "twaalf"),
        ]
    )
    for word in words
}

# Conditions said in words -> the condition the language writes for them.
CONDITION_PHRASES: dict[str, str] = {
    "all capitals": "capitals == capitals_in_play",
    "every capital": "capitals == capitals_in_play",
    "all the capitals": "capitals == capitals_in_play",
    "each capital": "capitals == capitals_in_play",
    "all territories": "opponents == 0",
    "every territory": "opponents == 0",
    "all the territories": "opponents == 0",
    "world domination": "opponents == 0",
    "last one standing": "opponents == 0",
    "last player standing": "opponents == 0",
    "no opponents": "opponents == 0",
    "all opponents eliminated": "opponents == 0",
    "all missions": "missions_completed >= 4",
}


def foreign(word: str, among: tuple[str, ...] | list[str]) -> tuple[str, str] | None:
    """(the word meant, the language written) when `word` is another language's word (or a
    usual synonym) for one of `among`."""
    found = FOREIGN.get(word.lower())
    if found is not None and found[0] in among:
        return found
    return None
