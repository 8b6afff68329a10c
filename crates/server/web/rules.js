// Renders the project's rules document (docs/rules.md, served at /rules.md) with a small Markdown
// reader: headings, paragraphs, lists, tables, code. Each heading gets an anchor for every game id
// it names in backticks, so /rules#mgc lands on the section of game mgc.
"use strict";

function esc(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function inline(s) {
  return esc(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>")
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '<a href="$2">$1</a>');
}

function render(md) {
  const out = [];
  const lines = md.split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.startsWith("```")) {
      const code = [];
      for (i++; i < lines.length && !lines[i].startsWith("```"); i++) code.push(esc(lines[i]));
      out.push(`<pre><code>${code.join("\n")}</code></pre>`);
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(" ");
      const text = line.slice(level + 1);
      const ids = [...text.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]);
      const anchors = ids.map((id) => `<a id="${id}"></a>`).join("");
      out.push(`${anchors}<h${level}>${inline(text)}</h${level}>`);
      i++;
    } else if (line.startsWith("|")) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith("|"); i++) {
        if (/^\|[\s|:-]+\|$/.test(lines[i])) continue;
        rows.push(lines[i].slice(1, -1).split("|").map((c) => `<td>${inline(c.trim())}</td>`).join(""));
      }
      out.push(`<table>${rows.map((r) => `<tr>${r}</tr>`).join("")}</table>`);
    } else if (/^\s*([-*]|\d+\.) /.test(line)) {
      const items = [];
      for (; i < lines.length && /^\s*([-*]|\d+\.) /.test(lines[i]); i++) {
        let item = lines[i].replace(/^\s*([-*]|\d+\.) /, "");
        while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]) && !/^\s*([-*]|\d+\.) /.test(lines[i + 1])) item += " " + lines[++i].trim();
        items.push(`<li>${inline(item)}</li>`);
      }
      out.push(`<ul>${items.join("")}</ul>`);
    } else if (line.trim() === "") {
      i++;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() !== "" && !/^(#|\||```|\s*([-*]|\d+\.) )/.test(lines[i]); i++) para.push(lines[i]);
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out.join("\n");
}

fetch("/rules.md").then((r) => r.text()).then((md) => {
  document.getElementById("rules").innerHTML = render(md);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
});
