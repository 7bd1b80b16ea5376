"""Loaded into a Dask scheduler or worker by the cluster tests (`--preload`): the process ends
at once, as a crash would end it, when its RISKRULES_DIE_AFTER-th task finishes (a scheduler)
or starts (a worker), so that a test loses it mid-study at a point it chose."""

from __future__ import annotations

import os
from typing import Any

from distributed import SchedulerPlugin, WorkerPlugin

AFTER = int(os.environ.get("RISKRULES_DIE_AFTER", "0"))


class _Count:
    def __init__(self, state: str) -> None:
        self.state = state
        self.seen = 0

    def transition(self, key: object, start: str, finish: str, *args: Any, **kwargs: Any) -> None:
        if finish == self.state:
            self.seen += 1
            if AFTER and self.seen >= AFTER:
                os._exit(1)


class _OnScheduler(_Count, SchedulerPlugin):
    pass


class _OnWorker(_Count, WorkerPlugin):
    pass


async def dask_setup(server: Any) -> None:
    from distributed import Scheduler

    if isinstance(server, Scheduler):
        server.add_plugin(_OnScheduler("memory"))
    else:
        await server.plugin_add(_OnWorker("executing"))
