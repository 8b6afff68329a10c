// Player settings kept in this browser: piece style, move sounds, animation, cell names.
"use strict";

const KEY = "ccg:settings";
const DEFAULTS = { pieces: "symbols", sound: true, animation: true, names: false };

function load() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") }; } catch { return { ...DEFAULTS }; }
}

export const settings = load();

export function save(change) {
  Object.assign(settings, change);
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* storage disabled */ }
}
