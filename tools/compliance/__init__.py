"""Compliance: scenarios run against rulesets, traces of what they exercised, the manuals'
coverage, the referee of game records."""
