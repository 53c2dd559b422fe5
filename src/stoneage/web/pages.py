"""The browser pages: the lobby, the table (to play, watch or replay) and their static files.

Plain HTML, CSS and JavaScript from ``static/``, no build step. Each game's board script is
``static/boards/<name>.js``, the name taken from the game's description (``kits["web"]``).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent / "static"


def add_pages(app: FastAPI) -> None:
    """Serve ``/`` (the lobby), ``/play/{id}``, ``/watch/{id}``, ``/replay/{id}`` and ``/static``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def table(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    for mode in ("play", "watch", "replay"):
        app.add_api_route(f"/{mode}/{{game_id}}", table, include_in_schema=False)
