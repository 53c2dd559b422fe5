"""The browser pages: the lobby, the table (to play, watch or replay) and their static files.

Plain HTML, CSS and JavaScript from ``static/``, no build step. Each game's board script is
``static/boards/<name>.js``, the name taken from the game's description (``kits["web"]``). The two
pages' own words are ``{{ _("...") }}`` fields, filled in the viewer's language (``language.py``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from stoneage.web.language import COOKIE, page_language, render

STATIC = Path(__file__).resolve().parent / "static"


@cache
def _template(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def page(name: str, request: Request) -> HTMLResponse:
    """``static/<name>`` in the language the request asks for."""
    lang = page_language(request.cookies.get(COOKIE), request.headers.get("accept-language"))
    return HTMLResponse(render(_template(name), lang), headers={"Vary": "Cookie, Accept-Language",
                                                                "Content-Language": lang.replace("_", "-")})


def add_pages(app: FastAPI) -> None:
    """Serve ``/`` (the lobby), ``/play/{id}``, ``/watch/{id}``, ``/replay/{id}`` and ``/static``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        return page("index.html", request)

    async def table(game_id: str, request: Request) -> HTMLResponse:
        return page("table.html", request)

    for mode in ("play", "watch", "replay"):
        app.add_api_route(f"/{mode}/{{game_id}}", table, include_in_schema=False)
