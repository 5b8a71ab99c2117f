"""What one seat may know: the game as a JSON-serialisable dict.

A view holds the seat's own hand, never another seat's hand or the dead man's
hand (only their sizes), the public state of every figure, the decision at
hand, and the public events plus the seat's own private events. Keys of the
extended rules appear only in games that play them: ``spent`` per figure, bid
``values`` and the attack's ``wild`` (abilities), ``figure_hands`` and
``figure_hand_sizes`` (per-character hands, D-5).
"""

from __future__ import annotations

from typing import Any

from totenblatt.wanted.engine.checks import can_redraw
from totenblatt.wanted.engine.setup import Setup
from totenblatt.wanted.engine.state import Figure, GameState, Phase

__all__ = ["build_view", "decision_of", "figure_view"]


def figure_view(fig: Figure, abilities: bool = False) -> dict[str, Any]:
    """The public state of a figure (``abilities``: with the uses ``spent`` this fight)."""
    out = {
        "name": fig.name,
        "seat": fig.seat,
        "team": fig.team,
        "weapon": fig.weapon,
        "position": [fig.pos[0], fig.pos[1]],
        "hp": fig.hp,
        "hp_max": fig.hp_max,
        "kind": fig.kind.value,
        "abilities": [a.value for a in fig.abilities],
        "hidden": fig.hidden,
        "out": fig.out,
    }
    if abilities:
        out["spent"] = [a.value for a in fig.spent]
    return out


def decision_of(st: GameState) -> dict[str, Any]:
    """What is asked of whom: ``kind`` (the phase), ``seat`` and the details of the decision."""
    out: dict[str, Any] = {"kind": st.phase.value, "seat": st.to_act}
    abilities = st.ruleset.abilities.enabled
    if st.phase is Phase.SWAP:
        out["order"] = list(st.swap_order)
    elif st.phase is Phase.BID:
        out["bids"] = [[seat, str(card)] for seat, card, _ in st.bids]
        out["order"] = list(st.bid_order)
        if abilities:
            out["values"] = [value for _, _, value in st.bids]
    elif st.phase is Phase.FATE and st.fate is not None:
        out["figure"] = st.fate.figure
    elif st.phase is Phase.DEFEND and st.pending is not None:
        p = st.pending
        out["attack"] = {
            "seat": p.seat,
            "card": str(p.card),
            "attacker": p.attacker,
            "target": p.target,
            "weapon": st.by_name[p.attacker].weapon,
            "distance": p.distance,
            "cover": p.cover,
            "target_hidden": p.target_hidden,
        }
        if abilities:
            out["attack"]["wild"] = p.wild
    return out


def build_view(
    st: GameState, setup: Setup, events: list[dict[str, Any]], seat: int
) -> dict[str, Any]:
    """The view of ``seat`` given the events it may see (see the module docstring)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < st.seats:
        raise ValueError(f"seat {seat!r} is not a seat: expected 0 to {st.seats - 1}")
    seen = [str(c) for c in st.seen_public] + [str(c) for c in st.seen_private[seat]]
    decision = decision_of(st)
    if st.fate is not None and st.fate.seat == seat:
        decision["cards"] = [str(c) for c in st.fate.drawn]
    abilities = st.ruleset.abilities.enabled
    view = {
        "seat": seat,
        "seats": st.seats,
        "teams": list(st.teams),
        "scenario": setup.scenario.name,
        "ruleset": setup.ruleset.name,
        "scenario_ref": setup.scenario_ref,
        "ruleset_ref": setup.ruleset_ref,
        "hand_mode": setup.ruleset.round.hand_mode,
        "round": st.round,
        "round_limit": st.round_limit,
        "dealer": st.dealer,
        "active": st.active,
        "to_act": st.to_act,
        "phase": st.phase.value,
        "decision": decision,
        "hand": [str(c) for c in st.seat_cards(seat)],
        "hand_sizes": [len(st.seat_cards(s)) for s in range(st.seats)]
        if st.per_character
        else [len(h) for h in st.hands],
        "dead_hand": len(st.dead_hand),
        "dead_hand_taken": st.dead_taken,
        "draw_pile": len(st.draw_pile),
        "discard_pile": len(st.discard_pile),
        "seen_cards": seen,
        "redraws_used": list(st.redraws_used),
        "can_redraw": st.phase is not Phase.OVER and can_redraw(st, seat),
        "empty_cycles": st.empty_cycles,
        "figures": [figure_view(f, abilities) for f in st.figures],
        "events": events,
        "is_over": st.phase is Phase.OVER,
        "winners": list(st.winners),
        "end_reason": st.end_reason,
    }
    if st.per_character:
        view["figure_hands"] = {
            st.figures[h].name: [str(c) for c in st.hands[h]] for h in st.holders[seat]
        }
        view["figure_hand_sizes"] = {f.name: len(st.hands[i]) for i, f in enumerate(st.figures)}
    return view
