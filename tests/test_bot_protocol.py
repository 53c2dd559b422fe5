"""The ``stoneage-bot/1`` protocol: messages, the ``cmd:`` spec, and the handshake with a real program."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from stoneage.bots import BotSpecError, make_bot
from stoneage.bots.external import PROTOCOL, BotFailure, CommandBot, FallbackBot, parse_command_spec, protocol
from stoneage.bots.match import play_match
from stoneage.core.contract import State
from stoneage.core.registry import load_game

ROOT = Path(__file__).resolve().parent.parent
STDLIB_BOT = ROOT / "examples" / "bots" / "stdlib_bot.py"


def first_decision(game: str = "first_stone_age") -> State:
    state = load_game(game, players=2, seed=4).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    return state


def test_a_message_is_one_compact_json_line() -> None:
    line = protocol.encode({"type": "hello", "text": "Hütte\nzwei"})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"type": "hello", "text": "Hütte\nzwei"}


@pytest.mark.parametrize("line", [b"not json", b"[1, 2]", b"\xff\xfe", b"42", b"[" * 100_000])
def test_a_line_that_is_no_json_object_is_garbage(line: bytes) -> None:
    with pytest.raises(BotFailure) as caught:
        protocol.decode(line)
    assert caught.value.kind == "garbage"


def test_the_request_lists_legal_actions_as_numbers_and_notation_and_hides_the_game_seed() -> None:
    state = first_decision()
    name, params = protocol.game_of(state)
    assert name == "first_stone_age" and "seed" not in params and params["players"] == 2
    message, legal = protocol.request(7, name, state, state.current_player(), 250)
    assert message["id"] == 7 and message["budget_ms"] == 250 and message["seat"] == state.current_player()
    assert message["legal_actions"] == legal == state.legal_actions()
    assert message["legal_notation"] == [state.action_to_string(a) for a in legal]
    assert message["observation"] == state.observation(state.current_player())
    json.dumps(message)  # language-neutral: plain JSON


def test_an_action_may_be_a_number_or_notation() -> None:
    state = first_decision()
    legal = state.legal_actions()
    notation = [state.action_to_string(a) for a in legal]
    assert protocol.read_action({"action": legal[1]}, state, legal, notation) == legal[1]
    assert protocol.read_action({"action": notation[2]}, state, legal, notation) == legal[2]
    for bad, kind in ((-1, "illegal"), (10**9, "illegal"), ("fly away", "garbage"), (True, "garbage"),
                      (None, "garbage"), (1.5, "garbage"), ([1], "garbage")):
        with pytest.raises(BotFailure) as caught:
            protocol.read_action({"action": bad}, state, legal, notation)
        assert caught.value.kind == kind, bad


def test_the_hello_is_checked() -> None:
    hello = protocol.read_hello({"type": "hello", "protocol": PROTOCOL, "name": "x" * 999, "games": ["stone_age"]})
    assert len(hello.name) == protocol.MAX_FIELD and hello.plays("stone_age") and not hello.plays("toy_race")
    assert protocol.read_hello({"type": "hello", "games": ["*"]}).plays("anything")
    for bad in ({"protocol": "uci", "games": ["*"]}, {"games": []}, {"games": "stone_age"}, {"games": [3]}):
        with pytest.raises(BotFailure) as caught:
            protocol.read_hello(bad)
        assert caught.value.kind == "handshake"


def test_cmd_specs_split_like_a_shell_and_take_options() -> None:
    argv, options = parse_command_spec("cmd:python3 'my bot.py' --depth 3")
    assert argv == ["python3", "my bot.py", "--depth", "3"]
    assert options == {"fallback": "random", "budget": 1.0, "hello": 5.0, "restarts": 2, "log": ""}
    argv, options = parse_command_spec("cmd[budget=0.25; fallback=mcts:iterations=20;restarts=0]:node bot.js")
    assert argv == ["node", "bot.js"]
    assert options["budget"] == 0.25 and options["fallback"] == "mcts:iterations=20" and options["restarts"] == 0


@pytest.mark.parametrize(("spec", "words"), [
    ("cmd:", "no command"),
    ("cmd[budget=1:python3 x.py", "closing ]"),
    ("cmd[speed=2]:python3 x.py", "speed"),
    ("cmd[budget=0]:python3 x.py", "budget"),
    ("cmd[budget=soon]:python3 x.py", "budget"),
    ("cmd[restarts=1.5]:python3 x.py", "restarts"),
    ("cmd[fallback=cmd:python3 y.py]:python3 x.py", "built-in"),
    ("cmd[fallback=grandmaster]:python3 x.py", "grandmaster"),
    ("cmd:python3 'unclosed", "quotation"),
    ("cmd:/no/such/program --x", "no program"),
    ("cmd:no-such-program-anywhere", "no program"),
    ("cmd python3 x.py", "unknown bot"),
])
def test_bad_cmd_specs_are_refused_with_a_reason(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError, match=words):
        make_bot(spec, trusted=True)


def test_making_a_cmd_bot_runs_nothing_until_its_first_decision(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    bot = make_bot(f"cmd:{sys.executable} -c \"open({str(marker)!r}, 'w')\"", trusted=True)
    assert isinstance(bot, FallbackBot) and bot.primary._program is None
    assert not marker.exists()
    bot.close()


def test_handshake_game_and_request_with_the_stdlib_bot(tmp_path: Path) -> None:
    log = tmp_path / "talk.log"
    bot = make_bot(f"cmd[log={log}]:{sys.executable} {STDLIB_BOT}", seed=11, trusted=True)
    assert isinstance(bot, FallbackBot)
    state = first_decision()
    action = bot.step(state, state.current_player())
    assert action in state.legal_actions() and not bot.incidents
    assert bot.name == "stdlib-bot"
    assert isinstance(bot.primary, CommandBot) and bot.primary.hello is not None
    assert bot.primary.hello.version == "1.0" and bot.primary.hello.games == ("*",)
    bot.close()
    lines = log.read_text(encoding="utf-8").splitlines()
    sent = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    got = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    assert [m["type"] for m in sent] == ["hello", "new_game", "request", "quit"]
    assert sent[0]["protocol"] == PROTOCOL and sent[1]["seed"] == protocol.program_seed(11)
    assert sent[1]["seat"] == state.current_player()
    assert [m["type"] for m in got] == ["hello", "action"] and got[1]["id"] == sent[2]["id"]
    assert bot.primary._program is None


def test_a_second_game_is_announced_and_game_over_is_sent(tmp_path: Path) -> None:
    log = tmp_path / "talk.log"
    bot = make_bot(f"cmd[log={log}]:{sys.executable} {STDLIB_BOT}", seed=3, trusted=True)
    for seed in (1, 2):
        final = play_match(load_game("first_stone_age", players=2, seed=seed), [bot, make_bot("random", 1)])
        bot.game_over(final)
    bot.close()
    types = [json.loads(line[2:])["type"] for line in log.read_text(encoding="utf-8").splitlines()
             if line.startswith("> ")]
    assert types.count("hello") == 1 and types.count("new_game") == 2 and types.count("game_over") == 2
    assert types[-1] == "quit"


def test_the_transcript_in_the_docs_is_what_the_engine_says(tmp_path: Path) -> None:
    """docs/bot-protocol.md shows a real conversation: play it again and compare, line by line."""
    text = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    shown = text.split("<summary>The full transcript</summary>")[1].split("```text\n")[1].split("\n```")[0]
    log = tmp_path / "talk.log"
    bots = [make_bot("greedy", 6), make_bot(f"cmd[log={log}]:{sys.executable} {STDLIB_BOT}", 42, trusted=True)]
    final = play_match(load_game("first_stone_age", players=2, seed=7), bots)
    for bot in bots:
        bot.game_over(final)
        bot.close()

    def normal(line: str) -> tuple[str, object]:
        message = json.loads(line[2:])
        message.pop("engine_version", None)  # the one field a new release changes
        return line[:2], message

    played = log.read_text(encoding="utf-8").splitlines()
    assert [normal(line) for line in played] == [normal(line) for line in shown.splitlines()]
    assert len(played) > 20


def test_the_minimal_bot_of_the_docs_plays_a_game(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    source = text.split("## Writing a bot")[1].split("```python\n")[1].split("\n```")[0]
    script = tmp_path / "mine.py"
    script.write_text(source, encoding="utf-8")
    bot = make_bot(f"cmd:{sys.executable} {script}", seed=2, trusted=True)
    assert isinstance(bot, FallbackBot)
    try:
        final = play_match(load_game("stone_age_junior", players=2, seed=2), [bot, make_bot("random", 1)])
    finally:
        bot.close()
    assert final.is_terminal() and not bot.incidents and bot.name == "mine"
