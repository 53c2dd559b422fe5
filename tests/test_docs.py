"""The runnable example of docs/api.md: every ```python block runs, in order, in one namespace.

Whatever the blocks print must also appear in the page's ```text blocks, so the shown output
stays true.
"""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

API_DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def fenced_blocks(text: str, language: str) -> list[str]:
    """The bodies of the fenced blocks of ``language`` in a Markdown text, in order."""
    pattern = re.compile(rf"^```{language}\n(.*?)^```$", re.MULTILINE | re.DOTALL)
    return pattern.findall(text)


def test_the_python_blocks_of_api_md_run_in_order() -> None:
    text = API_DOC.read_text(encoding="utf-8")
    blocks = fenced_blocks(text, "python")
    assert len(blocks) >= 5, "docs/api.md lost its runnable example"
    namespace: dict[str, Any] = {"__name__": "docs_api"}
    output = io.StringIO()
    with redirect_stdout(output):
        for number, block in enumerate(blocks, start=1):
            exec(compile(block, f"{API_DOC.name}, python block {number}", "exec"), namespace)
    # The example played a game to the end, forced a roll, and replayed a saved record.
    assert namespace["forced"] is not None
    assert namespace["first"].is_terminal()
    assert namespace["again"].is_terminal()
    shown = {line for block in fenced_blocks(text, "text") for line in block.splitlines()}
    printed = output.getvalue().splitlines()
    assert printed, "the example prints nothing"
    missing = [line for line in printed if line not in shown]
    assert not missing, f"printed but not shown in docs/api.md: {missing}"


def test_fenced_blocks_are_found_in_order() -> None:
    text = "a\n```python\nx = 1\n```\nb\n```text\nno\n```\n```python\ny = 2\n```\n"
    assert fenced_blocks(text, "python") == ["x = 1\n", "y = 2\n"]
    assert fenced_blocks(text, "text") == ["no\n"]
