"""The browser code's unit tests (tests/js/*.test.mjs, ``node --test``) run with the rest of the suite,
so that the README's test command runs them too: the pure modules of the pages and boards (the Stone
Age board's data model, the words, the API helpers) checked without a browser.

Node is needed: ``.ci/run`` installs Debian's ``nodejs``. Without it this test fails saying so; it is
never skipped.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).parent / "js"
ROOT = Path(__file__).parent.parent


def test_node_units_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("the JavaScript unit tests need Node.js (`node` on PATH): install Debian's nodejs "
                    "(apt-get install nodejs), as .ci/run does", pytrace=False)
    files = sorted(JS_TESTS.glob("*.test.mjs"))
    assert files, f"no JavaScript unit tests in {JS_TESTS}"
    result = subprocess.run([node, "--test", *(str(path.relative_to(ROOT)) for path in files)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        pytest.fail(f"node --test failed ({result.returncode}):\n{result.stdout}\n{result.stderr}", pytrace=False)
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout, result.stdout
