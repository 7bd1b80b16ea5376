"""What every route of the studio may read: its folder, its door, its one study slot."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

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


def studio_of(request: Request) -> Studio:
    found: Studio = request.app.state.studio
    return found
