"""Hostile files for every reader: weights, ladder files, analysis caches, bench files, results,
records and saves. Each gets a typed error (or, for the cache, is ignored), never a hang, a
traceback or a big allocation; the messages name the field, not the data.

The cases that would hang or fill memory on a reader without bounds (FIFOs, ``/dev/zero``, huge
sparse files) run in a child process bounded by a timeout and an address-space limit, and the
child's peak memory is its own ``VmHWM`` as it exits (``os.wait4``'s ``ru_maxrss`` would also count
the memory of the test process the child was forked from).
"""

from __future__ import annotations

import copy
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from stoneage import RecordError, StateFormatError, load_game
from stoneage.core.errors import StoneAgeError

from common import json_paths

TESTS = Path(__file__).resolve().parent
TIMEOUT = 20.0
"""Seconds a child may take before it counts as hung (each needs well under one)."""
PEAK_MB = 200
DEEP = 100_000


# --- a bounded child process ----------------------------------------------------------------------


@dataclass
class Finished:
    code: int | None
    """The exit status, or None when the child was killed as hung."""
    out: str
    err: str
    peak_mb: float


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    limit = 2 * 1024**3  # a safety net: a reader without bounds fails here instead of filling the machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


PEAK_REPORTER = """
import atexit, runpy, sys
def report(path=sys.argv[1]):
    with open("/proc/self/status") as status, open(path, "w") as out:
        out.write(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
atexit.register(report)
module, args = (sys.argv[3], sys.argv[4:]) if sys.argv[2] == "-m" else (None, sys.argv[3:])
sys.argv = [module or sys.argv[2], *args]
if module:
    runpy.run_module(module, run_name="__main__", alter_sys=True)
else:
    runpy.run_path(sys.argv[0], run_name="__main__")
"""
"""Runs ``python -m MODULE ARGS`` or ``python SCRIPT ARGS`` and, as it exits, writes its peak resident
memory in KiB (``VmHWM``, which counts only since the program was started) to the file named first."""


def run_bounded(argv: list[str], timeout: float = TIMEOUT) -> Finished:
    """Run ``argv`` (a Python command; stdin empty); kill it after ``timeout`` s; its own peak memory."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(suffix=".peak") as peak:
        process = subprocess.Popen([argv[0], "-c", PEAK_REPORTER, peak.name, *argv[1:]], stdin=subprocess.DEVNULL,
                                   stdout=out, stderr=err, cwd=TESTS, preexec_fn=_limit_memory)
        waited: list[tuple[int, int, Any]] = []
        waiter = threading.Thread(target=lambda: waited.append(os.wait4(process.pid, 0)), daemon=True)
        waiter.start()
        waiter.join(timeout)
        hung = waiter.is_alive()
        if hung:
            os.kill(process.pid, 9)
            waiter.join()
        _pid, status, usage = waited[0]
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        reported = Path(peak.name).read_text(encoding="ascii")
        peak_kib = int(reported) if reported else usage.ru_maxrss  # killed as hung: no report
        return Finished(None if hung else process.returncode, out.read().decode(errors="replace"),
                        err.read().decode(errors="replace"), peak_kib / 1024)


def cli(*args: str, timeout: float = TIMEOUT) -> Finished:
    return run_bounded([sys.executable, "-m", "stoneage", *args], timeout)


def assert_typed_failure(done: Finished) -> None:
    assert done.code is not None, "the command hung"
    assert "Traceback" not in done.err, done.err[-2000:]
    assert done.code == 2, (done.code, done.err[-2000:])
    assert done.err.count("\n") <= 2 and "stoneage: error:" in done.err, done.err[-2000:]
    assert len(done.err) < 600, done.err[:600]
    assert done.peak_mb < PEAK_MB, done.peak_mb


# --- every reader, as one callable -------------------------------------------------------------------


def _ladder_config() -> Any:
    from stoneage.sim.ladder import ladder_config

    return ladder_config(("random", "child"), (2,), games=4, seed=1, game="first_stone_age")


def _load_cached(path: Path) -> Any:
    from stoneage.play.analysis_cache import load_cached

    return load_cached(path.with_name(path.name.replace(".analysis.json", ".json")), "key")


def _loaders() -> dict[str, Callable[[Path], Any]]:
    from stoneage.bench import load_bench_file
    from stoneage.bots.stone_age.learned import load_weights
    from stoneage.core.record import load_record
    from stoneage.sim.ladder_file import load_played
    from stoneage.sim.results import load_results

    return {"weights": load_weights, "ladder": lambda path: load_played(path, _ladder_config()),
            "bench": lambda path: load_bench_file(str(path)), "results": load_results, "record": load_record,
            "cache": _load_cached, "csv": load_results, "selfplay": _load_selfplay}


def _load_selfplay(path: Path) -> Any:
    from stoneage.sim import selfplay_file

    return selfplay_file.load(path)


NAMES = {"ladder": "f.jsonl", "results": "f.jsonl", "cache": "f.analysis.json", "csv": "f.csv",
         "selfplay": "f.npz"}
"""The file name a reader wants (its suffix); ``f.json`` for the others."""
READERS = ("weights", "ladder", "bench", "results", "record", "cache", "csv", "selfplay")


def outcome(reader: str, path: Path) -> str:
    """``typed`` (a StoneAgeError with a short message), ``ignored`` (the cache's None) or ``loaded``."""
    try:
        value = _loaders()[reader](path)
    except StoneAgeError as error:
        assert len(str(error)) < 500, str(error)[:500]
        return "typed"
    return "ignored" if value is None and reader == "cache" else "loaded"


def hostile(kind: str, folder: Path, name: str) -> Path:
    """A hostile file named ``name`` in ``folder``."""
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    elif kind == "huge":
        with open(path, "wb") as stream:
            stream.truncate(3 * 1024**3)  # sparse: no disk, but a reader without a bound allocates 3 GB
    elif kind == "folder":
        path.mkdir()
    elif kind == "deep":
        path.write_bytes(b"[" * DEEP + b"]" * DEEP + b"\n")
    elif kind == "deep_object":
        path.write_bytes(b'{"a":' * DEEP + b"1" + b"}" * DEEP + b"\n")
    elif kind == "not_utf8":
        path.write_bytes(b'{"format": "\xff\xfe"}\n')
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "nan":
        path.write_bytes(b'{"format": NaN}\n')
    elif kind == "long_int":
        path.write_bytes(b'{"format": ' + b"9" * 100_000 + b"}\n")
    else:
        raise AssertionError(kind)
    return path


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "huge"])
@pytest.mark.parametrize("reader", READERS)
def test_a_reader_refuses_pipes_devices_and_huge_files_at_once(reader: str, kind: str, tmp_path: Path) -> None:
    path = hostile(kind, tmp_path, NAMES.get(reader, "f.json"))
    done = run_bounded([sys.executable, __file__, reader, str(path)])
    assert done.code is not None, f"{reader} hung on a {kind}"
    assert "Traceback" not in done.err, done.err[-2000:]
    assert done.out.strip() in ("typed", "ignored"), (done.out, done.err[-2000:])
    assert done.peak_mb < PEAK_MB, done.peak_mb


@pytest.mark.parametrize("kind", ["folder", "deep", "deep_object", "not_utf8", "nan", "long_int"])
@pytest.mark.parametrize("reader", READERS)
def test_a_reader_refuses_bad_text_with_a_typed_error(reader: str, kind: str, tmp_path: Path) -> None:
    path = hostile(kind, tmp_path, NAMES.get(reader, "f.json"))
    assert outcome(reader, path) in ("typed", "ignored")


# --- valid files, truncated, flipped and mutated -----------------------------------------------------


def _ladder_lines() -> str:
    from stoneage.sim import run_tournament

    return "".join(json.dumps(result.to_json()) + "\n" for result in run_tournament(_ladder_config()).results)


def _bench_text() -> str:
    from stoneage.bench import FORMAT, BenchResult, BotTiming

    results = [BenchResult(2, 10, 100.0, 9000.0, 90.0, 3.5, 2000.0, game="stone_age",
                           bots=[BotTiming("random", 5, 0.1, 0.2), BotTiming("mcts", 5, 1.0, 2.0, 300.0),
                                 BotTiming("other", note="skipped: plays stone_age only")])]
    return json.dumps({"format": FORMAT, "date": "2024-01-01", "build": "pure Python",
                       "results": [r.to_json() for r in results]}, indent=1)


def _weights_text() -> str:
    from stoneage.bots.stone_age.learned import HAND_SET, Weights

    return Weights(HAND_SET, {"seed": 1}).to_json()


def _record_text() -> str:
    from stoneage.core.record import make_record

    game = load_game("first_stone_age", players=2, seed=3)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome() if state.is_chance_node() else state.legal_actions()[0])
    return json.dumps(make_record(game, state), indent=1)


def _analysis_text() -> str:
    return json.dumps(an_analysis().to_json()) + "\n"


def _csv_text() -> str:
    from stoneage.sim import run_tournament
    from stoneage.sim.results import _text

    return _text(run_tournament(_ladder_config()).results, ".csv")


VALID: dict[str, Callable[[], str]] = {"weights": _weights_text, "ladder": _ladder_lines, "bench": _bench_text,
                                      "results": _ladder_lines, "record": _record_text, "cache": _analysis_text,
                                      "csv": _csv_text}


def _flips(text: str, count: int = 40) -> Iterator[bytes]:
    raw = text.encode()
    step = max(1, len(raw) // count)
    for at in range(0, len(raw), step):
        for byte in (b"\x00", b"\xff", b"9", b"[", b'"'):
            yield raw[:at] + byte + raw[at + 1:]


@pytest.mark.parametrize("reader", [reader for reader in READERS if reader != "selfplay"])
def test_a_truncated_or_flipped_file_is_refused_or_read_whole(reader: str, tmp_path: Path) -> None:
    text = VALID[reader]()
    path = tmp_path / NAMES.get(reader, "f.json")
    path.write_text(text)
    assert outcome(reader, path) == "loaded" or reader == "cache"
    raw = text.encode()
    cuts = [raw[:n] for n in range(0, len(raw), max(1, len(raw) // 40))]
    for content in [*cuts, *_flips(text)]:
        path.write_bytes(content)
        assert outcome(reader, path) in ("typed", "ignored", "loaded")


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(data)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


JUNK: list[Any] = [None, True, False, "x", "", 1.5, -1, 0, 99, 10**40, [], {}, [99], ["x"], [None], [-1, 7],
                   [1.5, 2.5], {"a": 1}]


def mutations(data: Any) -> Iterator[Any]:
    """``data`` with each field (to depth 3) replaced by each junk value, and each field removed."""
    for path in json_paths(data, 3):
        if len(path) > 4:
            continue
        for value in JUNK:
            yield _set(data, path, value)
        parent = copy.deepcopy(data)
        target = parent
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        yield parent


def test_a_truncated_or_flipped_self_play_file_is_refused_or_read_whole(tmp_path: Path) -> None:
    import numpy as np

    from stoneage.sim import selfplay_file

    path = tmp_path / "f.npz"
    selfplay_file.write(path, {"action": np.arange(40, dtype=np.int32)}, {"format": selfplay_file.FORMAT})
    assert outcome("selfplay", path) == "loaded"
    raw = path.read_bytes()
    for content in [raw[:n] for n in range(0, len(raw), max(1, len(raw) // 40))]:
        path.write_bytes(content)
        assert outcome("selfplay", path) in ("typed", "loaded")
    for at in range(0, len(raw), max(1, len(raw) // 60)):
        path.write_bytes(raw[:at] + bytes([raw[at] ^ 0xFF]) + raw[at + 1:])
        assert outcome("selfplay", path) in ("typed", "loaded")


def test_a_self_play_file_that_unpacks_past_the_limit_is_refused_before_unpacking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    from stoneage.sim import selfplay_file

    path = tmp_path / "bomb.npz"
    selfplay_file.write(path, {"action": np.zeros(200_000, dtype=np.int32)}, {"format": selfplay_file.FORMAT})
    assert path.stat().st_size < 10_000  # 800 kB of zeros pack small, as a zip bomb does
    monkeypatch.setattr(selfplay_file, "MAX_UNPACKED_BYTES", 100_000)
    unpacked: list[str] = []

    def load_noting(*args: Any, **kwargs: Any) -> Any:
        unpacked.append("np.load")
        raise AssertionError("the archive was opened for its arrays")

    monkeypatch.setattr(np, "load", load_noting)
    with pytest.raises(StoneAgeError, match="unpacks to more than"):
        selfplay_file.load(path)
    assert not unpacked


# --- GameResult: every field by type and range ---------------------------------------------------------


GOOD_RESULT = {"game": 0, "seed": 5, "players": 2, "bots": ["random", "easy"], "bot_seeds": [1, 2],
               "scores": [3, 4], "winners": [1], "steps": 40, "decisions": [10, 11],
               "seconds_per_decision": [0.001, 0.002], "max_seconds": [0.01, 0.02], "incidents": [0, 0]}


def _sound(result: Any) -> None:
    players = result.players
    assert isinstance(players, int) and 1 <= players <= 8
    for name in ("bots", "bot_seeds", "scores", "decisions", "seconds_per_decision", "max_seconds", "incidents"):
        assert len(getattr(result, name)) == players, name
    assert all(0 <= w < players for w in result.winners) and len(set(result.winners)) == len(result.winners)
    assert result.index >= 0 and result.steps >= 0 and result.seed >= 0
    result.shares()


def test_a_result_line_is_checked_field_by_field() -> None:
    from stoneage.sim.errors import TournamentError
    from stoneage.sim.results import GameResult

    assert GameResult.from_json(GOOD_RESULT).to_json() == GOOD_RESULT
    for data in mutations(GOOD_RESULT):
        try:
            result = GameResult.from_json(data)
        except TournamentError as error:
            assert len(str(error)) < 500
            continue
        _sound(result)
    for field, value in (("game", -1), ("players", 99), ("winners", [99]), ("players", True), ("seed", 1.0),
                         ("scores", [1, True]), ("winners", [1, 1]), ("max_seconds", [float("nan"), 1.0])):
        with pytest.raises(TournamentError, match=field):
            GameResult.from_json({**GOOD_RESULT, field: value})
    with pytest.raises(TournamentError):
        GameResult.from_json([1, 2])  # type: ignore[arg-type]


def test_a_ladder_file_with_a_bad_line_is_refused_with_its_line_number(tmp_path: Path) -> None:
    from stoneage.sim.ladder import LadderError
    from stoneage.sim.ladder_file import load_played

    lines = _ladder_lines().splitlines(keepends=True)
    path = tmp_path / "l.jsonl"
    for field, value in (("game", -1), ("players", 99), ("winners", [99]), ("game", "x")):
        bad = {**json.loads(lines[1]), field: value}
        path.write_text(lines[0] + json.dumps(bad) + "\n" + "".join(lines[2:]))
        with pytest.raises(LadderError, match=f"line 2: .*{field}"):
            load_played(path, _ladder_config())
    path.write_bytes(lines[0].encode() + b"\xff\n")
    with pytest.raises(LadderError, match="UTF-8"):
        load_played(path, _ladder_config())


# --- Analysis: every field, and the report over what loads ------------------------------------------------


def an_analysis() -> Any:
    from stoneage.play.analysis import Analysis, Decision, LuckEvent, PlayerSummary

    counts = {"good": 0, "inaccuracy": 0, "mistake": 1, "blunder": 0}
    return Analysis(
        game="first_stone_age", players=2, judge="advisor", seed=10, key="key",
        decisions=[Decision(3, 0, "move", "better", [0.5, 0.5], [0.4, 0.6], [0.52, 0.48], 0.12, "mistake", True),
                   Decision(4, 1, "move", "move", [0.4, 0.6], [0.4, 0.6], [0.4, 0.6], 0.0, "good", False)],
        luck=[LuckEvent(5, ["a die"], [0.1, -0.1])],
        summaries=[PlayerSummary(0, 1, 1, 0.0, 0.12, counts, 0.1, -0.12, [3]),
                   PlayerSummary(1, 1, 0, 100.0, 0.0, dict.fromkeys(counts, 0) | {"good": 1}, -0.1, 0.0, [])],
        curve=[(3, [0.5, 0.5]), (4, [0.4, 0.6]), (9, [1.0, 0.0])], seconds=1.5, finished=True)


def test_an_analysis_is_checked_field_by_field_and_what_loads_can_be_reported() -> None:
    from stoneage.play.analysis import Analysis, AnalysisError
    from stoneage.sim.analyze_command import report

    good = an_analysis().to_json()
    assert Analysis.from_json(good) == an_analysis()
    for data in mutations(good):
        try:
            analysis = Analysis.from_json(data)
        except AnalysisError as error:
            assert len(str(error)) < 500
            continue
        report(analysis, ["A", "B"], True)
        assert Analysis.from_json(analysis.to_json()) == analysis


def test_a_cache_with_the_right_key_and_bad_fields_is_ignored(tmp_path: Path) -> None:
    from stoneage.play.analysis_cache import load_cached

    record = tmp_path / "game.json"
    good = an_analysis().to_json()
    (tmp_path / "game.analysis.json").write_text(json.dumps(good))
    assert load_cached(record, "key") == an_analysis()
    for field, value in (("decisions", [{"step": "x"}]), ("curve", [[1]]), ("summaries", [{}]),
                         ("players", 99), ("curve", [["a", "b"]])):
        (tmp_path / "game.analysis.json").write_text(json.dumps({**good, field: value}))
        assert load_cached(record, "key") is None
    worst = copy.deepcopy(good)
    worst["summaries"][0]["worst"] = [77]  # a step no decision has: the report's lookup would fail
    (tmp_path / "game.analysis.json").write_text(json.dumps(worst))
    assert load_cached(record, "key") is None


# --- bench --compare: every field, and the comparison over what loads ---------------------------------------


def test_a_bench_file_is_checked_field_by_field_and_what_loads_can_be_compared(tmp_path: Path) -> None:
    from stoneage.bench import BenchError, BenchResult, format_comparison, load_bench_file

    good = json.loads(_bench_text())
    path = tmp_path / "b.json"
    now = [BenchResult.from_json(item) for item in good["results"]]
    for data in mutations(good):
        path.write_text(json.dumps(data))
        try:
            earlier = load_bench_file(str(path))
        except BenchError as error:
            assert len(str(error)) < 500
            continue
        format_comparison(now, earlier, str(path))


def test_weights_are_checked_field_by_field(tmp_path: Path) -> None:
    from stoneage.bots.stone_age.learned import WeightsError, load_weights

    good = json.loads(_weights_text())
    path = tmp_path / "w.json"
    for data in mutations(good):
        path.write_text(json.dumps(data))
        try:
            load_weights(path)
        except WeightsError as error:
            assert len(str(error)) < 500


# --- records and saves ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_a_record_format_must_be_the_integer_1(value: Any) -> None:
    from stoneage.core.record import replay

    with pytest.raises(RecordError, match="format"):
        replay({**json.loads(_record_text()), "format": value})


def test_record_messages_name_the_field_not_the_data() -> None:
    from stoneage.core.record import replay

    record = json.loads(_record_text())
    for changes in ({"format": "x" * 7_000_000}, {"actions": ["y" * 1_000_000]}, {"options": {"z" * 7_000_000: 1}},
                    {"result": {**record["result"], "scores": [10**6] * 100_000}},
                    {"actions": [*record["actions"][:3], ["z"] * 100_000]}):
        with pytest.raises(RecordError) as caught:
            replay({**record, **changes})
        assert len(str(caught.value)) < 400, str(caught.value)[:400]


def _deep_list() -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(DEEP):
        inner.append([])
        inner = inner[0]
    return top


def test_a_record_nested_deep_in_memory_is_refused_without_recursion() -> None:
    from stoneage.core.record import replay

    record = json.loads(_record_text())
    for key in ("options", "actions", "result", "seed", "players", "game", "seats"):
        with pytest.raises(RecordError):
            replay({**record, key: _deep_list()})


GAMES = ("stone_age", "first_stone_age", "stone_age_junior")


@pytest.mark.parametrize("name", GAMES)
def test_a_state_nested_deep_in_memory_is_refused_without_recursion(name: str) -> None:
    game = load_game(name, players=2, seed=1)
    good = game.new_initial_state().to_json()
    for key in good:
        with pytest.raises(StateFormatError):
            game.state_from_json({**good, key: _deep_list()})
    deep: dict[str, Any] = {}
    inner = deep
    for _ in range(DEEP):
        inner["a"] = {}
        inner = inner["a"]
    with pytest.raises(StateFormatError):
        game.state_from_json(deep)


@pytest.mark.parametrize("name", GAMES)
def test_game_parameters_nested_deep_in_memory_are_refused_without_recursion(name: str) -> None:
    from stoneage.core.errors import GameOptionError, shorten

    for key in ("expansions", "variants", "seed", "players", "first_player"):
        with pytest.raises(GameOptionError):
            load_game(name, **{"players": 2, key: _deep_list()})
    assert len(shorten(_deep_list())) < 60


@pytest.mark.parametrize("name", GAMES)
def test_a_state_seed_of_true_is_not_the_seed_1(name: str) -> None:
    game = load_game(name, players=2, seed=1)
    good = game.new_initial_state().to_json()
    for field, value in (("seed", True), ("players", 2.0)):
        with pytest.raises(StateFormatError, match="params"):
            game.state_from_json({**good, "params": {**good["params"], field: value}})


# --- the commands, end to end ------------------------------------------------------------------------


def test_the_commands_refuse_hostile_inputs_with_one_line(tmp_path: Path) -> None:
    fifo = hostile("fifo", tmp_path, "pipe.json")
    zero = hostile("dev_zero", tmp_path, "zero.json")
    deep = hostile("deep", tmp_path, "deep.jsonl")
    cases = [
        ("tournament", "--bots", f"learned:weights={zero},random", "--games", "1"),
        ("tournament", "--bots", f"learned:weights={fifo},random", "--games", "1"),
        ("replay", str(fifo)),
        ("replay", str(zero)),
        ("play", "--plain", "--resume", str(fifo)),
        ("play", "--plain", "--resume", str(zero)),
        ("bench", "--compare", str(fifo), "--games", "1", "--bots", ""),
        ("bench", "--compare", str(zero), "--games", "1", "--bots", ""),
        ("ladder", "--levels", "random,child", "--players", "2", "--game", "first_stone_age", "--games", "2",
         "--out", str(deep)),
    ]
    for args in cases:
        done = cli(*args)
        assert_typed_failure(done)


if __name__ == "__main__":  # pragma: no cover - the child of run_bounded
    print(outcome(sys.argv[1], Path(sys.argv[2])))
