// Renders the OpenAPI document: one section per tag, one box per operation with its
// parameters, request body schema and responses. Text goes in with textContent only.
"use strict";

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function resolve(doc, schema) {
  let s = schema || {};
  for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split("/").pop()] || {};
  return s;
}

// A compact, readable form of a schema: a type name, an enum, or an object's fields.
function describe(doc, schema, depth) {
  const s = resolve(doc, schema);
  const name = schema && schema.$ref ? schema.$ref.split("/").pop() : null;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.oneOf) return s.oneOf.map((o) => describe(doc, o, depth)).join(" | ");
  if (s.type === "array") return describe(doc, s.items, depth) + "[]";
  if (s.properties && depth < 3) {
    const req = new Set(s.required || []);
    const fields = Object.entries(s.properties).map(([k, v]) => {
      const d = (resolve(doc, v).description || v.description || "").split("\n")[0];
      return `  ${k}${req.has(k) ? "" : "?"}: ${describe(doc, v, depth + 1)}${d ? "   // " + d : ""}`;
    });
    return (name ? name + " " : "") + "{\n" + fields.join("\n") + "\n}";
  }
  const t = Array.isArray(s.type) ? s.type.join(" | ") : s.type;
  return name || t || "any JSON";
}

function render(doc) {
  const root = document.getElementById("doc");
  root.textContent = "";
  const base = (doc.servers && doc.servers[0] && doc.servers[0].url) || "";
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags && op.tags[0]) || "other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  for (const [tag, ops] of byTag) {
    root.append(el("h2", tag));
    for (const { path, method, op } of ops) {
      const box = el("div", undefined, "op");
      const head = el("div");
      head.append(el("span", method.toUpperCase(), "method"), el("code", base + path));
      if (op.security) head.append(el("span", "  (seat token)", "muted"));
      box.append(head);
      if (op.description) box.append(el("p", op.description));
      if (op.parameters && op.parameters.length) {
        const t = el("table");
        for (const p of op.parameters) {
          const tr = el("tr");
          tr.append(el("td", p.name), el("td", p.in, "muted"), el("td", p.description || ""));
          t.append(tr);
        }
        box.append(el("div", "Parameters", "muted"), t);
      }
      const body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
      if (body) box.append(el("div", "Body (application/json)", "muted"), el("pre", describe(doc, body.schema, 0)));
      const t = el("table");
      for (const [status, r] of Object.entries(op.responses || {})) {
        const content = r.content ? Object.entries(r.content)[0] : null;
        const tr = el("tr");
        tr.append(el("td", status), el("td", content ? content[0] : ""), el("td", content ? describe(doc, content[1].schema, 1).split("\n")[0] : r.description || ""));
        t.append(tr);
      }
      box.append(el("div", "Responses", "muted"), t);
      root.append(box);
    }
  }
}

fetch("/api/openapi.json").then((r) => r.json()).then(render)
  .catch((e) => { document.getElementById("doc").textContent = "Cannot load the API document: " + e; });
