// The game page's first request, started while the page is still being read (the server puts
// this script inline in the page's head, allowed by its hash): the game's state, asked with
// every seat token this browser holds for it (as game.js's first refresh does). game.js takes
// these answers instead of asking again (`takeEarly`); the rules facts come by the page's
// <link rel="preload">. An invite link first takes its seat, so it starts nothing here.
"use strict";
(() => {
  if (new URLSearchParams(location.search).has("invite")) return;
  const url = "/api/games/" + location.pathname.split("/").pop();
  let held = [];
  try { held = JSON.parse(localStorage.getItem("ccg:tokens:" + url.split("/").pop())) || []; } catch { /* none */ }
  const early = new Map();
  const ask = (token) => {
    const answer = fetch(url, { headers: token ? { Authorization: "Bearer " + token } : {} });
    answer.catch(() => {}); // a network failure is game.js's to report, when it takes the answer
    early.set(`${url}|${token || ""}`, answer);
  };
  if (held.length) held.forEach(ask);
  else ask(null);
  window.ccgEarly = early;
})();
