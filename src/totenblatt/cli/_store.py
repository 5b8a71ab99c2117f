"""What the commands on the database share: opening it, and ``--yes`` before what lasts.

SQLAlchemy and Alembic load only when a command opens the store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from totenblatt.cli.app import console, fail, print_json
from totenblatt.messages import Message

if TYPE_CHECKING:
    from totenblatt.cli._option_groups import StoreOut
    from totenblatt.cli.options import Lang
    from totenblatt.store import Store
    from totenblatt.store.holders import Holder

__all__ = ["change", "confirm", "held_text", "open_store", "say_deleted"]

T = TypeVar("T")


def open_store(db: str | None) -> Store:
    """The store of ``--db`` (imported here: the database layer loads only for these commands)."""
    from totenblatt.store import Store

    return Store(db)


def change(out: StoreOut, act: Callable[[Store], T], show: Callable[[T, Lang, bool], None]) -> None:
    """Make one change in the store of ``--db`` (``act``); once it is saved, ``show`` what
    ``act`` returned in the language and form (``--json``) asked for."""
    with open_store(out.db) as store:
        made = act(store)
    show(made, out.language(), out.json)


def confirm(yes: bool, message: Message) -> None:
    """Refuse a change that cannot be undone unless ``--yes`` was given (exit 2, one line)."""
    if not yes:
        fail(message)


def say_deleted(name: str, as_json: bool, sentence: Callable[[], str]) -> None:
    """Tell that ``name`` was deleted: ``{"deleted": name}`` with ``--json``, else
    ``sentence()``."""
    if as_json:
        print_json({"deleted": name})
        return
    console.print(sentence())


def held_text(holder: Holder, lang: Lang | str) -> str:
    """``held by the campaign 'Wild Bunch' (id …) of the web table``: who holds a stored item."""
    from totenblatt.text import words

    w = words(lang)
    if holder.kind == "campaign":
        return w.phrase(
            "held by the campaign {name} (id {id}) of the web table",
            name=repr(holder.name),
            id=holder.id,
        )
    return w.phrase(
        "held by the story {name} (id {id}) of the web table",
        name=repr(holder.name),
        id=holder.id,
    )
