"""Alembic migrations of the Totenblatt database (run automatically by :mod:`totenblatt.store`)."""
