"""The links the site hands out to a game: its tokens only in the fragment (``#token=``).

A fragment never goes to the server with a page, nor into its logs or a Referer; the page's
script reads it and sends the tokens with its API requests. What is no secret (the language,
the tutorial) stays in the query, for the server draws the page in it.

>>> game_link("g1", "tok")
'/games/g1#token=tok'
>>> game_link("g1", "a", "b/c", base="https://x.example", lang="de", tutorial=True)
'https://x.example/games/g1?lang=de&tutorial=1#token=a&token=b%2Fc'
>>> game_link("g1", "tok", page="analysis", seat=1)
'/games/g1/analysis?seat=1#token=tok'
>>> moved("/games/g1", [("token", "a"), ("lang", "en"), ("token", "b")])
'/games/g1?lang=en#token=a&token=b'
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import quote, urlencode

__all__ = ["game_link", "moved"]


def _fragment(tokens: Iterable[str]) -> str:
    return "&".join(f"token={quote(t, safe='')}" for t in tokens)


def game_link(
    game_id: str,
    *tokens: str,
    base: str = "",
    lang: str | None = None,
    tutorial: bool = False,
    page: str | None = None,
    seat: int | None = None,
) -> str:
    """The link of game ``game_id`` for ``tokens`` (one seat, hot-seat seats or the
    spectator's): ``base`` (scheme and host, or "") + ``/games/{id}`` (+ ``/{page}``), the
    language, the tutorial and the seat in the query, the tokens in the fragment."""
    path = f"{base}/games/{quote(game_id, safe='')}" + (f"/{page}" if page else "")
    query: list[tuple[str, str]] = []
    if lang is not None:
        query.append(("lang", lang))
    if tutorial:
        query.append(("tutorial", "1"))
    if seat is not None:
        query.append(("seat", str(seat)))
    return moved(path, [*query, *(("token", t) for t in tokens)])


def moved(path: str, query: Iterable[tuple[str, str]]) -> str:
    """``path`` with the pairs of ``query``, every ``token`` moved into the fragment (the
    redirect of an old link that carried its tokens in the query)."""
    pairs = list(query)
    tokens = [value for key, value in pairs if key == "token"]
    rest = urlencode([(key, value) for key, value in pairs if key != "token"])
    return path + (f"?{rest}" if rest else "") + (f"#{_fragment(tokens)}" if tokens else "")
