"""Totenblatt: rules engine, table companion and balance lab for two card-driven games.

Layers (imports point down only): ``cli``/``web`` → ``sim``/``store`` →
``wanted``/``campaign``/``rpg`` → ``wanted.rules``/``wanted.table`` → ``cards``.
"""

from totenblatt.compiled import install as _install_compiled

__version__ = "0.1.0"

_install_compiled()  # compiled modules only while they are builds of their source
