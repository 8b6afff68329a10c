// Player settings kept in this browser: piece style, move sounds, animation, cell names.
"use strict";

const SETTINGS_KEY = "ccg:settings";
const DEFAULTS = { pieces: "symbols", sound: true, animation: true, names: false };

function load() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") }; } catch { return { ...DEFAULTS }; }
}

export const settings = load();

export function save(change) {
  Object.assign(settings, change);
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* storage disabled */ }
}
