"""What every route of the studio may read: its folder, its door, its one study slot, and the
snapshot of each open file's text (made once per text, read by every panel)."""

from __future__ import annotations

from dataclasses import dataclass, field

from starlette.requests import Request

from ..service.snapshot import Snapshot, Snapshots
from .drafts import Folder
from .security import Door
from .study import Studies


@dataclass
class Studio:
    folder: Folder
    door: Door
    studies: Studies
    # How the folder is named to the reader where its path means nothing to them (the static
    # site's page: "this browser"); a message of the catalogue. None: the folder's path.
    place: str | None = None
    snapshots: Snapshots = field(default_factory=Snapshots)

    @property
    def builtins(self) -> Snapshot:
        """The built-ins alone (the start page's bases; every open file's snapshot reads its
        checks of the built-ins from it), read when first asked for."""
        return self.snapshots.builtins


def studio_of(request: Request) -> Studio:
    found: Studio = request.app.state.studio
    return found
