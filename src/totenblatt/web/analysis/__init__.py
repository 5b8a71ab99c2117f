"""The Analysis view of a finished game (issue 45): its routes, page, script and style."""

from totenblatt.web.analysis.routes import SETTINGS, Settings, analysis_router

__all__ = ["SETTINGS", "Settings", "analysis_router"]
