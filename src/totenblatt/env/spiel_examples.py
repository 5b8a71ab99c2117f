"""OpenSpiel's algorithms on the duel: ``python -m totenblatt.env.spiel_examples``.

* :func:`mcts_against_random` — OpenSpiel's ``MCTSBot`` (random rollouts) against its
  uniform random bot, seats alternating; the MCTS side's wins, losses and draws.
* :func:`mccfr` — outcome-sampling MCCFR (``OutcomeSamplingSolver``) for a few
  iterations: information states met, and the average policy at the first decision.
* :func:`ismcts_against_random` — OpenSpiel's ``ISMCTSBot`` (it deals its worlds by
  ``resample_from_infostate``) against uniform random, seats alternating.
* :func:`small_cfr` — C++ CFR+ on the small configuration
  (``python_totenblatt_wanted_small``): the average policy's exploitability as it goes.

The first three are examples, not strong play: the duel's tree is far too big for tabular CFR to
converge (every deal and every hand is another information state).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel

from totenblatt.env.spiel import NAME, SMALL_NAME  # registers the games

__all__ = ["ismcts_against_random", "main", "mccfr", "mcts_against_random", "small_cfr"]


def _with_rollouts(deals: int, seed: int) -> tuple[Any, np.random.RandomState, Any]:
    """The duel of ``deals`` deals, the random state of ``seed`` and the random-rollout
    evaluator on it, as both searches against random start."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(NAME, {"deals": deals})
    rng = np.random.RandomState(seed)
    return game, rng, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)


def _count(tally: dict[str, int], result: float) -> None:
    """Count one game's ``result`` for the searching seat: a win, a loss or a draw."""
    tally["wins" if result > 0 else "losses" if result < 0 else "draws"] += 1


def mcts_against_random(
    games: int = 4, simulations: int = 30, deals: int = 1000, seed: int = 0
) -> dict[str, int]:
    """``games`` duels of OpenSpiel's MCTSBot against its uniform random bot."""
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    game, rng, evaluator = _with_rollouts(deals, seed)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )
    tally = {"wins": 0, "losses": 0, "draws": 0}
    for g in range(games):
        seat = g % 2
        other = uniform_random.UniformRandomBot(1 - seat, rng)
        bots: list[Any] = [bot, other] if seat == 0 else [other, bot]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        _count(tally, returns[seat])
    return tally


def ismcts_against_random(
    games: int = 2, simulations: int = 10, deals: int = 20, seed: int = 0
) -> dict[str, int]:
    """``games`` duels of OpenSpiel's ISMCTSBot (random rollouts) against uniform random."""
    from open_spiel.python.algorithms import ismcts

    game, rng, evaluator = _with_rollouts(deals, seed)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=simulations, random_state=rng)
    draws = random.Random(seed).random  # the worlds seeded too (pyspiel's sampler is not)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws))
    tally = {"wins": 0, "losses": 0, "draws": 0}
    for g in range(games):
        seat = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        _count(tally, state.returns()[seat])
    return tally


def small_cfr(iterations: int = 50, deals: int = 4) -> list[tuple[int, float]]:
    """C++ CFR+ on the small configuration: (iterations, exploitability of the average
    policy) at 1, 10, 20, 50, 100, … and at the last iteration."""
    game = pyspiel.load_game(SMALL_NAME, {"deals": deals})
    solver = pyspiel.CFRPlusSolver(game)
    found = []
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i in (1, 10, 20, 50, 100, 200, 500) or i == iterations:
            found.append((i, float(pyspiel.exploitability(game, solver.average_policy()))))
    return found


def mccfr(iterations: int = 20, deals: int = 1000) -> dict[str, Any]:
    """Outcome-sampling MCCFR for ``iterations``: info states met, the first policy."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game(NAME, {"deals": deals})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probs = policy.action_probabilities(state)
    return {
        "iterations": iterations,
        "info_states": len(solver._infostates),
        "first_decision": {int(a): round(float(p), 3) for a, p in probs.items()},
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run both examples and print what they found."""
    parser = argparse.ArgumentParser(
        prog="python -m totenblatt.env.spiel_examples",
        description="OpenSpiel's MCTSBot and outcome-sampling MCCFR on the Wanted duel.",
    )
    parser.add_argument("--games", type=int, default=10, help="MCTS games against random")
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations a move")
    parser.add_argument("--iterations", type=int, default=200, help="MCCFR iterations")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ismcts-games", type=int, default=2, help="ISMCTS games vs random")
    parser.add_argument("--cfr", type=int, default=50, help="CFR+ iterations (small game)")
    parser.add_argument("--deals", type=int, default=4, help="deals of the small game")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = mcts_against_random(args.games, args.simulations, seed=args.seed)
    print(f"MCTSBot ({args.simulations} simulations) vs uniform random: {tally}", end=" ")
    print(f"in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    found = mccfr(args.iterations)
    print(
        f"outcome-sampling MCCFR: {found['iterations']} iterations, "
        f"{found['info_states']} information states, "
        f"in {time.perf_counter() - start:.1f} s"
    )
    start = time.perf_counter()
    tally = ismcts_against_random(args.ismcts_games, seed=args.seed)
    print(f"ISMCTSBot (10 simulations) vs uniform random: {tally}", end=" ")
    print(f"in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    curve = small_cfr(args.cfr, args.deals)
    shown = ", ".join(f"{i}: {e:.4f}" for i, e in curve)
    print(f"CFR+ on {SMALL_NAME} ({args.deals} deals), exploitability after {shown}", end=" ")
    print(f"in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
