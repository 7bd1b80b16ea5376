"""Editor support, a front end: the language server (`riskrules lsp`), its completion, and the
Pygments lexer."""
