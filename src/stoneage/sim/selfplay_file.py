"""Self-play games as arrays, and the file that holds them: a compressed ``.npz`` and a JSON header.

The ``.npz`` is written with fixed zip timestamps, so the same games give the same bytes. Its
arrays are listed in ``ARRAYS`` (docs/research.md, "Self-play data"); its ``header`` entry is the
JSON header as a string, also written beside it as ``FILE.json``.
"""

from __future__ import annotations

import json
import zipfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from stoneage.core import files
from stoneage.core.contract import Game
from stoneage.core.errors import shorten
from stoneage.core.i18n import _
from stoneage.core.output import write_atomic, write_text_atomic
from stoneage.core.registry import load_game
from stoneage.core.tensor import Layout
from stoneage.sim.errors import TournamentError
from stoneage.sim.selfplay import GameData, SelfPlayConfig, numpy_module

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

FORMAT = "stoneage-selfplay"
VERSION = 1
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
MAX_UNPACKED_BYTES = 4 * 1024**3
"""The most a self-play file may unpack to (4 GiB, millions of decisions): an archive that says it
holds more (a zip bomb) is refused before anything is unpacked."""
"""Every entry's timestamp (the zip format's earliest), so the bytes depend only on the arrays."""

ARRAYS = {
    "game": "per decision: the game index (into the per-game arrays)",
    "seat": "per decision: the deciding seat",
    "move": "per decision: the game's move number before it (chance moves included)",
    "observation": "per decision: the deciding seat's observation tensor (float32, header's observation_layout)",
    "information_state": "per decision, with --info-state: the deciding seat's information-state tensor",
    "legal": "per decision: the legal-action mask, numpy.packbits along the row (unpack with legal_masks)",
    "action": "per decision: the action taken",
    "outcome": "per decision: the deciding seat's final return (1 shared among the winners, else 0)",
    "final_score": "per decision: the deciding seat's final score",
    "game_seed": "per game: the game seed",
    "bot": "per game and seat: the index into the header's bots of the bot there",
    "returns": "per game and seat: the final returns",
    "scores": "per game and seat: the final scores",
}


def arrays(games: list[GameData]) -> dict[str, NDArray[Any]]:
    """The games (in index order) as the file's arrays."""
    np = numpy_module()
    out: dict[str, NDArray[Any]] = {
        "game": np.concatenate([np.full(len(g.action), g.index, np.int32) for g in games]),
        "seat": np.concatenate([g.seat for g in games]),
        "move": np.concatenate([g.move for g in games]),
        "observation": np.concatenate([g.observation for g in games]),
        "legal": np.concatenate([g.legal for g in games]),
        "action": np.concatenate([g.action for g in games]),
        "outcome": np.concatenate([np.asarray(g.returns, np.float32)[g.seat] for g in games]),
        "final_score": np.concatenate([np.asarray(g.scores, np.int32)[g.seat] for g in games]),
        "game_seed": np.asarray([g.seed for g in games], np.int64),
        "bot": np.asarray([g.entries for g in games], np.int8),
        "returns": np.asarray([g.returns for g in games], np.float32),
        "scores": np.asarray([g.scores for g in games], np.int32),
    }
    if games and games[0].info_state is not None:
        out["information_state"] = np.concatenate([g.info_state for g in games if g.info_state is not None])
    return out


def _layout(layout: Layout) -> list[dict[str, Any]]:
    return [{"name": slot.name, "start": slot.start, "size": slot.size, "doc": slot.doc} for slot in layout]


def header(config: SelfPlayConfig, decisions: int) -> dict[str, Any]:
    """What the arrays are: the game and its options, the bots, the seed and the tensor layouts."""
    tour = config.tournament()
    seats = tour.bots
    game: Game = load_game(tour.game, players=len(seats), seed=0, **tour.game_options())
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": tour.game,
        "players": len(seats),
        "options": tour.game_options(),
        "bots": list(seats),
        "seed": config.seed,
        "games": config.games,
        "decisions": decisions,
        "num_actions": game.num_distinct_actions(),
        "observation_layout": _layout(game.observation_layout()),
        "arrays": {name: doc for name, doc in ARRAYS.items() if name != "information_state" or config.info_state},
        "replay": "stoneage tournament-game with the same --game, options, --bots (one per seat) and --seed, "
                  "--index GAME",
    }
    if config.info_state:
        out["information_state_layout"] = _layout(game.information_state_layout())
    return out


def header_path(path: str | Path) -> Path:
    """Where the JSON header of ``path`` goes: ``FILE.json`` beside ``FILE.npz``."""
    return Path(path).with_suffix(".json")


def check_out_path(path: str) -> None:
    """``TournamentError`` unless ``path`` names a ``.npz`` file."""
    if Path(path).suffix != ".npz":
        raise TournamentError(_("the self-play data file must end in .npz, not {path!r}").format(path=path))


def write(path: str | Path, data: dict[str, NDArray[Any]], head: dict[str, Any]) -> None:
    """Write ``data`` and ``head`` as a compressed ``.npz`` (same arrays, same bytes) and ``FILE.json``,
    each whole (``core/output.py``): a failure leaves the previous files and raises ``TournamentError``."""
    np = numpy_module()
    text = json.dumps(head, indent=1, sort_keys=True)
    entries = {**data, "header": np.asarray(text)}

    def fill(stream: BinaryIO) -> None:
        with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in sorted(entries):
                info = zipfile.ZipInfo(f"{name}.npy", date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                with archive.open(info, "w", force_zip64=True) as member:
                    np.lib.format.write_array(member, entries[name], allow_pickle=False)

    write_atomic(path, fill, TournamentError)
    write_text_atomic(header_path(path), text + "\n", TournamentError)


def load(path: str | Path) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
    """The arrays and the header of a self-play file; ``TournamentError`` for a file that is not one
    (a pipe or device is refused before it is opened, the header is read as bounded JSON)."""
    np = numpy_module()
    files.check_regular(path, _("self-play file"), TournamentError)
    try:
        _check_unpacked_size(path)
        with np.load(path, allow_pickle=False) as archive:  # a regular file (checked), unpacked size bounded
            data = {name: archive[name] for name in archive.files if name != "header"}
            text = archive["header"].item()
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error, NotImplementedError,
            RuntimeError, MemoryError) as error:  # what numpy and zipfile raise for a damaged archive
        raise TournamentError(_("{path} is not a self-play file: {error}").format(
            path=shorten(str(path), 300), error=shorten(str(error), 200))) from None
    head = files.parse_json(text if isinstance(text, str) else "", _("self-play header"), TournamentError)
    if not isinstance(head, dict):
        raise TournamentError(_("{path} is not a self-play file: {error}").format(
            path=shorten(str(path), 300), error=_("its header is not an object")))
    return data, head


def _check_unpacked_size(path: str | Path) -> None:
    """Refuse an archive whose entries say they unpack to more than ``MAX_UNPACKED_BYTES`` (zipfile
    never unpacks an entry past the size it declares)."""
    with zipfile.ZipFile(path) as archive:
        unpacked = sum(info.file_size for info in archive.infolist())
    if unpacked > MAX_UNPACKED_BYTES:
        raise TournamentError(_("{path} is not a self-play file: {error}").format(
            path=shorten(str(path), 300), error=_("it unpacks to more than {size} GiB").format(
                size=MAX_UNPACKED_BYTES // 1024**3)))


def legal_masks(data: dict[str, NDArray[Any]], head: dict[str, Any]) -> NDArray[np.bool_]:
    """The legal-action masks as booleans, one row of ``num_actions`` per decision."""
    np = numpy_module()
    masks: NDArray[Any] = np.unpackbits(data["legal"], axis=1, count=head["num_actions"]).astype(bool)
    return masks
