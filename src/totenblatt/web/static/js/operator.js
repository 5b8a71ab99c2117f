// The operator's page: the stored gangs and character sheets, and which campaign or story
// holds each. The token comes from the address's fragment (#token=…, never sent in a request
// line), else from this browser's keeping, and goes as a bearer token to GET /api/store; the
// page decides nothing.

import { OPERATOR_KEY, apiRequest } from "./api_request.js";
import { el, fill, readJson } from "./util.js";

const STRINGS = readJson("strings") || {};
const LANG = document.documentElement.lang || "en";
const TOKEN =
  new URLSearchParams(location.hash.slice(1)).get("token") || localStorage.getItem(OPERATOR_KEY) || "";

function word(key, name) {
  return (STRINGS[key] || key).replace("{name}", name ?? "");
}

function section(node, title, items) {
  const rows = items.map((item) =>
    el(
      "li",
      { "data-stored": item.name },
      el("strong", {}, item.name),
      " — ",
      item.held_by ? word(item.held_by.kind, item.held_by.name) : word("free"),
    ),
  );
  fill(node, el("h2", {}, title), rows.length ? el("ul", {}, ...rows) : el("p", {}, word("none")));
}

async function show() {
  const status = document.getElementById("status");
  if (!TOKEN) {
    status.textContent = word("no_token");
    return;
  }
  try {
    const store = await apiRequest("GET", "/api/store", undefined, { token: TOKEN, lang: LANG });
    localStorage.setItem(OPERATOR_KEY, TOKEN); // the campaign and story pages bring in with it
    history.replaceState(null, "", location.pathname); // the token leaves the address bar
    status.textContent = word("kept");
    section(document.getElementById("gangs"), word("gangs"), store.gangs);
    section(document.getElementById("sheets"), word("sheets"), store.sheets);
  } catch (error) {
    status.textContent = error.message;
  }
}

show();
