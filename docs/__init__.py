"""The reference pages shipped with riskrules: the language server links each diagnostic to its
entry in diagnostics.md (an editor opens the installed copy; no web site is needed)."""
