"""Tournaments, ratings, statistics, plots and the distributed backend.

``run_tournament(TournamentConfig(bots=("greedy", "random"), games=100))`` plays the games;
``summarize``, ``ratings`` and ``plot`` turn the results into numbers and pictures. Optional
dependencies (openskill, matplotlib, tqdm, ray) are imported only when used.
"""

from stoneage.sim.config import TournamentConfig, split_bots
from stoneage.sim.errors import TournamentError
from stoneage.sim.play import play_game
from stoneage.sim.plots import plot
from stoneage.sim.ratings import Rating, ratings
from stoneage.sim.results import GameResult, load_results, write_results
from stoneage.sim.runner import TournamentInterrupted, TournamentResult, run_tournament
from stoneage.sim.schedule import GameSetup, cycle_length, setup
from stoneage.sim.stats import BotSummary, summarize, wilson

__all__ = [
    "BotSummary",
    "GameResult",
    "GameSetup",
    "Rating",
    "TournamentConfig",
    "TournamentError",
    "TournamentInterrupted",
    "TournamentResult",
    "cycle_length",
    "load_results",
    "play_game",
    "plot",
    "ratings",
    "run_tournament",
    "setup",
    "split_bots",
    "summarize",
    "wilson",
    "write_results",
]
