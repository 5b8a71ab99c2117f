"""The scenario editor (issue 46): build a table by pointing, with the rules of cover and fire.

:func:`editor_router` holds the page (``/editor``) and the JSON API under
``/api/scenarios``; the application includes it. Every rule the page shows is the door's
answer (:mod:`totenblatt.wanted.ask`); saving needs the operator's token
(:mod:`totenblatt.web.shell.operator`) and writes into the server's scenario folder
(:mod:`.folder`), where scenarios are found by name from then on.
"""

from totenblatt.web.editor.routes import editor_router

__all__ = ["editor_router"]
