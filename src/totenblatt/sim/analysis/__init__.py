"""The post-game analysis (issue 45): where was a game lost? See docs/analysis.md."""

from totenblatt.sim.analysis.evaluate import Estimate, Evaluation, Moment, evaluate, wilson
from totenblatt.sim.analysis.public import RebuildError, record_points
from totenblatt.sim.analysis.service import (
    BLUNDER,
    DEFAULT_BUDGET,
    INACCURACY,
    MISTAKE,
    Analysis,
    PublicPoint,
    analyse,
    analyse_moments,
    analyse_public_points,
    decision_seed,
    mark,
    moments,
    public_analysis,
    public_points,
)

__all__ = [
    "BLUNDER",
    "DEFAULT_BUDGET",
    "INACCURACY",
    "MISTAKE",
    "Analysis",
    "Estimate",
    "Evaluation",
    "Moment",
    "PublicPoint",
    "RebuildError",
    "analyse",
    "analyse_moments",
    "analyse_public_points",
    "decision_seed",
    "evaluate",
    "mark",
    "moments",
    "public_analysis",
    "public_points",
    "record_points",
    "wilson",
]
