// The header every page shares: the locale switch and the settings dialog (piece style, sounds,
// animation, cell names), kept in this browser.
"use strict";

import { t, applyStatic, localeSwitch } from "./i18n.js";
import { applyIcons } from "./icons.js";
import { settings, save } from "./settings.js";
import { STYLES } from "./pieces.js";

/// Wires the header; `onChange` re-renders the page after a locale or settings change.
export function setupHeader(onChange) {
  applyIcons();
  applyStatic();
  const sel = document.getElementById("locale");
  if (sel) localeSwitch(sel, onChange);
  const open = document.getElementById("settings-open");
  if (!open) return;
  const dlg = document.createElement("dialog");
  dlg.id = "settings";
  document.body.append(dlg);
  const build = () => {
    const styleNames = { symbols: "settings.pieces_symbols", glyphs: "settings.pieces_glyphs", letters: "settings.pieces_letters" };
    dlg.innerHTML = `<h2>${t("settings.title")}</h2>
      <label>${t("settings.pieces")} <select id="set-pieces">${STYLES.map((s) => `<option value="${s}">${t(styleNames[s])}</option>`).join("")}</select></label>
      <label class="check"><input type="checkbox" id="set-sound"> ${t("settings.sound")}</label>
      <label class="check"><input type="checkbox" id="set-animation"> ${t("settings.animation")}</label>
      <label class="check"><input type="checkbox" id="set-names"> ${t("settings.names")}</label>
      <div class="row"><button type="button" id="settings-close" class="primary">${t("btn.close")}</button></div>`;
    dlg.querySelector("#set-pieces").value = settings.pieces;
    dlg.querySelector("#set-sound").checked = settings.sound;
    dlg.querySelector("#set-animation").checked = settings.animation;
    dlg.querySelector("#set-names").checked = settings.names;
    dlg.querySelector("#set-pieces").onchange = (e) => { save({ pieces: e.target.value }); onChange?.(); };
    dlg.querySelector("#set-sound").onchange = (e) => save({ sound: e.target.checked });
    dlg.querySelector("#set-animation").onchange = (e) => save({ animation: e.target.checked });
    dlg.querySelector("#set-names").onchange = (e) => { save({ names: e.target.checked }); onChange?.(); };
    dlg.querySelector("#settings-close").onclick = () => dlg.close();
  };
  open.onclick = () => { build(); dlg.showModal(); };
}
