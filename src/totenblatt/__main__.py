"""``python -m totenblatt`` runs the command-line interface."""

from totenblatt.cli import main

main()
