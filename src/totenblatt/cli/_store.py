"""What the commands on the database share: opening it, and ``--yes`` before what lasts.

SQLAlchemy and Alembic load only when a command opens the store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from rich.text import Text

from totenblatt.cli.app import console, fail, print_json
from totenblatt.messages import Message

if TYPE_CHECKING:
    from totenblatt.cli._option_groups import StoreOut
    from totenblatt.cli.options import Lang
    from totenblatt.store import Store
    from totenblatt.store.holders import Holder, Holders

__all__ = ["change", "confirm", "delete", "held_text", "open_store", "show_held"]

T = TypeVar("T")


class _Named(Protocol):
    """A stored item known by its name (a gang, a character sheet)."""

    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=_Named)


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


def delete(
    out: StoreOut,
    yes: bool,
    find: Callable[[Store], N],
    refusal: Callable[[N], Message],
    remove: Callable[[Store, str], _Named],
    sentence: Callable[[Lang, str], str],
) -> None:
    """Delete what ``find`` finds in the store of ``--db`` once ``--yes`` is given (else
    ``refusal(found)``, exit 2); tell it: ``{"deleted": name}`` with ``--json``, else
    ``sentence(language, name)``."""
    language = out.language()
    with open_store(out.db) as store:
        found = find(store)
        confirm(yes, refusal(found))
        gone = remove(store, found.name)
    if out.json:
        print_json({"deleted": gone.name})
        return
    console.print(sentence(language, gone.name))


def show_held(
    out: StoreOut,
    find: Callable[[Store], N],
    holder_of: Callable[[Holders, N], Holder | None],
    data: Callable[[N], dict[str, Any]],
    show: Callable[[N, Lang, bool], None],
) -> None:
    """Show what ``find`` finds in the store of ``--db`` (a gang, a character sheet) with
    the game night that holds it: ``data`` with ``held_by`` (none while free) as JSON,
    else ``show`` and a line naming the holder."""
    from totenblatt.store.holders import Holders

    with open_store(out.db) as store:
        found = find(store)
        holder = holder_of(Holders(store), found)
    language = out.language()
    if out.json:
        print_json(data(found) | ({} if holder is None else {"held_by": holder.to_dict()}))
        return
    show(found, language, out.json)
    if holder is not None:
        console.print(Text(held_text(holder, language)))


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
