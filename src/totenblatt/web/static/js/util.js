// Small helpers shared by the table and the lobby: elements, strings, numbers, cards.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Data the server put into the page (<script type="application/json" id=...>). */
export function readJson(id) {
  const node = document.getElementById(id);
  return node ? JSON.parse(node.textContent) : null;
}

const STRINGS = readJson("strings") || {};

/** The JSON object a WebSocket message holds; null for anything else. */
export function messageObject(event) {
  let data;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  return data && typeof data === "object" && !Array.isArray(data) ? data : null;
}

/** A UI string of the server's text module, with {placeholders} filled in. */
export function t(key, values = {}) {
  const template = STRINGS[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

/** An HTML element: el("button", {class: "btn", onclick}, "text", child…). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/** A button of the page: ``label`` (text or nodes), ``onclick``, its class and more attributes. */
export function button(label, onclick, cls = "btn", extra = {}) {
  return el("button", { class: cls, type: "button", onclick, ...extra }, label);
}

/** An SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

let LANG = document.documentElement.lang || "en";

/** A number with one decimal (a decimal comma in German). */
export function num(value, digits = 1) {
  return new Intl.NumberFormat(LANG, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** Time left on a clock, people's way: "23 h 59 min" from an hour up, else "4 min 12 s". */
export function timeLeft(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h ? t("time_hm", { h, m }) : t("time_ms", { m, s: whole % 60 });
}

/** Inches: 7.5" (7,5" in German). */
export function inches(value) {
  return `${num(value)}"`;
}

/** A probability as a percentage; strictly between 0 and 1 it never shows as 0 or 100
 * (the server's chance_digits; pages of the RPG table show the server's own text). */
export function percent(p, digits = 0) {
  const fmt = (v) => new Intl.NumberFormat(LANG, { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  if (p <= 0 || p >= 1) return fmt(p <= 0 ? 0 : 1);
  const step = 10 ** -digits / 100;
  const rounded = Math.round(p * 100 * 10 ** digits) / 10 ** digits / 100;
  if (rounded <= 0) return `<${fmt(step)}`;
  if (rounded >= 1) return `>${fmt(1 - step)}`;
  return fmt(p);
}

const PIPS = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };

/** {suit, rank, pip} of a card's canonical text ("Q♠", "10♥", "Joker"). */
export function cardParts(text) {
  const pip = text.slice(-1);
  if (!(pip in PIPS)) return { suit: "joker", rank: "★", pip: "🃏" };
  return { suit: PIPS[pip], rank: text.slice(0, -1), pip };
}

/** A card of the hand: a button with data-card (the same markup as the server's). */
export function cardElement(text) {
  const { suit, rank, pip } = cardParts(text);
  return el(
    "button",
    { class: `card ${suit}`, type: "button", dataset: { card: text } },
    el("span", { class: "rank" }, rank),
    el("span", { class: "pip" }, pip),
    el("span", { class: "corner" }, suit === "joker" ? rank : rank + pip),
  );
}

/** Show a short message over the page for a few seconds. */
export function toast(message, kind = "error") {
  const node = el("div", { class: `toast ${kind}`, role: "status" }, message);
  document.body.append(node);
  setTimeout(() => node.remove(), kind === "error" ? 5000 : 2500);
}

/** Copy ``link`` (a toast says so; without a clipboard, a prompt titled ``label`` to copy it
 * by hand). */
export async function copyLink(link, label) {
  try {
    await navigator.clipboard.writeText(link);
    toast(t("copied"), "info");
  } catch {
    prompt(label, link);
  }
}

/** Replace a node's children, skipping null, undefined and false (replaceChildren prints them). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
}

/** Like ``fill``, but leaves the node alone when the new children equal the old ones, so a
 * push that changes nothing there does not take a tap, the focus or a hover from under the
 * player's finger. True when it replaced them. */
export function refill(node, ...children) {
  const kept = children
    .flat()
    .filter((c) => c !== null && c !== undefined && c !== false)
    .map((c) => (c instanceof Node ? c : document.createTextNode(String(c))));
  const old = node.childNodes;
  if (old.length === kept.length && kept.every((c, i) => old[i].isEqualNode(c))) return false;
  node.replaceChildren(...kept);
  return true;
}

/** A game's page for ``tokens`` (its seats' or the spectator's): the tokens in the fragment
 * (never sent with a page), ``query`` (lang, tutorial, seat) in the query. */
export function gameHref(gameId, tokens, query = {}, page = "") {
  const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== null && v !== undefined));
  const hash = tokens.map((token) => `token=${encodeURIComponent(token)}`).join("&");
  return `/games/${encodeURIComponent(gameId)}${page ? `/${page}` : ""}${search.size ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

/** ``href`` (a link the server made) in language ``lang``: set in its query, its fragment kept. */
export function withLang(href, lang) {
  const url = new URL(href, location.href);
  url.searchParams.set("lang", lang);
  return url.origin === location.origin ? url.pathname + url.search + url.hash : url.href;
}

/** Fetch ``url`` with ``token`` in ``Authorization: Bearer`` and save the answer as a file
 * (its name from Content-Disposition, else ``fallback``): no token in a link's query. */
export async function download(url, token, fallback) {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new Error(body.error || response.statusText);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "");
  const link = el("a", { href: URL.createObjectURL(await response.blob()), download: named ? named[1] : fallback });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
