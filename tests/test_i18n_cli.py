"""The ``stoneage`` command in Korean, Brazilian Portuguese and German (issue 14).

``--lang`` on every command (plugins' sub-commands too), the environment when it is absent, the
help and argparse's own words translated, a bad code refused the argparse way, and the command's
output in the chosen language. The tests read the compiled catalogs: run ``python
tools/catalogs.py`` first.

Some assertions read messages other areas translate (their ``locale/parts``); each says so:
the ``play`` command's help (the terminal's part), the games' narration and result lines (the
games' and play kits' parts). Everything else is the command line's own part (``parts/cli``).
"""

from __future__ import annotations

import argparse
import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest

from stoneage.cli import build_parser, main, requested_language
from stoneage.core.i18n import ENVIRONMENT, LANGUAGES, SOURCE, current, use_language

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
USAGE = {"en": "usage: ", "ko": "사용법: ", "pt_BR": "uso: ", "de": "Aufruf: "}
OPTIONS = {"en": "options:", "ko": "옵션:", "pt_BR": "opções:", "de": "Optionen:"}


def sub_commands() -> list[str]:
    """Every sub-command the parser has, the plugins' included."""
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return list(action.choices)


COMMANDS = ["", *sub_commands()]
"""``""`` is the top-level command."""


@pytest.fixture(autouse=True)
def no_language_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``main(args)`` in this process: exit status, stdout, stderr."""
    try:
        status = main(list(args))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def helps(capsys: pytest.CaptureFixture[str], command: str, *lang: str) -> str:
    status, out, err = call(capsys, *([command] if command else []), *lang, "--help")
    assert status == 0, err
    return out


def english_phrases(text: str) -> set[str]:
    """Runs of three or more plain lower-case English-looking words (``print only the final``)."""
    return set(re.findall(r"(?<![\w/.:=-])[a-z]+(?: [a-z]+){2,}(?![\w/:=-])", text))


def latin_phrases(text: str) -> list[str]:
    """Runs of three or more words in Latin letters, for a text that should be in Hangul."""
    return re.findall(r"(?<![\w/.:=,-])[A-Za-z]+(?: [A-Za-z]+){2,}(?![\w/:=-])", text)


# --- --lang and the environment ----------------------------------------------------------------------


def test_the_language_is_read_from_the_command_line_before_parsing() -> None:
    assert requested_language(["simulate", "--lang", "ko"]) == "ko"
    assert requested_language(["--lang=de", "simulate"]) == "de"
    assert requested_language(["--lang", "ko", "simulate", "--lang", "de"]) == "de"
    assert requested_language(["simulate", "--", "--lang", "ko"]) is None
    assert requested_language(["simulate", "--lang"]) is None


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_takes_lang(capsys: pytest.CaptureFixture[str], command: str) -> None:
    out = helps(capsys, command, "--lang", "en")
    assert "--lang" in out and out.startswith(USAGE["en"])


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("code", TRANSLATED)
def test_the_help_of_every_command_is_translated(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                 command: str, code: str) -> None:
    """Depends on the terminal's part for ``play`` and for the top level (which lists ``play``'s
    one-line help); the rest is the command line's part. The tests' toy game (its option docs are
    English only) leaves the registry for it."""
    from stoneage.core import registry

    from toy_game.info import GAME_TYPE

    monkeypatch.delitem(registry._GAMES, GAME_TYPE.name, raising=False)
    english = helps(capsys, command, "--lang", "en")
    translated = helps(capsys, command, "--lang", code)
    assert translated.startswith(USAGE[code]) and "usage:" not in translated
    assert OPTIONS[code] in translated and "options:" not in translated
    assert "show this help message and exit" not in translated
    left = sorted(phrase for phrase in english_phrases(english) if phrase in translated)
    assert left == [], f"untranslated English in {code} help of {command or 'stoneage'}"
    if code == "ko":
        assert latin_phrases(translated) == []


@pytest.mark.parametrize("argv", [["--lang", "xx", "simulate"], ["simulate", "--lang", "xx"], ["--lang=xx"],
                                  ["tournament", "--lang", "klingon", "--bots", "random,random"]])
def test_an_unknown_language_is_a_clean_usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = call(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("usage: ") and "Traceback" not in err
    assert re.search(r"error: argument --lang: unknown language '\w+' \(known: en, ko, pt_BR, de\)", err)


def test_an_unknown_language_in_a_real_process_exits_2_without_a_traceback() -> None:
    result = subprocess.run([sys.executable, "-m", "stoneage", "simulate", "--lang", "xx"],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "unknown language 'xx' (known: en, ko, pt_BR, de)" in result.stderr


@pytest.mark.parametrize(("environment", "args", "code"), [
    ({"LANG": "ko_KR.UTF-8"}, [], "ko"),
    ({"LANGUAGE": "de"}, [], "de"),
    ({"LC_ALL": "pt_BR.UTF-8"}, [], "pt_BR"),
    ({"LANGUAGE": "fr:de", "LANG": "ko_KR.UTF-8"}, [], "de"),
    ({"LANG": "fr_FR.UTF-8"}, [], "en"),
    ({"LANG": "C.UTF-8"}, [], "en"),
    ({"LANG": "ko_KR.UTF-8"}, ["--lang", "en"], "en"),
    ({"LANGUAGE": "de"}, ["--lang", "en"], "en"),
    ({"LANGUAGE": "de"}, ["--lang=pt-br"], "pt_BR"),
    ({"LANG": "ko_KR.UTF-8"}, ["--lang", "de_DE.UTF-8"], "de"),
])
def test_the_environment_chooses_unless_lang_is_given(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      environment: dict[str, str], args: list[str],
                                                      code: str) -> None:
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert helps(capsys, "simulate", *args).startswith(USAGE[code])
    assert helps(capsys, "", *args).startswith(USAGE[code])


def test_a_bad_lang_falls_back_to_the_environment_for_the_error(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    status, _out, err = call(capsys, "simulate", "--lang", "xx")
    assert status == 2 and err.startswith(USAGE["ko"])
    assert "알 수 없는 언어 'xx' (지원: en, ko, pt_BR, de)" in err


def test_lang_before_or_after_the_sub_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert helps(capsys, "replay", "--lang", "de").startswith("Aufruf: stoneage replay")
    status, out, _err = call(capsys, "--lang", "de", "replay", "--help")
    assert status == 0 and out.startswith("Aufruf: stoneage replay")


def test_main_puts_the_language_and_argparse_back(capsys: pytest.CaptureFixture[str]) -> None:
    before = current()
    call(capsys, "--lang", "ko", "simulate", "--players", "9")
    assert current() == before
    assert vars(argparse)["_"] is gettext.gettext and vars(argparse)["ngettext"] is gettext.ngettext
    with use_language("ko"):  # argparse outside our command line stays argparse's own
        text = argparse.ArgumentParser(prog="other").format_help()
    assert text.startswith("usage: other")


# --- argparse's own errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "english", "korean"), [
    (["fly"], "invalid choice: 'fly'", "잘못된 선택: 'fly'"),
    (["tournament"], "the following arguments are required: --bots", "다음 인수가 필요합니다: --bots"),
    (["simulate", "--bogus"], "unrecognized arguments: --bogus", "알 수 없는 인수: --bogus"),
    (["simulate", "--seed"], "argument --seed: expected one argument", "인수 --seed: 인수 하나가 필요합니다"),
    (["simulate", "--players", "9"], "players must be 2, 3 or 4, not '9'",
     "플레이어 수는 2, 3, 4 중 하나여야 합니다. '9'은(는) 안 됩니다"),
    ([], "the following arguments are required: COMMAND", "다음 인수가 필요합니다: 명령"),
])
def test_argparse_errors_are_translated(capsys: pytest.CaptureFixture[str], argv: list[str], english: str,
                                        korean: str) -> None:
    status, _out, err = call(capsys, *argv)
    assert status == 2 and english in err and err.startswith("usage: ") and ": error: " in err
    status, _out, err = call(capsys, *argv, "--lang", "ko") if argv else call(capsys, "--lang", "ko")
    assert status == 2 and korean in err and err.startswith(USAGE["ko"]) and ": 오류: " in err


def test_the_error_prefix_of_a_failed_command_is_translated(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.json")
    status, _out, err = call(capsys, "replay", missing)
    assert status == 2 and err.startswith("stoneage: error: ")
    status, _out, err = call(capsys, "replay", missing, "--lang", "de")
    assert status == 2 and err.startswith("stoneage: Fehler: ")
    status, _out, err = call(capsys, "simulate", "--lang", "pt_BR", "--game", "stone_age", "--variant", "nope")
    assert status == 2 and err.startswith("stoneage: erro: variante desconhecida 'nope' para stone_age (conhecidas: ")


# --- the commands' output ------------------------------------------------------------------------------


def test_simulate_in_korean(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    status, out, err = call(capsys, "simulate", "--lang", "ko", "--players", "2", "--seed", "3",
                            "--record", str(record))
    assert status == 0, err
    assert out.startswith("석기시대 시뮬레이션: 무작위로 두는 플레이어 2명, 시드 3\n")  # the game's Korean name
    assert "\n== 1라운드 ==\n" in out and "스텝 후 최종 점수:" in out
    assert f"게임 기록을 {record}에 저장했습니다" in out
    status, out, err = call(capsys, "replay", str(record), "--lang", "ko")
    assert status == 0, err
    assert re.search(r"석기시대의 액션 \d+개를 재생했습니다 \(플레이어 2명, 시드 3\)\.", out)


def test_simulate_in_korean_has_no_english_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    """Depends on the games' and play kits' parts: the narration and the result lines are theirs."""
    status, out, err = call(capsys, "simulate", "--lang", "ko", "--players", "3", "--seed", "5")
    assert status == 0, err
    assert "플레이어 1" in out
    assert latin_phrases(out) == []


def test_simulate_in_english_is_unchanged_by_the_environment_when_lang_en(capsys: pytest.CaptureFixture[str],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _status, plain, _err = call(capsys, "simulate", "--players", "2", "--seed", "11", "--quiet")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    _status, forced, _err = call(capsys, "simulate", "--players", "2", "--seed", "11", "--quiet", "--lang", "en")
    assert plain == forced
    assert plain.startswith("Simulated Stone Age: 2 uniformly random players, seed 11\n")
    assert "\nFinal scores after " in plain and "Player " in plain


def test_a_tournament_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, "tournament", "--lang", "de", "--bots", "random,random", "--games", "2")
    assert status == 0, err
    assert out.startswith("Turnier: 2 Partien stone_age (2 Spieler), Bots random#1, random#2; Seed 0; ")
    assert re.search(r"\nBot +Partien +Siege +Siegquote +95%-KI +Mittel +Median +Mittel Sieg +s/Entscheidung\n", out)
    assert re.search(r"\nWertungen \(openskill Plackett-Luce, nach Endpunktzahl gereiht\)\n"
                     r"Bot +mu +sigma +Ordinal +Partien\n", out)
    assert re.search(r"2 Partien in [\d.]+ s gespielt \(", out)
    status, out, err = call(capsys, "tournament-game", "--lang", "pt_BR", "--bots", "random,random", "--index", "1")
    assert status == 0, err
    assert out.startswith("Partida 1 do torneio com semente 0: stone_age, 2 jogadores, semente da partida ")
    assert "lugar 1  random#" in out and "semente do bot" in out


def test_tables_keep_their_columns_in_hangul() -> None:
    from stoneage.bench import BenchResult, BotTiming, format_bots, format_throughput
    from stoneage.core.text import cells as width

    result = BenchResult(players=2, games=3, games_per_second=10.0, steps_per_second=1000.0, steps_per_game=100.0,
                         clone_microseconds=2.0, state_bytes=800.0,
                         bots=[BotTiming("random", decisions=3, median_ms=0.1, worst_ms=0.2),
                               BotTiming("memory", note="skipped: plays first_stone_age only")])
    with use_language("ko"):
        throughput = format_throughput([result])
        bots = format_bots([result])
    assert "인원" in throughput[0] and "복제 µs" in throughput[0]
    assert width(throughput[0]) == width(throughput[1])
    assert "결정 수" in bots[0] and "건너뜀: first_stone_age 전용" in bots[2]
    assert width(bots[0]) == width(bots[1])


@pytest.mark.parametrize("command", ["serve", "bench", "tournament"])
def test_the_help_column_stays_straight_after_hangul_metavars(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    from stoneage.core.text import cells as width

    monkeypatch.setenv("COLUMNS", "80")

    out = helps(capsys, command, "--lang", "ko")
    starts = set()
    for line in out.splitlines():
        found = re.match(r"(  -\S*(?: \S+)? {2,})\S", line)
        if found and not line.startswith("  --game {"):
            starts.add(width(found.group(1)))
    assert len(starts) == 1, out
    assert all(width(line) <= 80 for line in out.splitlines() if "--game {" not in line), out  # one long part
    usage = out[:out.index("\n\n")].splitlines()
    assert all(line.startswith(" " * width("사용법: stoneage " + command + " ")) for line in usage[1:]), out


def test_a_korean_plot_has_its_letters(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import warnings

    from stoneage.sim import TournamentConfig, run_tournament
    from stoneage.sim.plots import font_family, plot

    results = run_tournament(TournamentConfig(bots=("random", "random"), games=2)).results
    with use_language("ko"):
        if font_family(["점수"]) is None:
            pytest.skip("no Hangul font installed (fonts-nanum)")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            plot(results, tmp_path / "ko.png")
    assert (tmp_path / "ko.png").stat().st_size > 0
    assert not [w for w in caught if "missing from font" in str(w.message)]
