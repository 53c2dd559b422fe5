"""Reading JSON that comes from outside: bounded, typed errors, never a hang or a traceback.

Every file the package reads (game records, saved games, tile tables) and every JSON text it is
handed goes through ``read_json_file`` / ``parse_json``: only regular files, at most
``MAX_FILE_BYTES``, valid UTF-8, nesting at most ``MAX_DEPTH`` deep, integers of at most
``MAX_INT_DIGITS`` digits. Each failure is the caller's error type with a short message that
names the file and the problem, not the data.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import _

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest file read (8 MiB: a record of the longest allowed game is far smaller)."""
MAX_DEPTH = 64
"""The deepest nesting of arrays and objects accepted (the package's formats need under 10)."""
MAX_INT_DIGITS = 30
"""The most digits of an integer accepted (seeds and counts need far fewer)."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(_("an integer of more than {count} digits").format(count=MAX_INT_DIGITS))
    return int(text)


def _depth_ok(text: str) -> bool:
    """Whether brackets outside strings never nest deeper than ``MAX_DEPTH``."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif char in "]}":
            depth -= 1
    return True


def parse_json(text: str, what: str, error: type[StoneAgeError]) -> Any:
    """``text`` parsed as JSON within the limits, or ``error`` naming ``what`` and the problem."""
    if len(text) > MAX_FILE_BYTES:
        raise error(_("{what} is larger than {size} MiB").format(what=what, size=MAX_FILE_BYTES // (1024 * 1024)))
    if not _depth_ok(text):
        raise error(_("{what} nests deeper than {depth} levels").format(what=what, depth=MAX_DEPTH))
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError as problem:
        raise error(_("{what} is not JSON: {problem} (line {line}, column {column})").format(
            what=what, problem=problem.msg, line=problem.lineno, column=problem.colno)) from None
    except (ValueError, RecursionError) as problem:
        raise error(_("{what} is not acceptable JSON: {problem}").format(what=what, problem=problem)) from None


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a JSON number").format(name=name))


def read_json_file(path: str | Path, what: str, error: type[StoneAgeError]) -> Any:
    """The JSON content of a regular file of bounded size, or ``error`` naming what went wrong."""
    where = f"{what} {str(path)!r}"
    try:
        info = Path(path).stat()
    except OSError as problem:
        raise error(_("cannot read {what}: {problem}").format(what=where, problem=problem.strerror)) from None
    if not stat.S_ISREG(info.st_mode):
        raise error(_("cannot read {what}: not a regular file").format(what=where))
    if info.st_size > MAX_FILE_BYTES:
        raise error(_("cannot read {what}: larger than {size} MiB").format(
            what=where, size=MAX_FILE_BYTES // (1024 * 1024)))
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as problem:
        raise error(_("cannot read {what}: {problem}").format(what=where, problem=problem.strerror)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise error(_("cannot read {what}: larger than {size} MiB").format(
            what=where, size=MAX_FILE_BYTES // (1024 * 1024)))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(_("cannot read {what}: not UTF-8 text (byte {byte})").format(
            what=where, byte=problem.start)) from None
    return parse_json(text, where, error)


def check_writable(path: str | Path, error: type[StoneAgeError]) -> None:
    """Raise ``error`` now, before any work, if a file cannot be written at ``path``."""
    target = Path(path)
    if target.is_dir():
        raise error(_("cannot write {path}: it is a folder").format(path=repr(str(path))))
    if not target.parent.is_dir():
        raise error(_("cannot write {path}: the folder {folder} does not exist").format(
            path=repr(str(path)), folder=repr(str(target.parent))))
    existed = target.exists()
    try:
        with target.open("a", encoding="utf-8"):
            pass
    except OSError as problem:
        raise error(_("cannot write {path}: {problem}").format(
            path=repr(str(path)), problem=problem.strerror)) from None
    if not existed:
        target.unlink()
