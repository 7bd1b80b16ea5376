"""A helper process that must not outlive the process that started it (a study's process, the
lab's workers): whatever ended the parent, SIGTERM, SIGHUP or SIGKILL, with no chance to clean
up, the kernel ends the child too (Linux's parent-death signal). Elsewhere nothing is set: the
parent's own cleanup (its process group stopped at exit) is all there is."""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def end_with_parent(parent: int) -> bool:
    """Have this process killed when `parent`, the process that started it, ends (and now, if
    it has ended already). True when the kernel will see to it. The signal is sent when the
    parent's thread that started this process ends: start it from a thread that lives as
    long as the process it starts (the main thread, or one that waits for it)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # here: the studio in the page, which starts no process, never needs it

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):  # no C library to ask (a static build, a sandbox)
        return False
    if os.getppid() != parent:  # it ended before the signal was asked for
        os.kill(os.getpid(), signal.SIGKILL)
    return True
