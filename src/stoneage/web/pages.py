"""The browser pages: the lobby, the table (to play, watch or replay) and their static files.

Plain HTML, CSS and JavaScript, no build step. Each game's board script is
``static/boards/<name>.js``, the name taken from the game's description (``kits["web"]``). The two
pages are Jinja2 templates (``templates/``) whose words are gettext calls (``{{ _("...") }}``,
extracted by Babel's Jinja2 extractor, see babel.cfg), rendered in the viewer's language.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

from stoneage.core.i18n import LANGUAGES, _, ngettext, pgettext, use_language
from stoneage.web.language import COOKIE, page_language

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"


@cache
def templates() -> Environment:
    """The pages' templates, with gettext calls that translate into the language of the moment."""
    environment = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(),
                              extensions=["jinja2.ext.i18n"])
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_, ngettext=ngettext, pgettext=pgettext, newstyle=True)
    environment.policies["json.dumps_kwargs"] = {"sort_keys": False}  # the languages in their order
    return environment


def render(name: str, lang: str) -> str:
    """The page ``templates/<name>`` in ``lang``."""
    with use_language(lang):
        return templates().get_template(name).render(
            lang=lang, html_lang=lang.replace("_", "-"), languages=LANGUAGES)


def page(name: str, request: Request) -> HTMLResponse:
    """The page ``name`` in the language the request asks for."""
    lang = page_language(request.cookies.get(COOKIE), request.headers.get("accept-language"))
    return HTMLResponse(render(name, lang), headers={"Vary": "Cookie, Accept-Language",
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
