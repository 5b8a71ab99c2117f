"""What the bots cost: whole games per second per scenario, and HeuristicBot decisions per second.

``python -m benchmarks bots`` — seeded games (seeds 1000+), one process, one core.
Pairings: HeuristicBot against HeuristicBot, and HeuristicBot against RandomBot
(seats alternating). "decision" is the bot's ``choose`` alone (view and legal
actions prepared outside the timing); the games include the engine's own work
(legal actions, move candidates on the table, views, events). Also the exact
odds: attacks evaluated per second with :func:`view_attack_odds`.
"""

from __future__ import annotations

import time

from totenblatt.wanted.bots import Bot, RandomBot
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.engine.actions import Action, Attack
from totenblatt.wanted.engine.game import Game, new_game
from totenblatt.wanted.odds import unseen_cards, view_attack_odds

GAMES = {"duel": 40, "gangs": 12, "three-way": 12}


def _bots(game: Game, seed: int, pairing: str) -> list[Bot]:
    if pairing == "heuristic-heuristic":
        return [HeuristicBot(seed * 10 + s) for s in range(game.seats)]
    bots: list[Bot] = [RandomBot(seed * 10 + s) for s in range(game.seats)]
    bots[seed % game.seats] = HeuristicBot(seed)
    return bots


def _play(scenario: str, pairing: str, games: int) -> tuple[float, float, int, float, int]:
    """games/s, mean decisions per game, heuristic decisions, seconds in its choose, wins."""
    start = time.perf_counter()
    decisions = 0
    thinking = 0.0
    heuristic_calls = 0
    wins = 0
    for seed in range(1000, 1000 + games):
        game = new_game(scenario, seed=seed)
        bots = _bots(game, seed, pairing)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions()
            bot = bots[seat]
            if isinstance(bot, HeuristicBot):
                t0 = time.perf_counter()
                action: Action = bot.choose(view, legal)
                thinking += time.perf_counter() - t0
                heuristic_calls += 1
            else:
                action = bot.choose(view, legal)
            game.apply(action)
            decisions += 1
        if pairing != "heuristic-heuristic" and seed % game.seats in game.winners:
            wins += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games, heuristic_calls, thinking, wins


def _odds_rate() -> float:
    """Exact attack odds evaluated per second, from views of a gangs game."""
    game = new_game("gangs", seed=1000)
    bots = _bots(game, 1000, "heuristic-heuristic")
    samples: list[tuple[dict[str, object], list[Attack]]] = []
    while not game.is_over and len(samples) < 40:
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            samples.append((view, attacks))
        game.apply(bots[seat].choose(view, legal))
    table = game.scenario.table(game.ruleset)
    count = 0
    start = time.perf_counter()
    for view, attacks in samples:
        unseen = unseen_cards(view, game.ruleset)
        for attack in attacks:
            view_attack_odds(view, attack, table=table, ruleset=game.ruleset, unseen=unseen)
            count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed if elapsed else 0.0


def main() -> None:
    """Print games per second, decisions per game and heuristic decisions per second."""
    new_game("gangs", seed=0)  # load scenarios and tables once, outside the timings
    print(
        f"{'scenario':<10} {'pairing':<20} {'games/s':>8} {'decisions/game':>15} "
        f"{'bot dec/s':>10} {'heuristic won':>14}"
    )
    for scenario, games in GAMES.items():
        for pairing in ("heuristic-heuristic", "heuristic-random"):
            rate, per_game, calls, thinking, wins = _play(scenario, pairing, games)
            won = "—" if pairing == "heuristic-heuristic" else f"{wins}/{games}"
            per_second = calls / thinking if thinking else 0.0
            print(
                f"{scenario:<10} {pairing:<20} {rate:8.2f} {per_game:15.0f} "
                f"{per_second:10.0f} {won:>14}"
            )
    print(f"exact attack odds (view_attack_odds, gangs views): {_odds_rate():,.0f} per second")
