// Totenblatt — the Analysis view of a finished game: the graph of each side's chance, the
// marked decisions, stepping from decision to decision. Asks /api/games/{id}/analysis until
// it answers 200 (202 while the server weighs the decisions). No build step.
"use strict";

(() => {
  const boot = JSON.parse(document.getElementById("an-boot").textContent);
  const STR = JSON.parse(document.getElementById("an-strings").textContent);
  // the token is in the address's fragment (#token=…): it never goes to the server with the
  // page, only with the API's requests (Authorization: Bearer)
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const W = 640, H = 240, PAD = 28;

  function t(key, values = {}) {
    const template = STR[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
  }
  function pct(p) {
    const n = Math.round(p * 100);
    return boot.lang === "de" ? `${n} %` : `${n}%`;
  }
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "onclick") node.addEventListener("click", v);
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) node.append(c);
    return node;
  }
  function svg(tag, attrs = {}) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  }

  const state = { data: null, at: 0, markedOnly: false };
  const url = `/api/games/${encodeURIComponent(boot.game_id)}/analysis?lang=${boot.lang}` +
    (boot.seat === null || boot.seat === undefined ? "" : `&seat=${boot.seat}`);

  /** The title of the analysis the server answered: a seat's own, or the public one. */
  function title(data) {
    if (data.public || data.seat === null || data.seat === undefined) return t("title_public");
    return t("title_seat", { seat: boot.labels[data.seat] ?? `#${data.seat}` });
  }

  function tools() {
    const back = el("a", { class: "an-btn", id: "an-back", href: `/games/${encodeURIComponent(boot.game_id)}?lang=${boot.lang}#token=${encodeURIComponent(token)}` }, t("back"));
    $("an-tools").replaceChildren(back);
  }

  async function poll() {
    let response;
    try {
      response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    } catch (e) {
      showError(String(e));
      return;
    }
    const body = await response.json().catch(() => ({}));
    if (response.status === 202) {
      showProgress(body.progress ?? 0);
      setTimeout(poll, 700);
      return;
    }
    if (!response.ok) {
      showError(body.error ?? String(response.status));
      return;
    }
    $("an-status").replaceChildren();
    $("an-title").textContent = title(body);
    state.data = body;
    const decisions = body.decisions;
    const firstMark = decisions.findIndex((d) => d.mark);
    state.at = firstMark >= 0 ? firstMark : 0;
    render();
    document.body.dataset.state = "ready";
  }

  function showProgress(p) {
    document.body.dataset.state = "computing";
    const bar = el("progress", { id: "an-progress", max: "1", value: String(p) });
    $("an-status").replaceChildren(el("p", {}, t("computing", { percent: pct(p) })), bar);
  }
  function showError(message) {
    document.body.dataset.state = "error";
    $("an-status").replaceChildren(el("p", { role: "alert" }, t("failed", { error: message })));
  }

  // -- the graph ------------------------------------------------------------------------

  function xy(curve) {
    const first = curve.length ? curve[0].index : 0;
    const last = curve.length ? curve[curve.length - 1].index : 1;
    const span = Math.max(1, last - first);
    return {
      x: (index) => PAD + ((index - first) / span) * (W - 2 * PAD),
      y: (p) => PAD / 2 + (1 - p) * (H - PAD * 1.5),
      first,
      last,
    };
  }

  function graph() {
    const data = state.data;
    const curve = data.curve;
    const scale = xy(curve);
    const root = svg("svg", { id: "an-graph", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("graph") });
    for (const p of [0, 0.5, 1]) {
      root.append(svg("line", { class: "an-axis", x1: PAD, x2: W - PAD, y1: scale.y(p), y2: scale.y(p) }));
      const label = svg("text", { x: 2, y: scale.y(p) + 4 });
      label.textContent = pct(p);
      root.append(label);
    }
    for (let s = 0; s < data.seats; s++) {
      const points = curve.map((c) => `${scale.x(c.index).toFixed(1)},${scale.y(c.win[s]).toFixed(1)}`).join(" ");
      root.append(svg("polyline", { class: `an-line an-seat-${s % 6}`, points, "data-seat": s }));
    }
    if (data.seat !== null) {
      data.decisions.forEach((d, i) => {
        const r = d.mark ? 6 : 3;
        const colour = d.mark ? `an-${d.mark}` : `an-seat-${data.seat % 6}`;
        root.append(svg("circle", { class: `an-dot ${colour}`, cx: scale.x(d.index), cy: scale.y(d.chosen_win), r, "data-index": d.index, "data-mark": d.mark ?? "", "data-at": i }));
      });
      const d = data.decisions[state.at];
      if (d) root.append(svg("line", { id: "an-cursor", x1: scale.x(d.index), x2: scale.x(d.index), y1: PAD / 2, y2: H - PAD }));
    }
    root.addEventListener("click", (event) => {
      if (data.seat === null || !data.decisions.length) return;
      const box = root.getBoundingClientRect();
      const x = ((event.clientX - box.left) / box.width) * W;
      let best = 0, gap = Infinity;
      data.decisions.forEach((d, i) => {
        const g = Math.abs(scale.x(d.index) - x);
        if (g < gap) { gap = g; best = i; }
      });
      go(best);
    });
    const legend = el("div", { class: "an-legend" });
    for (let s = 0; s < data.seats; s++) {
      legend.append(el("span", {}, el("span", { class: `an-swatch an-seat-${s % 6}` }), boot.labels[s] ?? `#${s}`));
    }
    const wrap = $("an-graph-wrap");
    const parts = [el("h2", {}, t("graph")), root, legend];
    if (data.seat !== null) parts.push(el("p", { class: "an-help" }, t("graph_help")));
    else parts.push(el("p", { class: "an-help", id: "an-public-note" }, t("public_note")));
    wrap.replaceChildren(...parts);
    wrap.hidden = false;
  }

  // -- a decision -----------------------------------------------------------------------

  function markBadge(mark) {
    return mark ? el("span", { class: "an-mark", "data-mark": mark }, t(mark)) : "";
  }

  function side(label, text, win, lo, hi, n, hit, distance) {
    const parts = [el("strong", {}, label), el("div", {}, text), el("div", {}, t("win", { win: pct(win), lo: pct(lo), hi: pct(hi), n }))];
    if (hit !== null && hit !== undefined) parts.push(el("div", {}, t("hit", { chance: pct(hit), distance: distance ?? "?" })));
    return el("div", {}, ...parts);
  }

  function detail() {
    const data = state.data;
    const box = $("an-detail");
    if (data.seat === null || !data.decisions.length) { box.hidden = true; return; }
    const d = data.decisions[state.at];
    const weighed = (action) => d.weighed.find((w) => JSON.stringify(w.action) === JSON.stringify(action)) ?? {};
    const chosen = weighed(d.chosen), best = weighed(d.best);
    const marks = data.decisions.map((x, i) => (x.mark ? i : -1)).filter((i) => i >= 0);
    const prevMark = [...marks].reverse().find((i) => i < state.at);
    const nextMark = marks.find((i) => i > state.at);
    const steps = el("div", { class: "an-steps" },
      el("button", { class: "an-btn", type: "button", id: "an-prev-mark", disabled: prevMark === undefined, onclick: () => go(prevMark) }, t("previous_mark")),
      el("button", { class: "an-btn", type: "button", id: "an-prev", disabled: state.at === 0, onclick: () => go(state.at - 1) }, t("previous")),
      el("button", { class: "an-btn", type: "button", id: "an-next", disabled: state.at >= data.decisions.length - 1, onclick: () => go(state.at + 1) }, t("next")),
      el("button", { class: "an-btn", type: "button", id: "an-next-mark", disabled: nextMark === undefined, onclick: () => go(nextMark) }, t("next_mark")));
    const same = JSON.stringify(d.chosen) === JSON.stringify(d.best);
    const pair = el("div", { class: "an-pair" },
      side(t("played"), d.chosen_text, d.chosen_win, d.interval[0], d.interval[1], d.rollouts, chosen.hit, chosen.distance),
      same ? el("div", {}, el("strong", {}, t("best")), el("div", {}, t("same")))
        : side(t("best"), d.best_text, d.best_win, d.best_interval[0], d.best_interval[1], best.rollouts ?? d.rollouts, best.hit, best.distance));
    box.replaceChildren(el("h2", {}, t("decision", { index: d.index + 1, round: d.round }), " ", markBadge(d.mark)), steps, pair);
    box.dataset.index = String(d.index);
    box.hidden = false;
  }

  function list() {
    const data = state.data;
    const wrap = $("an-list-wrap");
    if (data.seat === null) { wrap.hidden = true; return; }
    const filter = el("button", { class: "an-btn", type: "button", id: "an-filter", "aria-pressed": String(state.markedOnly), onclick: () => { state.markedOnly = !state.markedOnly; list(); } }, t("marked_only"));
    const items = el("ol", { id: "an-list" });
    data.decisions.forEach((d, i) => {
      if (state.markedOnly && !d.mark) return;
      const button = el("button", { class: "an-item", type: "button", "data-index": d.index, "data-mark": d.mark ?? "", "aria-current": String(i === state.at), onclick: () => go(i) },
        el("span", { class: "an-num" }, `${d.index + 1} · ${d.round}`), el("span", { class: "an-what" }, `${d.chosen_text} — ${pct(d.chosen_win)}`), markBadge(d.mark));
      items.append(el("li", {}, button));
    });
    const parts = [el("div", { class: "an-list-head" }, el("h2", {}, t("decisions")), filter)];
    if (!data.decisions.some((d) => d.mark)) parts.push(el("p", {}, t("none_marked")));
    const th = data.thresholds;
    parts.push(el("p", { class: "an-help" }, t("thresholds", { i: pct(th.inaccuracy), m: pct(th.mistake), b: pct(th.blunder) })));
    parts.push(items);
    wrap.replaceChildren(...parts);
    wrap.hidden = false;
  }

  function turns() {
    const data = state.data;
    const box = $("an-turns");
    if (!data.turning_points.length) { box.hidden = true; return; }
    const items = el("ul", {});
    for (const p of data.turning_points) {
      const i = data.decisions.findIndex((d) => d.index === p.index);
      items.append(el("li", {}, el("a", { href: "#", "data-index": p.index, onclick: (e) => { e.preventDefault(); if (i >= 0) go(i); } }, p.text)));
    }
    box.replaceChildren(el("h2", {}, t("turning_points")), items);
    box.hidden = false;
  }

  function download() {
    const blob = new Blob([JSON.stringify(state.data, null, 1)], { type: "application/json" });
    const link = el("a", { class: "an-btn", id: "an-download", download: `analysis-${boot.game_id.slice(0, 8)}.json`, href: URL.createObjectURL(blob) }, t("download_json"));
    const base = `/api/games/${encodeURIComponent(boot.game_id)}/analysis/export?lang=${boot.lang}` +
      (boot.seat === null || boot.seat === undefined ? "" : `&seat=${boot.seat}`);
    const report = el("a", { class: "an-btn", id: "an-report", download: "", href: `${base}&format=markdown`, onclick: save }, t("download_report"));
    const graph = el("a", { class: "an-btn", id: "an-png", download: "", href: `${base}&format=png`, onclick: save }, t("download_png"));
    $("an-tools").append(link, report, graph);
  }

  /** A download of the server's: fetched with the token in Authorization: Bearer (never in
   * a link's query), then saved under the name the server gives. */
  async function save(event) {
    event.preventDefault();
    const response = await fetch(event.currentTarget.href, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) {
      const body = await response.json().catch(() => ({}));
      showError(body.error ?? String(response.status));
      return;
    }
    const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "");
    const link = el("a", { href: URL.createObjectURL(await response.blob()), download: named ? named[1] : "analysis" });
    document.body.append(link);
    link.click();
    link.remove();
  }

  function go(i) {
    if (i === undefined || i === null || !state.data) return;
    state.at = Math.max(0, Math.min(state.data.decisions.length - 1, i));
    graph();
    detail();
    list();
    const current = document.querySelector('.an-item[aria-current="true"]');
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  function render() {
    graph();
    detail();
    turns();
    list();
    download();
  }

  tools();
  poll();
})();
