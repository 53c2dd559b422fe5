"""Stone Age bots' game knowledge: the heuristic evaluation (``evaluation``) the generic greedy and
MCTS bots use, found by game name through ``stoneage.bots.evaluation.EVALUATORS``."""
