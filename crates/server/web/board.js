// Draws any board from the server's layout: a grid of rows x cols places, each cell at its place
// (row 0 at the top from White's side). Nothing here knows a geometry, so square boards of any
// size, the cube's layers side by side, the tesseract's Sudoku grid or hexagons laid out on the
// grid all draw the same way.
"use strict";

const CCGBoard = (() => {
  const S = 40; // size of one place
  const M = 16; // margin for labels
  const NS = "http://www.w3.org/2000/svg";

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.append(e);
    return e;
  }

  // Top-left corner of a cell's place, flipped if asked.
  function origin(board, cell, flipped) {
    const c = board.cells[cell];
    const row = flipped ? board.rows - 1 - c.row : c.row;
    const col = flipped ? board.cols - 1 - c.col : c.col;
    return [M + col * S, row * S];
  }

  // view: { board, pieces, selected, targets: Set, last: {from,to}, check: Set, flipped }
  function draw(svg, view) {
    const { board, flipped } = view;
    svg.innerHTML = "";
    const hex = staggered(board);
    const pad = hex ? S / 2 : 0; // hexagons reach half a place beyond their row
    svg.setAttribute("viewBox", `0 ${-pad} ${M + board.cols * S + pad / 2} ${board.rows * S + M + 2 * pad}`);
    svg.classList.add("board");
    const cells = el("g", {}, svg);
    board.cells.forEach((c, i) => {
      const [x, y] = origin(board, i, flipped);
      const shape = (attrs) => hex
        ? el("polygon", { points: hexagon(x + S / 2, y + S / 2), ...attrs }, cells)
        : el("rect", { x, y, width: S, height: S, ...attrs }, cells);
      shape({ class: "cell", "data-cell": c.name, "data-index": i, fill: hex ? HEX_FILLS[hexColour(c)]
        : (c.row + c.col) % 2 === 0 ? "var(--light)" : "var(--dark)" });
      const overlay = (fill) => shape({ fill, "pointer-events": "none" });
      if (view.last && (view.last.from === i || view.last.to === i)) overlay("var(--hl-last)");
      if (view.selected === i) overlay("var(--hl-from)");
      if (view.check && view.check.has(i)) overlay("var(--check)");
    });
    // Margin labels, when the layout gives one per column / row.
    if (board.col_labels.length === board.cols) {
      board.col_labels.forEach((t, col) => {
        const cc = flipped ? board.cols - 1 - col : col;
        el("text", { x: M + cc * S + S / 2, y: board.rows * S + M - 4 + pad, "text-anchor": "middle", class: "label" }, svg).textContent = t;
      });
    }
    if (board.row_labels.length === board.rows) {
      board.row_labels.forEach((t, row) => {
        const rr = flipped ? board.rows - 1 - row : row;
        el("text", { x: M / 2, y: rr * S + S / 2 + 3, "text-anchor": "middle", class: "label" }, svg).textContent = t;
      });
    }
    const layer = el("g", {}, svg);
    for (const p of view.pieces) {
      if (view.dragging === p.cell) continue;
      drawPiece(layer, ...origin(board, p.cell, flipped), p);
    }
    if (view.targets) {
      for (const t of view.targets) {
        const [x, y] = origin(board, t, flipped);
        const occupied = view.pieces.some((p) => p.cell === t);
        if (occupied) {
          el("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.45, fill: "none", stroke: "var(--dot)", "stroke-width": 3,
            "pointer-events": "none", class: "target", "data-target": board.cells[t].name }, svg);
        } else {
          el("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.14, fill: "var(--dot)", "pointer-events": "none",
            class: "target", "data-target": board.cells[t].name }, svg);
        }
      }
    }
  }

  // A layout where every cell's row + col has the same parity places hexagons on a doubled grid:
  // a cell's neighbours are two rows up and down and one row and column diagonally. Such cells are
  // drawn as hexagons that tile, coloured in three colours; every other layout as squares.
  function staggered(board) {
    const p = (c) => (c.row + c.col) % 2;
    return board.cells.length > 1 && board.cells.every((c) => p(c) === p(board.cells[0]));
  }
  const HEX_FILLS = ["var(--light)", "var(--mid)", "var(--dark)"];
  function hexColour(c) {
    const r = (c.row - c.col) / 2; // axial coordinates (q = col)
    return (((c.col - r) % 3) + 3) % 3;
  }
  function hexagon(cx, cy) {
    const a = (2 * S) / 3;
    return [[a, 0], [a / 2, S], [-a / 2, S], [-a, 0], [-a / 2, -S], [a / 2, -S]]
      .map(([dx, dy]) => `${cx + dx},${cy + dy}`).join(" ");
  }

  // A piece: a disc in its colour with its letter (pawns too, so every kind reads the same way).
  function drawPiece(parent, x, y, p) {
    const g = el("g", { class: "piece", "data-piece": `${p.color}:${p.letter}` }, parent);
    el("circle", { cx: x + S / 2, cy: y + S / 2, r: S * 0.4, class: `piece-disc ${p.color}`, "stroke-width": 1.5 }, g);
    el("text", { x: x + S / 2, y: y + S / 2 + 6.5, "text-anchor": "middle", "font-size": 18,
      class: `piece-letter ${p.color}` }, g).textContent = p.letter;
    return g;
  }

  // The cell index under a client point, if any.
  function cellAt(clientX, clientY) {
    const e = document.elementFromPoint(clientX, clientY);
    const r = e && e.closest && e.closest("[data-index]");
    return r ? Number(r.dataset.index) : null;
  }

  // SVG user coordinates of a client point.
  function toSvg(svg, clientX, clientY) {
    const pt = svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  return { draw, drawPiece, cellAt, toSvg, S };
})();
