"""Bots that play Wanted from a seat's view and the legal actions only."""

from totenblatt.wanted.bots.base import Bot, play_game
from totenblatt.wanted.bots.heuristic import HeuristicBot
from totenblatt.wanted.bots.random_bot import RandomBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_game"]
