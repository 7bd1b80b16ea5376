"""What a service raises when it cannot serve a request: the message, the diagnostics behind it,
and the kind of failure, which each front end maps to its own outcome (the command line: exit 1
for findings, 2 for usage, 130 when cancelled)."""

from __future__ import annotations

import enum
from collections.abc import Sequence

from ...grammar.diagnostics import Diagnostic
from ...grammar.messages import Message, msg, msg_n


class Kind(enum.Enum):
    FINDINGS = "findings"  # the input has problems: a ruleset with errors, a bad feature file
    USAGE = "usage"  # the request: an unknown name, a bad value, a path that cannot be used
    CANCELLED = "cancelled"  # the caller's Cancel was set


class ServiceError(Exception):
    """`message` is a Message (said in the reader's language by `text`) or, where it repeats
    what another program said (pytest, a cluster), that program's own words."""

    kind = Kind.USAGE

    def __init__(self, message: str | Message, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(str(message))
        self.said = message if isinstance(message, Message) else None
        self.message = str(message)  # English
        self.diagnostics = tuple(diagnostics)

    def text(self, lang: str = "en") -> str:
        """The message in `lang`."""
        return self.said.render(lang) if self.said is not None else self.message


class UsageError(ServiceError):
    """The request cannot be served as asked (a value out of range, a path that cannot be read
    or written, an unknown rule)."""


class NotFound(UsageError):
    """A ruleset reference that names nothing; the diagnostic says where (a PATH:NAME's file,
    or the command line) and what is near."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        said = diagnostic.said
        if diagnostic.advice is not None:
            said = msg("{message} ({hint})", message=said, hint=diagnostic.advice)
        super().__init__(said, [diagnostic])

    @property
    def in_a_file(self) -> bool:
        """Whether the reference was found wanting inside a rules file (shown as a diagnostic
        with its source line) rather than as typed."""
        span = self.diagnostics[0].span
        return span.file != "<command line>" and bool(span.line)


class RulesetErrors(ServiceError):
    """The ruleset, or one it extends, has errors: nothing is played or printed from it."""

    kind = Kind.FINDINGS

    def __init__(self, ruleset: str, diagnostics: Sequence[Diagnostic]) -> None:
        said = msg_n(
            "ruleset '{ruleset}' has {count:,} error: fix it first (riskrules check)",
            "ruleset '{ruleset}' has {count:,} errors: fix them first (riskrules check)",
            len(diagnostics),
            ruleset=ruleset,
        )
        super().__init__(said, diagnostics)
        self.ruleset = ruleset


class BadFeatures(ServiceError):
    """Feature files that are not runnable Gherkin: one problem (`FILE:LINE: …`) each."""

    kind = Kind.FINDINGS

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


class NotRun(UsageError):
    """The scenarios could not be run at all; `output` is what pytest printed."""

    def __init__(self, message: str, output: str) -> None:
        super().__init__(message)
        self.output = output


class UnknownExample(UsageError):
    """`new --from` names no shipped example; `known` lists those there are."""

    def __init__(self, message: str, known: Sequence[str]) -> None:
        super().__init__(message)
        self.known = tuple(known)


class Cancelled(ServiceError):
    kind = Kind.CANCELLED

    def __init__(self) -> None:
        super().__init__("cancelled")
