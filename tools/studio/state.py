"""What every route of the studio may read: its folder, its door, its one study slot, and the
snapshot of each open file's text (made once per text, read by every panel)."""

from __future__ import annotations

from dataclasses import dataclass, field

from starlette.requests import Request

from ..service.snapshot import Snapshots
from .drafts import Folder
from .security import Door
from .study import Studies


@dataclass
class Studio:
    folder: Folder
    door: Door
    studies: Studies
    snapshots: Snapshots = field(default_factory=Snapshots)


def studio_of(request: Request) -> Studio:
    found: Studio = request.app.state.studio
    return found
