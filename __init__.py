"""riskrules: Risk's printed manuals as precise, checkable rulesets."""

__version__ = "0.1.0"
