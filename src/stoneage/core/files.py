"""Reading JSON that comes from outside: bounded, typed errors, never a hang or a traceback.

Every file the package reads (game records, saved games, tile tables, weights, results and
ladder files, analysis caches, bench files) goes through ``read_bytes_file`` / ``read_text_file``
/ ``read_json_file``, and every JSON text it is handed through ``parse_json``: only regular files
(a pipe or device is refused before it is opened), at most ``MAX_FILE_BYTES`` (or the caller's
bound), valid UTF-8, nesting at most ``MAX_DEPTH`` deep, integers of at most ``MAX_INT_DIGITS``
digits. ``check_depth`` bounds the nesting of data that arrives already parsed. Each failure is
the caller's error type with a short message that names the file and the problem, not the data.
Writing is ``stoneage.core.output``.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from stoneage.core.errors import StoneAgeError, shorten
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


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)|[\[\]{}]', re.DOTALL)
"""A JSON string (skipped whole, in C) or a bracket."""


def _depth_ok(text: str) -> bool:
    """Whether brackets outside strings never nest deeper than ``MAX_DEPTH``."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return True
    depth = 0
    for token in _TOKENS.finditer(text):
        char = token.group()
        if char in "[{":
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


def _size_error(what: str, limit: int) -> str:
    if limit >= 1024 * 1024:
        return _("cannot read {what}: larger than {size} MiB").format(what=what, size=limit // (1024 * 1024))
    return _("cannot read {what}: larger than {size} bytes").format(what=what, size=limit)


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("a device")


def check_regular(path: str | Path, what: str, error: type[StoneAgeError]) -> os.stat_result:
    """The status of ``path`` (symlinks followed) if it is a regular file; else ``error``, without opening it."""
    where = _where(what, path)
    try:
        info = os.stat(path)
    except (OSError, ValueError) as problem:
        raise error(_("cannot read {what}: {problem}").format(what=where, problem=_reason(problem))) from None
    if not stat.S_ISREG(info.st_mode):
        raise error(_("cannot read {what}: not a regular file ({kind})").format(
            what=where, kind=file_kind(info.st_mode)))
    return info


def read_bytes_file(path: str | Path, what: str, error: type[StoneAgeError], max_bytes: int = MAX_FILE_BYTES) \
        -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; else ``error`` naming ``what`` and the problem.

    A pipe, device, socket or folder is refused before it is opened (so a pipe never hangs), and
    again after (``O_NONBLOCK``, then ``fstat``) in case the path changed in between; the size is
    checked before reading and while reading.
    """
    where = _where(what, path)
    info = check_regular(path, what, error)
    if info.st_size > max_bytes:
        raise error(_size_error(where, max_bytes))
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, ValueError) as problem:
        raise error(_("cannot read {what}: {problem}").format(what=where, problem=_reason(problem))) from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise error(_("cannot read {what}: not a regular file ({kind})").format(
                what=where, kind=file_kind(os.fstat(descriptor).st_mode)))
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(descriptor, min(1024 * 1024, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as problem:
        raise error(_("cannot read {what}: {problem}").format(what=where, problem=_reason(problem))) from None
    finally:
        os.close(descriptor)
    if size > max_bytes:
        raise error(_size_error(where, max_bytes))
    return b"".join(chunks)


def read_text_file(path: str | Path, what: str, error: type[StoneAgeError], max_bytes: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``max_bytes`` (see ``read_bytes_file``)."""
    raw = read_bytes_file(path, what, error, max_bytes)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(_("cannot read {what}: not UTF-8 text (byte {byte})").format(
            what=_where(what, path), byte=problem.start)) from None


def read_json_file(path: str | Path, what: str, error: type[StoneAgeError]) -> Any:
    """The JSON content of a regular file of bounded size, or ``error`` naming what went wrong."""
    return parse_json(read_text_file(path, what, error), _where(what, path), error)


def check_depth(value: Any, what: str, error: type[StoneAgeError], limit: int = MAX_DEPTH) -> None:
    """``error`` if lists, tuples and dicts in ``value`` (already parsed) nest deeper than ``limit``.

    Iterative, so a value nested far past the interpreter's recursion limit (or one that holds
    itself) is refused instead of raising ``RecursionError`` wherever it is later compared or shown;
    a container reached again is walked again only when reached deeper, so shared parts cost little.
    """
    if not isinstance(value, dict | list | tuple):
        return
    deepest: dict[int, int] = {id(value): 0}
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if depth >= limit:
            raise error(_("{what} nests deeper than {depth} levels").format(what=what, depth=limit))
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list | tuple) and deepest.get(id(child), -1) < depth + 1:
                deepest[id(child)] = depth + 1
                pending.append((child, depth + 1))


def _where(what: str, path: str | Path) -> str:
    """``what`` and the path, quoted (a very long path cut short)."""
    return f"{what} {shorten(str(path), 300)}"


def _reason(problem: BaseException) -> str:
    """The OS's reason for a failed call, without the path (the message names it already)."""
    if isinstance(problem, OSError) and problem.strerror:
        return problem.strerror
    return str(problem) or type(problem).__name__
