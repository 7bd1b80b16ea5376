"""Gherkin features transcribed from the manuals, and the step library that runs them."""
