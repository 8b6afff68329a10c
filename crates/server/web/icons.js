// Icons as inline SVG (24x24, drawn with currentColor), so they render in every browser and font
// set — no glyphs that a font may lack. `icon(name)` gives the markup; elements marked
// `data-icon="name"` get it prepended by `applyIcons`.
"use strict";

const PATHS = {
  first: '<path d="M6 5v14M18 5l-9 7 9 7z"/>',
  prev: '<path d="M16 5l-9 7 9 7z"/>',
  next: '<path d="M8 5l9 7-9 7z"/>',
  last: '<path d="M18 5v14M6 5l9 7-9 7z"/>',
  flip: '<path d="M7 4v14m0 0l-3-3m3 3l3-3M17 20V6m0 0l-3 3m3-3l3 3"/>',
  draw: '<path d="M4 20L20 4"/><text x="3" y="11" font-size="9" stroke="none" fill="currentColor" font-weight="700">1</text><text x="14" y="21" font-size="9" stroke="none" fill="currentColor" font-weight="700">2</text>',
  resign: '<path d="M6 21V4m0 1h11l-2 4 2 4H6"/>',
  analyse: '<circle cx="10.5" cy="10.5" r="6"/><path d="M15 15l5 5M8 11.5l2-2 1.5 1.5L13.5 8"/>',
  rematch: '<path d="M4 12a8 8 0 0 1 13.7-5.6L20 9M20 4v5h-5M20 12a8 8 0 0 1-13.7 5.6L4 15M4 20v-5h5"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  download: '<path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14"/>',
  book: '<path d="M4 5.5C6.5 4 9.5 4 12 6c2.5-2 5.5-2 8-.5V19c-2.5-1.5-5.5-1.5-8 .5-2.5-2-5.5-2-8-.5zM12 6v13.5"/>',
  gear: '<circle cx="12" cy="12" r="3.2"/><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"/>',
  copy: '<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7"/>',
  cross: '<path d="M6 6l12 12M18 6L6 18"/>',
  wifi_off: '<path d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4-2.3M19 12.5a10 10 0 0 0-3.2-2M12 20h.01"/>',
};

export function icon(name, label = "") {
  const p = PATHS[name] || "";
  const aria = label ? ` role="img" aria-label="${label}"` : ' aria-hidden="true"';
  return `<svg class="icon" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"${aria}>${p}</svg>`;
}

export function applyIcons(root = document) {
  for (const e of root.querySelectorAll("[data-icon]")) {
    if (e.querySelector(":scope > svg.icon")) continue;
    e.insertAdjacentHTML("afterbegin", icon(e.dataset.icon));
  }
}
