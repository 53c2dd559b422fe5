"""Writing files so that no failure leaves one corrupt: checked up front, written whole, one writer.

- ``check_writable`` refuses, before any work and without opening the target: a folder, a missing
  folder, an existing target that is not a regular file (a pipe, a device such as ``/dev/full``, a
  socket), a name longer than the folder allows, and a folder where no file can be made.
- ``write_text_atomic`` / ``write_atomic`` write a temporary file in the same folder, flush and
  sync it, then rename it over the target: a full disk, a read-only folder or a kill leaves the
  previous file (or none), never a part. A symlink is written through (the link stays).
- ``LineWriter`` appends whole lines to a file written over a long run; a line that does not fit
  is cut back off, so the file holds whole lines only.
- ``writer_lock`` / ``claim`` let one command at a time write a path (a lock on ``PATH.lock``).

Every failure is the caller's error type with one line naming the path and the system's reason.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import BinaryIO

from stoneage.core.errors import StoneAgeError, shorten
from stoneage.core.files import file_kind
from stoneage.core.i18n import _

DEFAULT_NAME_MAX = 255
"""The longest file name where the system does not say (``os.pathconf``)."""
TEMPORARY_PREFIX = ".stoneage-"
LOCK_SUFFIX = ".lock"


def _where(path: str | Path) -> str:
    return shorten(str(path), 300)


def _reason(problem: BaseException) -> str:
    if isinstance(problem, OSError) and problem.strerror:
        return problem.strerror
    return str(problem) or type(problem).__name__


def _failed(error: type[StoneAgeError], path: str | Path, problem: BaseException) -> StoneAgeError:
    return error(_("cannot write {path}: {reason}").format(path=_where(path), reason=_reason(problem)))


def target_of(path: str | Path) -> Path:
    """Where writing ``path`` puts the bytes: a symlink's target (so the link stays), else ``path``."""
    target = Path(path)
    with contextlib.suppress(OSError, ValueError):
        if target.is_symlink():
            return Path(os.path.realpath(target))
    return target


def _name_max(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return DEFAULT_NAME_MAX


def _check_target(path: str | Path, target: Path, error: type[StoneAgeError]) -> None:
    """Refuse a target that exists but is not a regular file, or whose folder is missing."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as problem:
        raise _failed(error, path, problem) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise error(_("cannot write {path}: it is a folder").format(path=_where(path)))
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise error(_("cannot write {path}: not a regular file ({kind})").format(
            path=_where(path), kind=file_kind(info.st_mode)))
    folder = target.parent
    try:
        folder_is_dir = stat.S_ISDIR(os.stat(folder).st_mode)
    except (OSError, ValueError):
        folder_is_dir = False
    if not folder_is_dir:
        raise error(_("cannot write {path}: the folder {folder} does not exist").format(
            path=_where(path), folder=_where(folder)))
    most = _name_max(folder)
    if len(os.fsencode(target.name)) > most:
        raise error(_("cannot write {path}: the file name is too long (at most {most} bytes)").format(
            path=_where(path), most=most))


def check_writable(path: str | Path, error: type[StoneAgeError]) -> None:
    """Raise ``error`` now, before any work, if a file cannot be written at ``path``.

    The target itself is never opened (opening a pipe would hang or end its reader): its folder is
    tried by making and removing a temporary file there, as ``write_text_atomic`` will.
    """
    descriptor, temporary = _temporary_beside(path, error)
    os.close(descriptor)
    with contextlib.suppress(OSError):
        os.unlink(temporary)


def _temporary_beside(path: str | Path, error: type[StoneAgeError]) -> tuple[int, Path]:
    """A new temporary file in the folder of ``path``'s target, once the target is found writable."""
    target = target_of(path)
    _check_target(path, target, error)
    try:
        descriptor, name = tempfile.mkstemp(dir=target.parent, prefix=TEMPORARY_PREFIX, suffix=".tmp")
    except (OSError, ValueError) as problem:
        raise _failed(error, path, problem) from None
    return descriptor, Path(name)


def _file_mode(target: Path) -> int:
    """The mode the written file gets: the replaced file's, else what ``open`` would give."""
    with contextlib.suppress(OSError):
        return stat.S_IMODE(os.stat(target).st_mode)
    return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask: from ``/proc`` (a kernel file of a few lines) where there is one, else set
    and put back under a lock."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    with _UMASK_LOCK:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


_UMASK_LOCK = threading.Lock()


@contextmanager
def _replacing(path: str | Path, error: type[StoneAgeError]) -> Iterator[tuple[int, Path]]:
    """A temporary file beside ``path``'s target; renamed over it when the block ends without error."""
    target = target_of(path)
    descriptor, temporary = _temporary_beside(path, error)
    try:
        yield descriptor, temporary
        os.fsync(descriptor)
        os.fchmod(descriptor, _file_mode(target))
        os.close(descriptor)
        descriptor = -1
        os.replace(temporary, target)
    except OSError as problem:
        _discard(descriptor, temporary)
        raise _failed(error, path, problem) from None
    except BaseException:
        _discard(descriptor, temporary)
        raise
    _sync_folder(target.parent)


def _discard(descriptor: int, temporary: Path) -> None:
    if descriptor >= 0:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    with contextlib.suppress(OSError):
        temporary.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: some systems cannot sync a folder)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def write_bytes_atomic(path: str | Path, data: bytes, error: type[StoneAgeError]) -> None:
    """Replace the file at ``path`` by ``data`` whole, or leave it as it was and raise ``error``."""
    with _replacing(path, error) as (descriptor, _temporary):
        _write_all(descriptor, data)


def write_text_atomic(path: str | Path, text: str, error: type[StoneAgeError]) -> None:
    """Replace the file at ``path`` by ``text`` (UTF-8) whole, or leave it as it was and raise ``error``."""
    write_bytes_atomic(path, text.encode("utf-8"), error)


def write_atomic(path: str | Path, fill: Callable[[BinaryIO], None], error: type[StoneAgeError]) -> None:
    """Replace the file at ``path`` by what ``fill`` writes to the binary stream it is given (a
    picture, an archive), whole, or leave it as it was and raise ``error``."""
    with _replacing(path, error) as (descriptor, _temporary), \
            os.fdopen(os.dup(descriptor), "wb") as stream:
        fill(stream)
        stream.flush()


class LineWriter:
    """A regular file appended to a line at a time (its start written before, e.g. atomically).

    A line that cannot be written whole (a full disk) is cut back off and ``error`` raised, so the
    file holds whole lines only; the file is opened without waiting (a pipe put in its place is refused).
    """

    def __init__(self, path: str | Path, error: type[StoneAgeError]) -> None:
        self.path = path
        self.error = error
        target = target_of(path)
        _check_target(path, target, error)
        try:
            self.descriptor = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC,
                                      0o666)
        except (OSError, ValueError) as problem:
            raise _failed(error, path, problem) from None
        info = os.fstat(self.descriptor)
        if not stat.S_ISREG(info.st_mode):
            self.close()
            raise error(_("cannot write {path}: not a regular file ({kind})").format(
                path=_where(path), kind=file_kind(info.st_mode)))
        self.size = info.st_size

    def write(self, text: str) -> None:
        """Append ``text`` (whole lines) or raise ``error`` with the file as it was before."""
        if self.descriptor < 0:
            raise self.error(_("the file {path} is already closed").format(path=_where(self.path)))
        data = text.encode("utf-8")
        try:
            _write_all(self.descriptor, data)
        except OSError as problem:
            with contextlib.suppress(OSError):
                os.ftruncate(self.descriptor, self.size)
            raise _failed(self.error, self.path, problem) from None
        self.size += len(data)

    def close(self) -> None:
        """Close the file as it stands."""
        if self.descriptor >= 0:
            with contextlib.suppress(OSError):
                os.close(self.descriptor)
            self.descriptor = -1


# --- one writer at a time -----------------------------------------------------------------------------


_HELD: dict[str, tuple[int, int]] = {}
"""Locks this process holds: lock file → (process id, depth), so a command may save what it claimed."""
_HELD_LOCK = threading.Lock()


def lock_path(path: str | Path) -> Path:
    """The lock file of ``path``: ``PATH.lock`` beside its target (a hashed name if that is too long)."""
    target = Path(os.path.abspath(target_of(path)))
    name = target.name + LOCK_SUFFIX
    if len(os.fsencode(name)) > _name_max(target.parent) or not target.name:
        name = TEMPORARY_PREFIX + hashlib.sha256(os.fsencode(target.name)).hexdigest()[:24] + LOCK_SUFFIX
    return target.with_name(name)


def _acquire(lock: Path, path: str | Path, error: type[StoneAgeError]) -> int | None:
    """An open, locked descriptor of ``lock``; None where the system has no locks."""
    while True:
        try:
            descriptor = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK, 0o644)
        except (OSError, ValueError) as problem:
            raise _failed(error, path, problem) from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            raise error(_("another stoneage command is writing {path}; wait for it to finish or choose "
                          "another file").format(path=_where(path))) from None
        except OSError:  # a file system without locks: write unlocked, as before
            os.close(descriptor)
            return None
        try:
            same = os.path.samestat(os.stat(lock), os.fstat(descriptor))
        except OSError:
            same = False
        if same:
            return descriptor
        os.close(descriptor)  # the holder we waited for removed it: lock the file there now


@contextmanager
def writer_lock(path: str | Path, error: type[StoneAgeError]) -> Iterator[None]:
    """Hold the only right to write ``path`` among stoneage commands; ``error`` if another holds it.

    Re-entrant within a process; the lock file is removed when the outermost hold ends.
    """
    lock = lock_path(path)
    key = str(lock)
    with _HELD_LOCK:
        owner, depth = _HELD.get(key, (0, 0))
        if owner == os.getpid() and depth > 0:
            _HELD[key] = (owner, depth + 1)
            mine = True
        else:
            mine = False
    if mine:
        try:
            yield
        finally:
            with _HELD_LOCK:
                _HELD[key] = (os.getpid(), _HELD[key][1] - 1)
        return
    descriptor = _acquire(lock, path, error)
    with _HELD_LOCK:
        _HELD[key] = (os.getpid(), 1)
    try:
        yield
    finally:
        with _HELD_LOCK:
            _HELD.pop(key, None)
        if descriptor is not None:
            with contextlib.suppress(OSError):
                os.unlink(lock)
            os.close(descriptor)


@contextmanager
def claim(error: type[StoneAgeError], *paths: str | Path | None) -> Iterator[None]:
    """For a command's outputs (``None`` for those not asked for): check each can be written, then
    hold its writer lock until the block ends."""
    with ExitStack() as stack:
        for path in paths:
            if path is None or path == "":
                continue
            check_writable(path, error)
            stack.enter_context(writer_lock(path, error))
        yield
