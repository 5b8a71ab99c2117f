"""The door for rule questions: what the interfaces ask, answered by the engine's own rules.

The terminal, the browser table and the learning environment show numbers, give
hints and plan moves; none of them computes a rule to do so. They ask here, and
get typed, frozen values (never text: words are the text layer's):

=====================  ============================================================
question               ask
=====================  ============================================================
a move being planned   :func:`route` (straight or round walls), :func:`pay` (the club
                       the engine accepts), :func:`ruler` (path, costs, club,
                       allowance, legality and why not, may it hide, the action),
                       :func:`move_costs`, :func:`nearest_enemy`, :func:`inches_up`
an attack considered   :func:`aim` (distance, band, line of fire, cover, each card's
                       exact odds, why not), :func:`sight`, :func:`sights`,
                       :func:`attack_odds`
a button               :func:`defence_outcome` (the wounds a heart leads to),
                       :func:`bid_effect` (value, best bid, taken anyway),
                       :func:`bid_matters`, :func:`initiative_if_nobody_bids`,
                       :func:`bid_values`
a table's room         :func:`defence_room` (the most Cover choices, a Queen of Hearts)
a measuring tape       :func:`tape` (distance, line of fire, cover, each weapon's band
                       between two points or figures)
a takeback             :func:`retractable` (a decision that drew or showed no hidden card)
a replay               :func:`dealt_view` (the game as it began), :func:`public_record`
                       and :func:`read_public_record` (the public replay file)
a table being made     :func:`check_table` (the loader's checks and the warnings),
                       :func:`spot_sight` (cover, line of fire, range, hiding over the
                       table from one spot), :func:`table_warnings`
=====================  ============================================================

Answers use public facts and the asking seat's own view only, so they may be shown
to that seat. A refusal is the engine's own error (its ``message`` says why) or a
:class:`Refusal` when there is no action to refuse.
"""

from totenblatt.wanted.ask.buttons import (
    JOKER_BID,
    BidEffect,
    DefenceOutcome,
    DefenceRoom,
    bid_effect,
    bid_values,
    defence_outcome,
    defence_room,
)
from totenblatt.wanted.ask.editing import (
    SpotError,
    SpotSight,
    TableCheck,
    TableWarning,
    WarningKind,
    check_table,
    grid_spots,
    searchable,
    spot_sight,
    table_warnings,
)
from totenblatt.wanted.ask.measuring import End, Tape, TapeError, WeaponBand, tape
from totenblatt.wanted.ask.moving import (
    MovePlan,
    Payment,
    Route,
    Threat,
    clubs,
    nearest_enemy,
    pay,
    route,
    ruler,
)
from totenblatt.wanted.ask.record import (
    PUBLIC_FORMAT,
    PublicRecord,
    dealt_view,
    public_record,
    read_public_record,
)
from totenblatt.wanted.ask.refusal import Refusal
from totenblatt.wanted.ask.shooting import Aim, AttackOption, aim, attack_odds
from totenblatt.wanted.engine.queries import (
    EnemySight,
    bid_matters,
    inches_up,
    initiative_if_nobody_bids,
    move_costs,
    retractable,
    sight,
    sights,
)

__all__ = [
    "JOKER_BID",
    "PUBLIC_FORMAT",
    "Aim",
    "AttackOption",
    "BidEffect",
    "DefenceOutcome",
    "DefenceRoom",
    "End",
    "EnemySight",
    "MovePlan",
    "Payment",
    "PublicRecord",
    "Refusal",
    "Route",
    "SpotError",
    "SpotSight",
    "TableCheck",
    "TableWarning",
    "Tape",
    "TapeError",
    "Threat",
    "WarningKind",
    "WeaponBand",
    "aim",
    "attack_odds",
    "bid_effect",
    "bid_matters",
    "bid_values",
    "check_table",
    "clubs",
    "dealt_view",
    "defence_outcome",
    "defence_room",
    "grid_spots",
    "inches_up",
    "initiative_if_nobody_bids",
    "move_costs",
    "nearest_enemy",
    "pay",
    "public_record",
    "read_public_record",
    "retractable",
    "route",
    "ruler",
    "searchable",
    "sight",
    "sights",
    "spot_sight",
    "table_warnings",
    "tape",
]
