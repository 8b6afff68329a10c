// "My games": the games this browser holds a seat in, kept in localStorage with what the lobby
// shows about them (game, opponent, result, date), updated whenever a game page sees a change.
"use strict";

const GAMES_KEY = "ccg:games";
/// Most games remembered; the oldest are forgotten first (their seat tokens stay).
const MAX = 200;

export function myGames() {
  try {
    const all = JSON.parse(localStorage.getItem(GAMES_KEY) || "{}");
    return Object.values(all).sort((a, b) => b.updated - a.updated);
  } catch {
    return [];
  }
}

export function rememberGame(s, colors) {
  let all;
  try { all = JSON.parse(localStorage.getItem(GAMES_KEY) || "{}"); } catch { all = {}; }
  const seat = (c) => (s[c].kind === "engine" ? { engine: s[c].level } : { human: true });
  all[s.id] = {
    id: s.id, game: s.game, name: s.name, options: s.options, colors, white: seat("white"), black: seat("black"),
    status: s.status, result: s.result, reason: s.reason, ply: s.ply, side_to_move: s.side_to_move,
    created_at: s.created_at, updated: s.moves.length ? s.moves[s.moves.length - 1].at : s.created_at,
  };
  const ids = Object.keys(all);
  if (ids.length > MAX) {
    ids.sort((a, b) => all[a].updated - all[b].updated).slice(0, ids.length - MAX).forEach((id) => delete all[id]);
  }
  try { localStorage.setItem(GAMES_KEY, JSON.stringify(all)); } catch { /* storage full or disabled */ }
}
