"""The RPG table's tests once called: who draws for a side, the draw itself, jokers, stops,
the reveal and the result (:class:`~totenblatt.rpg.drawing.Drawing` resolves them; the
store writes each step in one transaction, as :mod:`~totenblatt.web.stories.table`'s).

A test's piles are shuffled from the story's secret seed, its number and the side
(:func:`~totenblatt.rpg.drawing.pile_seed`), so the order is never stored and never sent;
the cards a side drew are shown once both sides drew (its own drawer sees them at once).
What a viewer may not see of a secret test (its cards, margin, difficulty) is decided here.
"""

from __future__ import annotations

from typing import Any

from totenblatt.messages import MessageError
from totenblatt.rpg.drawing import DrawError, Drawing, Side, loser, pile_order, pile_seed
from totenblatt.rpg.narrate import margin_word
from totenblatt.rpg.rules import RpgRuleset, WoundBand
from totenblatt.store.stories import ProbeRecord, StoryRecord
from totenblatt.web.shell.errors import ConflictError, ForbiddenError, InvalidError, NotFoundError
from totenblatt.web.shell.words import describe
from totenblatt.web.stories.table import (
    CANCELLED,
    DONE,
    DRAWING,
    Viewer,
    _core,
    _gm,
    _object,
    _wounded,
    shows,
)
from totenblatt.web.stories.words import refusal

__all__ = [
    "cancel",
    "difficulty_hidden",
    "draw",
    "drawing_of",
    "hidden_from",
    "holder",
    "level_hidden",
    "open_test",
    "reveal",
    "secret",
    "spend_joker",
    "stop",
    "table_cards",
]


def open_test(story: StoryRecord) -> ProbeRecord | None:
    """The test being drawn, if any (a story draws one test at a time)."""
    return next((t for t in story.tests if t.status == DRAWING), None)


def _test(story: StoryRecord, test_id: int, lang: str) -> ProbeRecord:
    found = story.test(test_id)
    if found is None:
        raise NotFoundError(refusal("no_test", lang, id=test_id))
    return found


def drawing_of(story: StoryRecord, test: ProbeRecord, lang: str = "en") -> Drawing:
    """The core's :class:`Drawing` of a stored test: its piles from the story's secret seed."""
    rules = RpgRuleset.load(story.ruleset)
    spec, state = test.spec, test.state
    if spec.get("cards") == "table":  # the real cards entered, then the rest of the pile
        entered = state["table"]
        piles = tuple(
            (*entered[s], *(v for v in sorted(rules.pile_values) if v not in entered[s]))
            for s in ("player", "opponent")
        )
    else:
        piles = tuple(pile_order(pile_seed(story.seed, test.number, s), rules) for s in Side)
    try:
        drawing = Drawing.start(
            spec["player"]["level"],
            spec["opponent"]["level"],
            player_pile=piles[0],
            opponent_pile=piles[1],
            pvp=spec["pvp"],
            ruleset=rules,
        )
    except ValueError as exc:
        raise _core(exc, lang) from None
    for side in state["drawn"]:
        drawing = drawing.draw(Side(side))
    for _ in range(state["jokers"]):
        drawing = drawing.spend_joker(jokers=1)
    return drawing.stop() if state["stopped"] else drawing


def holder(story: StoryRecord, test: ProbeRecord, side: Side) -> int | None:
    """Who draws ``side``: the sheet id of its player character, or None for the game master
    (a difficulty, a grenade, an NPC)."""
    spec = test.spec[side.value]
    if spec["kind"] != "character" or test.spec.get("visibility") == "blind":
        return None  # a blind test: the game master draws the player's side too
    sheet = story.sheet(spec["character"])
    return sheet.id if sheet is not None and sheet.character.player else None


def _holds(viewer: Viewer, owner: int | None) -> bool:
    if owner is None:
        return viewer.role == "gm"
    return viewer.role == "player" and viewer.sheet_id == owner


def draw(
    story: StoryRecord, viewer: Viewer, test_id: int, body: Any, lang: str
) -> tuple[Side, tuple[int, ...]]:
    """The viewer draws its side's cards (``{"side": ...}`` picks one when it holds both);
    in a story of real cards ``{"cards": [...]}`` are the cards drawn at the table."""
    data = _object(body if body is not None else {}, ("side", "cards"), lang)
    test = _test(story, test_id, lang)
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    drawing = drawing_of(story, test, lang)
    mine = [s for s in Side if _holds(viewer, holder(story, test, s))]
    wanted = data.get("side")
    if wanted is not None:
        if wanted not in ("player", "opponent"):
            raise InvalidError(refusal("bad_body", lang, problem="side is 'player' or 'opponent'"))
        if Side(wanted) not in mine:
            raise ForbiddenError(refusal("not_your_side", lang))
        if Side(wanted) in drawing.drawn:
            raise ConflictError(refusal("side_drawn", lang))
        side = Side(wanted)
    else:
        open_sides = [s for s in mine if s not in drawing.drawn]
        if not open_sides:
            raise (ConflictError if mine else ForbiddenError)(
                refusal("side_drawn" if mine else "not_your_side", lang)
            )
        side = open_sides[0]
    if test.spec.get("cards") == "table":
        count = drawing.counts[0 if side is Side.PLAYER else 1]
        real = _real_cards(data.get("cards"), count, [], drawing.ruleset, lang)
        entered = dict(test.state["table"]) | {side.value: real}
        test.state = test.state | {"table": entered}
        drawing = drawing_of(story, test, lang)
    elif "cards" in data:
        raise InvalidError(
            refusal("bad_body", lang, problem="this story draws its own cards: no cards given")
        )
    drawing = drawing.draw(side)
    test.state = test.state | {"drawn": [*test.state["drawn"], side.value]}
    if drawing.revealed:
        story.log.append(_revealed(test, drawing))
        _settle(story, test, drawing)
    return side, drawing.cards(side)


def _revealed(test: ProbeRecord, drawing: Drawing) -> dict[str, Any]:
    mine, theirs = drawing.cards(Side.PLAYER), drawing.cards(Side.OPPONENT)
    return {
        "kind": "revealed",
        "number": test.number,
        "player": test.spec["player"]["name"],
        "cards": list(mine),
        "total": sum(mine),
        "opponent": test.spec["opponent"].get("name") or "",
        "their_cards": list(theirs),
        "their_total": sum(theirs),
    }


def _jokers(story: StoryRecord, test: ProbeRecord) -> int:
    """The jokers the tested player may spend: none in a secret test (spending them only
    while behind would tell the player where the test stands)."""
    if _no_jokers(test):
        return 0
    sheet = story.sheet(test.spec["player"]["character"])
    return 0 if sheet is None else sheet.character.jokers


def _no_jokers(test: ProbeRecord) -> bool:
    return test.spec.get("visibility", "public") != "public" or bool(
        test.spec.get("secret_difficulty")
    )


def table_cards(story: StoryRecord) -> bool:
    """The story takes the cards drawn from real piles at the table (``"cards": "table"``)."""
    first = story.log[0] if story.log else {}
    return first.get("kind") == "story" and first.get("cards") == "table"


def _real_cards(
    value: Any, count: int, taken: list[int], rules: RpgRuleset, lang: str
) -> list[int]:
    """The cards a side drew from its real pile, as the pile's values: exactly ``count``,
    none twice in the side's pile (nor among ``taken``, its cards drawn before)."""
    if not isinstance(value, list) or len(value) != count:
        raise InvalidError(
            refusal(
                "bad_body",
                lang,
                problem=f"cards must be a list of the {count} card(s) this side drew, "
                f'like ["J♠", "9♥"], got {value!r:.60}',
            )
        )
    values: list[int] = []
    for card in value:
        try:
            values.append(rules.card_value(card))
        except ValueError as exc:
            raise _core(exc, lang) from None
    seen = list(taken)
    for card, v in zip(value, values, strict=True):
        if v in seen:
            raise InvalidError(
                refusal(
                    "bad_body",
                    lang,
                    problem=f"{str(card)[:8]!r} twice: a pile of {rules.pile_size} cards holds "
                    "each value once, no card is drawn twice in one test",
                )
            )
        seen.append(v)
    return values


def secret(test: ProbeRecord) -> bool:
    """A GM-only or blind test not yet revealed: its cards, margin and result are the game
    master's alone."""
    return test.spec.get("visibility", "public") != "public" and not test.state.get("shown")


def hidden_from(test: ProbeRecord, viewer: Viewer) -> bool:
    """The viewer may not see the test's cards, margin or result (yet)."""
    return viewer.role != "gm" and secret(test)


def difficulty_hidden(test: ProbeRecord, viewer: Viewer) -> bool:
    """The viewer may not see the test's secret difficulty (until resolved or revealed)."""
    return (
        viewer.role != "gm"
        and bool(test.spec.get("secret_difficulty"))
        and not test.state.get("shown")
        and test.status != DONE
    )


def level_hidden(story: StoryRecord, test: ProbeRecord, side: Side, viewer: Viewer) -> bool:
    """The side is an NPC whose skills the viewer may not see: its level stays hidden."""
    spec = test.spec[side.value]
    if spec.get("kind") != "character" or viewer.role == "gm":
        return False
    return not shows(story.sheet(spec["character"]), "skills", viewer)


def _settle(story: StoryRecord, test: ProbeRecord, drawing: Drawing) -> None:
    """End the test once no joker can (or will) be spent: outcome, wound, log."""
    if not drawing.finished(_jokers(story, test)):
        return
    result = drawing.result()
    lost = loser(result)
    spec = test.spec
    wounded = None
    due = None
    if result.wound is not None and lost is not None and lost.value in spec["harm"]:
        if secret(test):  # a wound on the sheet would tell the result: it waits for the reveal
            due = lost.value
        else:
            wounded = _wound_side(story, test, lost.value, result.wound)
    test.status = DONE
    test.result = result.to_dict() | {
        "loser": None if lost is None else lost.value,
        "wounded": wounded,
    }
    if due is not None:
        test.result["due"] = due
    word = margin_word(result, drawing.ruleset)
    tie = result.player_total == result.opponent_total
    story.log.append(
        {
            "kind": "outcome",
            "number": test.number,
            "player": spec["player"]["name"],
            "outcome": result.outcome.value,
            "mine": result.player_total,
            "theirs": result.opponent_total,
            "margin": result.margin,
            "word": None if word is None else word.id,
            "tie": tie and result.skill != result.difficulty,
            "favoured": tie and result.skill == result.difficulty and not result.pvp,
        }
    )
    if wounded is not None and result.wound is not None:
        hurt = story.sheet(wounded)
        assert hurt is not None
        story.log.append(_wounded(hurt.character, result.wound) | {"number": test.number})


def _wound_side(story: StoryRecord, test: ProbeRecord, side: str, band: WoundBand) -> int | None:
    """The losing side's sheet takes the wound (if a character not yet out): its id."""
    spec = test.spec[side]
    sheet = story.sheet(spec["character"]) if spec["kind"] == "character" else None
    if sheet is None or sheet.character.is_out:
        return None
    sheet.character = sheet.character.with_wound(band)
    return sheet.id


def reveal(story: StoryRecord, viewer: Viewer, test_id: int, lang: str) -> None:
    """The game master shows a secret test (its cards, margin, result, its difficulty) to
    everyone; a wound it dealt reaches the sheet now."""
    _gm(viewer, lang)
    test = _test(story, test_id, lang)
    if test.state.get("shown"):
        return
    test.state = test.state | {"shown": True}
    story.log.append({"kind": "reveal", "number": test.number})
    result = test.result
    if test.status == DONE and result is not None and result.get("due"):
        band = WoundBand(result["wound"])
        wounded = _wound_side(story, test, result["due"], band)
        test.result = {k: v for k, v in result.items() if k != "due"} | {"wounded": wounded}
        if wounded is not None:
            hurt = story.sheet(wounded)
            assert hurt is not None
            story.log.append(_wounded(hurt.character, band) | {"number": test.number})


def spend_joker(
    story: StoryRecord, viewer: Viewer, test_id: int, lang: str, body: Any = None
) -> int:
    """The tested player spends one joker: one more card (C6, D-33); the card drawn (in a
    story of real cards ``{"cards": ["7♣"]}``, the card drawn at the table)."""
    data = _object(body if body is not None else {}, ("cards",), lang)
    test = _test(story, test_id, lang)
    sheet = story.sheet(test.spec["player"]["character"])
    assert sheet is not None
    if viewer.role != "player" or viewer.sheet_id != sheet.id:
        raise ForbiddenError(refusal("not_your_jokers", lang, name=sheet.character.name))
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    if _no_jokers(test):
        raise ConflictError(refusal("secret_no_joker", lang))
    drawing = drawing_of(story, test, lang)
    if test.spec.get("cards") == "table" and drawing.may_spend(sheet.character.jokers):
        entered = test.state["table"]
        real = _real_cards(data.get("cards"), 1, entered["player"], drawing.ruleset, lang)
        test.state = test.state | {"table": entered | {"player": [*entered["player"], *real]}}
        drawing = drawing_of(story, test, lang)
    try:
        drawing = drawing.spend_joker(sheet.character.jokers)
        sheet.character = sheet.character.spent_jokers(1)
    except (DrawError, MessageError) as exc:
        raise ConflictError(describe(exc, lang)[:500]) from None
    test.state = test.state | {"jokers": drawing.jokers_spent}
    cards = drawing.cards(Side.PLAYER)
    story.log.append(
        {
            "kind": "joker",
            "number": test.number,
            "name": sheet.character.name,
            "card": cards[-1],
            "total": sum(cards),
        }
    )
    _settle(story, test, drawing)
    return cards[-1]


def stop(story: StoryRecord, viewer: Viewer, test_id: int, lang: str) -> None:
    """The tested player (or the game master) keeps the result: no more jokers."""
    test = _test(story, test_id, lang)
    owner = holder(story, test, Side.PLAYER)
    if viewer.role != "gm" and not _holds(viewer, owner):
        name = test.spec["player"]["name"]
        raise ForbiddenError(refusal("not_yours", lang, name=name))
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    drawing = drawing_of(story, test, lang)
    if not drawing.revealed:
        raise ConflictError(refusal("not_revealed", lang))
    test.state = test.state | {"stopped": True}
    _settle(story, test, drawing.stop())


def cancel(story: StoryRecord, viewer: Viewer, test_id: int, lang: str) -> None:
    """The game master calls a test off before its cards are face up."""
    _gm(viewer, lang)
    test = _test(story, test_id, lang)
    if test.status != DRAWING:
        raise ConflictError(refusal("test_over", lang))
    if len(test.state["drawn"]) == len(Side):
        raise ConflictError(refusal("cannot_cancel", lang))
    test.status = CANCELLED
    story.log.append({"kind": "cancel", "number": test.number})
