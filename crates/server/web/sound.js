// Move sounds made with the Web Audio API (no sound files to ship): a short knock for a move, a
// double knock for a capture, a soft chime at the end of the game, a beep when time runs low.
// Silent until the player has interacted with the page (browsers require it) or when switched off.
"use strict";

import { settings } from "./settings.js";

let ctx = null;

function audio() {
  if (!settings.sound) return null;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  } catch {
    return null;
  }
}

function tone(freq, start, length, gain = 0.18, type = "triangle") {
  const a = audio();
  if (!a) return;
  const o = a.createOscillator();
  const g = a.createGain();
  o.type = type;
  o.frequency.value = freq;
  const t = a.currentTime + start;
  g.gain.setValueAtTime(gain, t);
  g.gain.exponentialRampToValueAtTime(0.001, t + length);
  o.connect(g).connect(a.destination);
  o.start(t);
  o.stop(t + length + 0.02);
}

export const sound = {
  move: () => tone(220, 0, 0.09),
  capture: () => { tone(260, 0, 0.07); tone(180, 0.06, 0.1); },
  end: () => { tone(523, 0, 0.25, 0.1, "sine"); tone(659, 0.15, 0.35, 0.1, "sine"); },
  low: () => tone(880, 0, 0.12, 0.08, "square"),
};
