"""Alembic environment: runs on the connection :mod:`totenblatt.store.database` passes in."""

from __future__ import annotations

from alembic import context

from totenblatt.store.models import Base


def run_migrations() -> None:
    """Migrate over ``config.attributes["connection"]`` inside its open transaction."""
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError(
            "totenblatt migrations run from totenblatt.store (Store opens the database), "
            "not from the alembic command line"
        )
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # only when Alembic runs this file, not when it is imported
    run_migrations()
