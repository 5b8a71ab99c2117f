"""The campaign at the web table (issue 23): gangs, campaigns and their fights in the browser.

:data:`router` holds the campaign's JSON API and pages; the application includes it.
A campaign fight is an ordinary game of the table's :class:`~totenblatt.web.table.hub.Hub`
(dealt from the gangs by :mod:`.fights`); :mod:`.service` ties the hub, the store
(:mod:`totenblatt.store.campaigns`) and the campaign rules (:mod:`totenblatt.campaign`)
together; :mod:`.pages` draws what everyone may read, ``static/js/campaign.js`` the rest.
"""

from totenblatt.web.campaign.routes import router

__all__ = ["router"]
