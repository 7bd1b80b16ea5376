"""The Pygments lexer where pyproject's `pygments.lexers` entry point names it (it lives with
the editor support in tools/editor/lexer.py)."""

from .editor.lexer import RiskrulesLexer

__all__ = ["RiskrulesLexer"]
