"""The results site's stylesheet and its one script, written beside the pages.

Both are small and local: the site loads nothing from the network (no CDN, no web font), and
opens from `file://`. The script only sorts tables; without it every table reads the same,
unsorted. Sort buttons are real <button>s, so the keyboard reaches and presses them, and
each header states its order in `aria-sort`.
"""

from __future__ import annotations

CSS = """\
:root { color-scheme: light dark; --line: #8884; --mark: #2e7d32; --frozen: #b26a00; }
* { box-sizing: border-box; }
body {
  margin: 0 auto; max-width: 72rem; padding: 0 1rem 2rem;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
a:focus-visible, button:focus-visible, [tabindex]:focus-visible {
  outline: 3px solid #1565c0; outline-offset: 2px;
}
.skip { position: absolute; left: -100rem; }
.skip:focus { left: 1rem; top: 0.5rem; background: Canvas; padding: 0.25rem 0.5rem; }
header nav { padding: 0.75rem 0; border-bottom: 1px solid var(--line); }
header nav a { margin-right: 0.75rem; white-space: nowrap; }
h1 { font-size: 1.6rem; line-height: 1.25; }
h2 { font-size: 1.3rem; margin-top: 2rem; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.5rem; text-align: left;
  vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0;
  color: inherit; cursor: pointer; text-align: left; }
th[aria-sort="ascending"] button::after { content: " ▲"; }
th[aria-sort="descending"] button::after { content: " ▼"; }
td.state-solved { color: var(--mark); font-weight: 600; }
td.state-frozen { color: var(--frozen); font-weight: 600; }
.note { font-size: 0.85rem; max-width: 60rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; }
pre { overflow-x: auto; padding: 0.75rem; border: 1px solid var(--line); font-size: 0.85rem; }
footer { margin-top: 3rem; border-top: 1px solid var(--line); font-size: 0.8rem; }
footer code { word-break: break-all; }
"""

JS = """\
"use strict";
// Sortable tables: each column header becomes a button; a second press reverses the order.
// Cells sort by their data-sort value where they have one, else by their text; empty
// values (–) always go last; equal keys keep their order (the sort is stable).
(function () {
  function key(cell) {
    var value = cell.getAttribute("data-sort");
    return value === null ? cell.textContent.trim() : value;
  }
  function numeric(values) {
    return values.every(function (v) { return v === "" || isFinite(Number(v)); });
  }
  function sortBy(table, heads, index, ascending) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, n) {
      return { row: row, n: n, key: key(row.cells[index]) };
    });
    var byNumber = numeric(rows.map(function (r) { return r.key; }));
    rows.sort(function (a, b) {
      if (a.key === "" || b.key === "") {
        return a.key === b.key ? a.n - b.n : (a.key === "" ? 1 : -1);
      }
      var order = byNumber ? Number(a.key) - Number(b.key)
        : a.key.localeCompare(b.key, undefined, { numeric: true });
      if (!ascending) { order = -order; }
      return order || a.n - b.n;
    });
    rows.forEach(function (r) { body.appendChild(r.row); });
    Array.prototype.forEach.call(heads, function (th, n) {
      if (n === index) {
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      } else {
        th.removeAttribute("aria-sort");
      }
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    if (!table.tHead || !table.tBodies.length) { return; }
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () {
        sortBy(table, heads, index, th.getAttribute("aria-sort") !== "ascending");
      });
    });
  });
})();
"""
