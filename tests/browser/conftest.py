"""Browser tests: Playwright for Python (pytest-playwright) driving Debian's Chromium against a
real ``stoneage serve`` process.

The browser is /usr/bin/chromium, never one of Playwright's own downloads (``playwright install``
is not used). When it is missing and we are root on Debian, it is installed with apt-get (with
fonts-nanum), as ``.ci/run`` does; otherwise the tests fail saying what to install: they are never
skipped.

Every page a test opens has its console recorded: a console error or an uncaught page error fails
the test. When a test fails, each of its pages' screenshot and console log is saved in the
screenshots folder (``$STONEAGE_SHOTS``, or a new temporary folder), which the run prints at its end
along with the boards' screenshots the tests take.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Playwright, sync_playwright

from browser.ui import Browsing

from web.server import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync"]
PACKAGES = ["chromium", "fonts-nanum"]

BROWSING = pytest.StashKey[Browsing]()
_shots: Path | None = None


def ensure_chromium() -> Path:
    """Debian's Chromium, installed with apt-get (root only) when missing; else a clear failure."""
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    can_install = os.geteuid() == 0 and shutil.which("apt-get") is not None
    if not can_install:
        pytest.fail(f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install {' '.join(PACKAGES)}); "
                    "install it, or run the tests as root on Debian so that they install it themselves "
                    "(they never use `playwright install`)", pytrace=False)
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    wait_for_lock = ["-o", "DPkg::Lock::Timeout=300"]
    try:
        subprocess.run(["apt-get", *wait_for_lock, "update"], check=True, capture_output=True, env=environment,
                       timeout=900)
        subprocess.run(["apt-get", *wait_for_lock, "install", "-y", *PACKAGES], check=True, capture_output=True,
                       env=environment, timeout=1200)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        output = getattr(error, "stderr", None) or getattr(error, "stdout", None) or b""
        tail = " / ".join(output.decode(errors="replace").strip().splitlines()[-5:])
        pytest.fail(f"apt-get could not install {' '.join(PACKAGES)} ({tail}); the browser tests need {CHROMIUM}",
                    pytrace=False)
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"apt-get installed {' '.join(PACKAGES)} but {CHROMIUM} is not there", pytrace=False)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, on Debian's Chromium with the flags a shared CI machine wants."""
    return {**browser_type_launch_args, "executable_path": str(ensure_chromium()), "args": LAUNCH_ARGS}


# pytest-playwright keeps Playwright and the browser for the whole session. While Playwright's sync
# API lives it holds an asyncio loop running in the main thread, so every later test that calls
# asyncio.run() (the server tests do) would fail: here they live for this package only.


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser_type(playwright: Playwright, browser_name: str) -> BrowserType:
    chosen: BrowserType = getattr(playwright, browser_name)
    return chosen


@pytest.fixture(scope="package")
def launch_browser(browser_type_launch_args: dict[str, Any], browser_type: BrowserType) -> Callable[..., Browser]:
    def launch(**options: Any) -> Browser:
        return browser_type.launch(**{**browser_type_launch_args, **options})

    return launch


@pytest.fixture(scope="package")
def browser(launch_browser: Callable[..., Browser]) -> Iterator[Browser]:
    launched = launch_browser()
    yield launched
    launched.close()


def shots_folder() -> Path:
    """Where screenshots and failure logs go: ``$STONEAGE_SHOTS``, or a temporary folder kept after the run."""
    global _shots
    if _shots is None:
        wanted = os.environ.get("STONEAGE_SHOTS")
        _shots = Path(wanted) if wanted else Path(tempfile.mkdtemp(prefix="stoneage-browser-"))
        _shots.mkdir(parents=True, exist_ok=True)
    return _shots


@pytest.fixture(scope="session")
def shots() -> Path:
    return shots_folder()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One ``stoneage serve`` (pace 0, a fresh SQLite file, a free loopback port) for the browser tests."""
    folder = tmp_path_factory.mktemp("browser-server")
    process = ServerProcess(str(folder / "games.sqlite3"), log=folder / "server.log").start()
    yield process
    process.stop()


@pytest.fixture
def browsing(browser: Browser, site: ServerProcess, shots: Path, request: pytest.FixtureRequest) -> Iterator[Browsing]:
    """Open people's pages for one test; their console errors fail it, and a failure saves their screenshots."""
    session = Browsing(browser, site.http, shots, request.node.name)
    request.node.stash[BROWSING] = session
    yield session
    session.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """A test whose pages logged a console error or threw fails, even if its own checks passed."""
    result = yield
    session = item.stash.get(BROWSING, None)
    if session is not None:
        session.check()
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, Any]:
    """On a failure, save each open page's screenshot and console log, and say where."""
    report = yield
    session = item.stash.get(BROWSING, None)
    if session is not None and report.failed and report.when in ("setup", "call"):
        saved = session.save_failure()
        report.sections.append(("browser artifacts", "\n".join(str(path) for path in saved)))
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _shots is not None:
        terminalreporter.write_sep("-", "browser tests")
        terminalreporter.write_line(f"screenshots and failure logs of the browser tests: {_shots}")
