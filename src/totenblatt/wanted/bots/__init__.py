"""Bots that play Wanted from a seat's view and the legal actions only."""

from totenblatt.wanted.bots.base import Bot, bot_seed, play_game
from totenblatt.wanted.bots.fast_search import HardBot, fast_score, hard_bot
from totenblatt.wanted.bots.fast_seats import (
    FastSeat,
    fast_bots,
    fast_seat,
    play_on_fast_path,
)
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.bots.ismcts import ISMCTSBot
from totenblatt.wanted.bots.learned import (
    DUEL_POLICY,
    LearnedBot,
    LinearPolicy,
    Policy,
    PolicyError,
    read_policy,
    save_policy,
    shipped_policy,
)
from totenblatt.wanted.bots.mlp_policy import MLPPolicy
from totenblatt.wanted.bots.random_bot import RandomBot
from totenblatt.wanted.bots.registry import bot_names, check_bot_name, load_policy, make_bot

__all__ = [
    "DUEL_POLICY",
    "Bot",
    "FastSeat",
    "HardBot",
    "HeuristicBot",
    "ISMCTSBot",
    "LearnedBot",
    "LinearPolicy",
    "MLPPolicy",
    "Policy",
    "PolicyError",
    "RandomBot",
    "bot_names",
    "bot_seed",
    "check_bot_name",
    "fast_bots",
    "fast_score",
    "fast_seat",
    "hard_bot",
    "load_policy",
    "make_bot",
    "play_game",
    "play_on_fast_path",
    "read_policy",
    "save_policy",
    "shipped_policy",
]
