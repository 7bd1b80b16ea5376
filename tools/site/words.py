"""The site's own words (its front page, the studio's loading page, the page's buttons), from
its catalogue (locale/LANG/LC_MESSAGES/site.po), in the reader's language."""

from __future__ import annotations

from ..shared.catalogue import compiled

LANGUAGES = ("en", "da", "nl")
LANGUAGE_NAMES = {"en": "English", "da": "Dansk", "nl": "Nederlands"}

# key: the English (the catalogue's msgid)
WORDS = {
    "heading": "Risk rules for your table",
    "intro": (
        "The rule sheets and cards of every printed game, the differences between the manuals, "
        "and a studio to write your own house rules: all in this page, nothing to install."
    ),
    "open_studio": "Write house rules",
    "studio_note": "(the studio loads in the page; the first time takes a little while)",
    "printed": "The printed games",
    "printed_note": "Open a sheet or a card and print it from your browser.",
    "ruleset": "Game",
    "sheet": "Rule sheet",
    "card": "Card",
    "concordance": "The four manuals side by side",
    "concordance_link": "Where the manuals differ",
    "loading": "Loading the studio…",
    "loading_python": "Loading Python in the page…",
    "loading_wheels": "Unpacking the studio…",
    "loading_studio": "Starting the studio…",
    "loading_note": (
        "Everything runs in this page: your house rules stay in this browser until you "
        "download or share them."
    ),
    "working": "Working…",
    "failed": "Something went wrong:",
    "open_file": "Open a file",
    "download": "Download",
    "share": "Share link",
    "share_link": "The link to share",
    "share_copied": "The link is copied: send it to your friends.",
    "bad_link": "This link does not hold a house rule the studio can read.",
    "too_long": "That is too long for the studio (at most 1 MB).",
    "not_text": "That file is not a text file of house rules.",
}


def words(lang: str) -> dict[str, str]:
    catalogue = compiled("riskrules.tools.site", "site", lang)
    return {key: catalogue.gettext(text) for key, text in WORDS.items()}
