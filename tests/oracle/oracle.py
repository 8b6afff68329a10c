#!/usr/bin/env python3
"""Line-oriented Fairy-Stockfish oracle for the differential tests of issue 3.

Started by crates/games/tests/pyffish_diff.rs as a child process; one process answers thousands
of queries. It loads the variant configs of tests/oracle/variants.ini (next to this file) into
pyffish (the Fairy-Stockfish move generator, PyPI package `pyffish`, version 0.0.90 in CI).

Protocol: one command per line on stdin, one answer line on stdout per command.

    legal <variant> <fsf-fen>          -> the legal moves, FSF UCI form, sorted, space-separated
                                          (an empty line when there are none)
    perft <variant> <depth> <fsf-fen>  -> the number of leaf nodes at that depth
    fen <variant> <fsf-fen> ; <m1> <m2> ...
                                       -> the FSF FEN after those moves
    end <variant> <fsf-fen> ; <m1> <m2> ...
                                       -> whether the game is over after those moves (the
                                          history counts: repetitions, perpetual check):
                                          `none`, or `win` / `loss` / `draw` for the side to move
    quit                               -> exits

Any failure is answered `error <text>` on one line; the process keeps running.
At start the oracle writes one line: `ready pyffish <major>.<minor>.<patch>`, or
`error <text>` and exits with status 1 when pyffish cannot be imported or the configs do not
load.

One rule is applied here on top of pyffish: Fairy-Stockfish implements "no checkmate by a pawn
drop" (shogiPawnDropMateIllegal) by scoring a pawn-drop mate as a loss for the player who made
it, not by excluding the move from the legal moves. The author's games (docs/rules.md, Modern Shogi)
make such a drop illegal, so for the Modern Shogi variants a pawn drop after which the opponent
stands in check without a legal move is removed from the move list.
"""

import os
import sys

PAWN_DROP_MATE_ILLEGAL = {"modernshogi", "modernshogi1"}


def cell_in_front_of_enemy_king(fen):
    """The cell where a pawn of the side to move would attack the enemy King, or None."""
    fields = fen.split()
    board, side = fields[0].split("[")[0], fields[1]
    rows = board.split("/")
    king = "k" if side == "w" else "K"
    for i, row in enumerate(rows):
        rank = len(rows) - i
        file, j = 0, 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                file += int(row[j:k])
                j = k
                continue
            if c == "+":
                j += 1
                c = row[j]
            if c == king:
                r = rank - 1 if side == "w" else rank + 1
                return f"{chr(ord('a') + file)}{r}" if 1 <= r <= len(rows) else None
            file += 1
            j += 1
    return None


def main():
    try:
        import pyffish as sf
    except Exception as exc:  # noqa: BLE001 - report whatever stops the import
        print(f"error pyffish not importable ({exc!r}); install it with "
              "`python3 -m pip install pyffish==0.0.90`", flush=True)
        return 1
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(here, "variants.ini"), encoding="utf-8") as f:
            sf.load_variant_config(f.read())
        for v in ("modernshogi", "modernshogi1", "guru", "mgc-kingstep"):
            if v not in sf.variants():
                raise RuntimeError(f"variant {v} missing after loading variants.ini")
    except Exception as exc:  # noqa: BLE001
        print(f"error variants.ini does not load: {exc!r}", flush=True)
        return 1

    def legal(variant, fen, path=()):
        """Legal moves after the moves `path` from `fen` (pyffish replays them itself)."""
        path = list(path)
        moves = sf.legal_moves(variant, fen, path)
        if variant in PAWN_DROP_MATE_ILLEGAL and any(m.startswith("P@") for m in moves):
            # A drop never uncovers a line, so the only pawn drop that can check (and so mate)
            # is the one right in front of the enemy King.
            current = sf.get_fen(variant, fen, path) if path else fen
            cell = cell_in_front_of_enemy_king(current)
            drop = f"P@{cell}"
            if cell and drop in moves and pawn_drop_mate(variant, current, drop):
                moves.remove(drop)
        return sorted(moves)

    def pawn_drop_mate(variant, fen, drop):
        return sf.gives_check(variant, fen, [drop]) and not sf.legal_moves(variant, fen, [drop])

    def perft(variant, fen, depth, path=()):
        # One pyffish query per inner node: the leaves are counted from their parent's list.
        moves = legal(variant, fen, path)
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        return sum(perft(variant, fen, depth - 1, list(path) + [m]) for m in moves)

    def game_end(variant, fen, moves):
        """`none`, or the result for the side to move after `moves`: `win`, `loss` or `draw`."""
        def word(value):
            return "win" if value > 0 else "loss" if value < 0 else "draw"

        ended, value = sf.is_immediate_game_end(variant, fen, moves)
        if ended:
            return word(value)
        ended, value = sf.is_optional_game_end(variant, fen, moves)
        if ended:
            return word(value)
        if not legal(variant, fen, moves):
            return word(sf.game_result(variant, fen, moves))
        return "none"

    print("ready pyffish " + ".".join(str(x) for x in sf.version()), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            cmd, _, rest = line.partition(" ")
            if cmd == "quit":
                break
            if cmd == "legal":
                variant, _, fen = rest.partition(" ")
                out = " ".join(legal(variant, fen))
            elif cmd == "perft":
                variant, depth, fen = rest.split(" ", 2)
                out = str(perft(variant, fen, int(depth)))
            elif cmd == "end":
                variant, _, rest = rest.partition(" ")
                fen, _, moves = rest.partition(";")
                out = game_end(variant, fen.strip(), moves.split())
            elif cmd == "fen":
                variant, _, rest = rest.partition(" ")
                fen, _, moves = rest.partition(";")
                out = sf.get_fen(variant, fen.strip(), moves.split())
            else:
                out = f"error unknown command {cmd!r}"
        except Exception as exc:  # noqa: BLE001
            out = f"error {exc!r}"
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
