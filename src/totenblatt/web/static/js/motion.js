// What a new view shows happening (moves that slide, shots that flash, sounds), and the rules'
// explanations that open on a tap. Sounds are made with WebAudio (no files) and are off until
// the reader turns them on (remembered in this browser).

import { el } from "./util.js";

const SOUND_KEY = "totenblatt.sounds";

/** The events of ``after`` that ``before`` (the seat's previous view) did not have. */
export function newEvents(before, after) {
  if (!before || !after || after.version <= before.version) return [];
  const seen = before.events?.length ?? 0;
  return (after.events || []).slice(seen);
}

/** figure name -> the path it moved, from ``events`` (the last move of each counts). */
export function movedPaths(events) {
  const paths = new Map();
  for (const e of events) {
    if (e.type !== "figures_moved") continue;
    for (const m of e.moves) paths.set(m.figure, m.path);
  }
  return paths;
}

/** Tiny sounds, synthesised; silent unless turned on. */
export class Sounds {
  constructor() {
    let stored = null;
    try {
      stored = localStorage.getItem(SOUND_KEY);
    } catch {
      stored = null;
    }
    this.on = stored === "on";
    this.context = null;
  }

  toggle() {
    this.on = !this.on;
    try {
      localStorage.setItem(SOUND_KEY, this.on ? "on" : "off");
    } catch {
      // private mode: for this page only
    }
    if (this.on) this.play("card");
    return this.on;
  }

  audio() {
    if (!this.context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      this.context = new Context();
    }
    return this.context;
  }

  /** ``kind``: card, move, shot, hit, turn. */
  play(kind) {
    if (!this.on) return;
    const ctx = this.audio();
    if (!ctx) return;
    const now = ctx.currentTime;
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    if (kind === "shot" || kind === "hit") {
      const length = Math.floor(ctx.sampleRate * (kind === "shot" ? 0.25 : 0.12));
      const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 3);
      const noise = ctx.createBufferSource();
      noise.buffer = buffer;
      gain.gain.setValueAtTime(kind === "shot" ? 0.5 : 0.3, now);
      noise.connect(gain);
      noise.start(now);
      return;
    }
    const tone = ctx.createOscillator();
    const notes = { card: [660, 0.06], move: [330, 0.12], turn: [880, 0.18] }[kind] || [440, 0.1];
    tone.type = kind === "move" ? "triangle" : "sine";
    tone.frequency.setValueAtTime(notes[0], now);
    if (kind === "turn") tone.frequency.setValueAtTime(notes[0] * 1.25, now + notes[1] / 2);
    gain.gain.setValueAtTime(0.15, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + notes[1]);
    tone.connect(gain);
    tone.start(now);
    tone.stop(now + notes[1]);
  }
}

/** A tap (or Enter) on a word of the rules (``.term``) opens its explanation in a bubble beside
 * it; a tap elsewhere or Escape closes it. Hovering shows the same words as a tooltip. */
export function explainTerms(root = document) {
  let bubble = null;
  const close = () => {
    bubble?.remove();
    bubble = null;
  };
  const open = (node) => {
    close();
    const box = node.getBoundingClientRect();
    bubble = el("div", { class: "explain", role: "tooltip", id: "explain" }, node.title || "");
    document.body.append(bubble);
    const width = Math.min(320, window.innerWidth - 16);
    bubble.style.maxWidth = `${width}px`;
    const left = Math.min(Math.max(8, box.left), window.innerWidth - width - 8);
    const below = box.bottom + 6;
    bubble.style.left = `${left}px`;
    const height = bubble.getBoundingClientRect().height;
    bubble.style.top = `${below + height > window.innerHeight ? Math.max(8, box.top - height - 6) : below}px`;
  };
  root.addEventListener("click", (event) => {
    const node = event.target.closest?.(".term");
    if (node) {
      event.stopPropagation();
      open(node);
    } else close();
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
    const node = event.target.closest?.(".term");
    if (node && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      event.stopImmediatePropagation(); // not a confirmation of the page's decision
      open(node);
    }
  });
  return close;
}
