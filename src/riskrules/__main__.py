"""`python -m riskrules` runs the command line."""

from .tools.cli import main

main()
