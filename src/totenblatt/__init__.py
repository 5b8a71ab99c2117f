"""Totenblatt: rules engine, table companion and balance lab for two card-driven games.

Layers (imports point down only): ``cli``/``web`` → ``sim``/``store`` →
``wanted``/``campaign``/``rpg`` → ``wanted.rules``/``wanted.table`` → ``cards``.
"""

__version__ = "0.1.0"
