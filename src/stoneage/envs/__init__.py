"""Research adapters: every registered game as a PettingZoo environment (``pettingzoo``: the AEC
env in ``aec``, its cycle view and Parallel twin in ``cycle``), as a Gymnasium environment (one
seat against the package's bots, ``gymnasium``) and as an OpenSpiel game (``openspiel``), with
their benchmark (``python -m stoneage.envs.bench``). docs/research.md describes them.

PettingZoo and Gymnasium need the ``rl`` extra (numpy, pettingzoo, gymnasium), OpenSpiel the
``spiel`` extra; the core engine stays free of dependencies, so this package imports none of them
until a submodule is imported.
"""

ENV_VERSION = 0
"""The version in every environment's name (``stone_age_v0``); raised when observations, actions
or rewards change meaning."""
