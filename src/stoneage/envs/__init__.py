"""Research adapters: every registered game as a PettingZoo AEC environment and as a Gymnasium
environment (one seat against the package's bots), plus their benchmark.

They need the ``rl`` extra (numpy, pettingzoo, gymnasium); the core engine stays free of
dependencies. Import the submodule you want: ``stoneage.envs.pettingzoo`` or
``stoneage.envs.gymnasium``.
"""

ENV_VERSION = 0
"""The version in every environment's name (``stone_age_v0``); raised when observations, actions
or rewards change meaning."""
