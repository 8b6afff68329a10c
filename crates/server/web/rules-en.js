// The rules for players in English, game by game: what the diagrams cannot say. Pieces, their
// moves, the setup, promotion zones, castlings and options are drawn from the rules facts, so
// these texts never list squares or modes the rules core does not have. Our rulings word for
// word are docs/rules.md.
const mgcCommon = {
  board: ["The board has 10 files, lettered **a b c d e f g h i k** (there is no j), and 10 ranks. White sets up on ranks 1–3, Black on ranks 8–10, and White moves first."],
  pieces: ["Every piece is built from three ideas: sliding along lines (like a rook or bishop), stepping to a neighbouring cell, and leaping to the *ring* of cells exactly two away, over anything in between. The Horse only leaps; the Ninja steps or leaps; the Queen slides in all eight directions or leaps."],
};

const pawnMgc = {
  title: "Pawns",
  text: [
    "A pawn steps to any of the eight neighbouring cells — sideways and backwards too — but only onto an empty cell, and captures one cell diagonally in any of the four directions.",
    "A pawn that has never moved may instead leap, without capturing, to an empty cell of the ring two cells ahead of it (the seven cells two ranks up, or two files aside and one rank up).",
  ],
};

const end = "**Checkmate** wins. Stalemate, the same position three times (same side to move, same rights), and fifty moves by each side without a capture or a pawn move are draws; the players may also agree a draw.";

// Pyramids: four editions, ten rule sets (docs/rules.md, Pyramids). What all share, then each.
const pyrReconstructed = "**Reconstructed setup.** The author's diagrams of the initial positions are lost; the setup shown here is our reconstruction. Everything else follows his texts and our rulings.";
const pyrPieces = [
  "A cell holds one piece: a **slave** (the game's pawn), in the 1st and 2nd editions a **faraon**, or a **stack** of one side's checkers of sizes 1 (small) to 4 (large), written by its sizes: `(4321)`, `(21)`, `(3)`. A stack is drawn from above as nested rings, one ring per size it holds (the largest outside); two checkers of one size show a double rim.",
  "A stack moves by **all** the moves its checkers give it together — the card of each stack lists them, and its diagram shows them.",
];
const pyrMoves = { title: "Four kinds of move", text: [
  "**March**: the whole stack moves to an empty cell. **Capture**: the whole stack moves onto an enemy piece, which leaves the game. **Partition**: a part of a stack moves off by the moves of that part alone, to an empty cell, and the rest stays; a partition never captures or merges. **Amalgamation**: a whole stack moves onto an own stack, if together they make a stack the edition allows. Slaves and faraons never stack.",
  "The notation puts the moving part first: `(21)e1-f3` moves the part (21); the rest stays on e1. On the board, choose the stack and the cell: where several parts could go there, you are asked which part moves. A merge target is drawn as a dashed ring with a plus.",
], pieces: "(43.):d4 (21.):f5", caption: "After a partition: (21) has left the stack (4321) on d4, which stays there as (43)." };
const pyrPromotion = (text) => ({ title: "Promotion", text: [text], zone: "S" });
const pyrChains = (chains) => ({ title: "Capture by jumping, compulsory", text: [
  "Stacks and faraons **march** without capturing and capture by **jumping** over one enemy piece onto an empty cell beyond it, as in draughts. Capture is compulsory; among several captures the player chooses freely. Marches, partitions and merges are not allowed while a capture is possible.",
  chains + " Pieces jumped stay on the board until the move ends (they block and can be jumped only once). Chains are written with every landing cell, `(22)c1:e3:g5`; on the board click each landing in turn, or the last one.",
] });
const pyrEndCheck = ["A move may not leave one's own faraon attacked: **checkmate** wins. A player without a legal move draws, as do the same position three times and fifty moves by each side without a capture or a slave move."];
const pyrEndPharaon = ["There is no check: pharaons may be left attacked. A player who has **no pharaon** on the board after the opponent's move has lost; splitting one's last pharaon is not allowed. A player without a legal move draws, as do the same position three times and fifty moves by each side without a capture or a slave move."];
const pyr1 = (intro, slave, promotion, extra = []) => ({
  intro: [intro], reconstructed: pyrReconstructed,
  board: ["White's slaves stand on the second rank and his faraon in the middle of the first, with a full pino (4321) on each of the other cells of the first rank; Black's army is the mirror image. White moves first."],
  pieces: [...pyrPieces, "In these editions a stack is a **pino**: each size at most once, so there are 15 pinos, (1) to (4321). The **faraon** (F) is the royal piece."],
  special: [pyrMoves, { title: "Slaves", text: [slave] }, pyrPromotion(promotion), ...extra],
  end: pyrEndCheck,
});
const pyrFaraonLeap = { title: "The faraon's leap right", text: ["As long as it has never been in check, the faraon may also leap two or three cells away (the outer rings of its diagram); the first check takes this right away for good."] };
const pyrSlave1 = "A slave steps to any of its eight neighbours without capturing and captures one cell diagonally. On its first move it may instead leap, without capturing, to an empty cell two ranks ahead (the ring of cells in front of it).";
const pyr2ch = (size) => ({
  intro: [`**Pyramids, 2nd edition, cheskers variant ${size}** (12 April 2011): pinos, faraons and slaves that capture by jumping, as in draughts.`], reconstructed: pyrReconstructed,
  board: ["White's slaves stand on the second rank and his faraon in the middle of the first, with a full pino (4321) on each of the other cells of the first rank; Black's army is the mirror image. White moves first."],
  pieces: [...pyrPieces, "Stacks are **pinos** (each size at most once: 15 pinos). The **faraon** (F) only leaps, never captures."],
  special: [pyrMoves, { title: "Slaves", text: ["A slave marches one step to any neighbour and jumps over an adjacent enemy in any of the eight directions, one jump per move."] }, pyrChains("Only stacks holding a checker of size 2 jump on after a jump."), pyrPromotion("A slave reaching the last rank must become a single checker (1), (2), (3) or (4).")],
  end: ["There is no check: the game is won by **taking the opponent's faraon** (the capturing chain is finished first). A player without a legal move draws, as do the same position three times and fifty moves by each side without a capture or a slave move."],
});
const pyr56 = (intro, slave, extra, end) => ({
  intro: [intro], reconstructed: pyrReconstructed,
  board: ["White's slaves stand on the second rank and eight pharaons (4321) on the first; Black's army is the mirror image. White moves first."],
  pieces: [...pyrPieces, "In these editions a stack is a **pyramid**: at most four checkers, at most two of a size — 49 pyramids, each with the author's name, from (1) **turtle** to (4433) **dragon**. The **pharaon** (4321) is the royal piece and moves only by its own rule; a part split off it moves by the part's own moves."],
  special: [pyrMoves, { title: "Slaves", text: [slave] }, ...extra],
  end,
});
const pyrPromotion56 = pyrPromotion("A slave that ends a move on the 5th, 6th or 7th rank coming from another rank may become (1), (2) or (43), or stay a slave; on the last rank it must become one of the 49 pyramids (a new pharaon too).");
const pyrPromotionCh = pyrPromotion("A slave reaching the last rank (also by a hop) must become one of the 49 pyramids.");
const pyrChains56 = pyrChains("A stack with two checkers of one size jumps on without limit; a stack holding sizes 1 and 3, or 2 and 4, may make two jumps, one by the moves of each of the two checkers. The pharaon jumps over an adjacent enemy in any direction but never jumps on.");
const slaveCh56 = "A slave marches one step to any neighbour and may hop, without capturing, over an adjacent piece of either colour onto the empty cell behind it. Slaves never capture.";

const pyramids = {
  pyramids1: pyr1("**Pyramids, 1st edition** (17 March 2011): chess in which the pieces are stacks of checkers — pinos — that move as one, split and merge.", pyrSlave1, "A slave reaching the last rank must become any of the 15 pinos.", [pyrFaraonLeap]),
  "pyramids2-weak7": pyr1("**Pyramids, 2nd edition, weak variant 7×7** (12 April 2011): the small board, faraons that never capture.", pyrSlave1, "A slave reaching the last rank must become a single checker (1), (2), (3) or (4).", [{ title: "The faraon", text: ["The faraon never captures (so it never gives check); as long as it has never been in check it may also leap two cells away without capturing."] }]),
  "pyramids2-weak9": pyr1("**Pyramids, 2nd edition, weak variant 9×9** (12 April 2011): faraons that never capture.", pyrSlave1, "A slave reaching the last rank must become a single checker (1), (2), (3) or (4).", [{ title: "The faraon", text: ["The faraon never captures (so it never gives check); as long as it has never been in check it may also leap two or three cells away without capturing."] }]),
  "pyramids2-strong": pyr1("**Pyramids, 2nd edition, strong variant 9×9** (12 April 2011): stronger checkers and slaves.", "A slave steps and captures to any of its eight neighbours. On its first move it may instead leap, without capturing, to an empty cell two ranks ahead.", "A slave reaching the last rank must become a single checker (1), (2), (3) or (4).", [{ title: "The faraon", text: ["The faraon never captures (so it never gives check); as long as it has never been in check it may also leap two or three cells away without capturing."] }]),
  "pyramids2-cheskers7": pyr2ch("7×7"),
  "pyramids2-cheskers9": pyr2ch("9×9"),
  pyramids5: pyr56("**Pyramids, 5th edition, classical** (6 April 2013): the 49 named pyramids of at most four checkers.", "A slave steps to any of its eight neighbours without capturing and never captures; on its first move it may instead go two cells straight ahead, the middle cell empty.", [pyrPromotion56], pyrEndPharaon),
  "pyramids5-cheskers": pyr56("**Pyramids, 5th edition, cheskers** (6 April 2013): the 49 named pyramids capturing by jumping, as in draughts.", slaveCh56, [pyrChains56, pyrPromotionCh], pyrEndPharaon),
  pyramids6: pyr56("**Pyramids, 6th edition, classical** (12 March 2014): the author's last edition, with knight and camel leaps and pyramids that pass over one piece.", "A slave steps to one of its four orthogonal neighbours without capturing and never captures; on its first move it may instead go two cells straight ahead, the middle cell empty.", [pyrPromotion56], pyrEndPharaon),
  "pyramids6-checkers": pyr56("**Pyramids, 6th edition, checkers** (12 March 2014): the 49 named pyramids capturing by jumping, as in draughts.", slaveCh56, [pyrChains56, pyrPromotionCh], pyrEndPharaon),
};

const bermuda = {
  intro: ["**Bermuda chess** (28 February 2011) is chess on two linked boards: a lower \"human\" board **L** and an upper \"alien\" board **U**. Each side has a complete army on each board, and captures on one board send pieces to the other."],
  reconstructed: "**Reconstructed board and setup.** The author's diagram is lost. In our reconstruction both boards are named a1–h8 from White's side, and the cell of the same name on the other board is a cell's **complementary** cell (`Le4` and `Ue4`). Pointing at a cell lights its complementary cell.",
  board: ["The lower board holds the classical array; the upper board the same array with King and Queen exchanged, so that the whole position is centre-symmetric. Cells are named with their board: `Le2`, `Ue7`. Pawns move towards rank 8 (White) or rank 1 (Black) on both boards; every piece moves as in chess, on its own board."],
  special: [
    { title: "Captures on the upper board", text: ["A capture on the upper board does not remove the piece taken: it **falls** to its complementary cell on the lower board, and whatever stands there (of either colour, even one's own King) leaves the game. The move list shows the fall after the move: `RUa1:Ua5 ↓La5`."] },
    { title: "Descending", text: ["A piece on the upper board may **descend** to its complementary cell if it is empty, or capture an enemy piece standing there (`Ue2-Le2`, `Ue2:Le2`). A descent only removes the piece below. Pieces never simply move up."] },
    { title: "Captures on the lower board", text: ["A capture on the lower board lifts the capturer to the complementary cell above (**ascent**) if that cell is empty; otherwise it stays where it captured. The move list shows it: `RLh1:Lh5 ↑Uh5`."] },
    { title: "The King rule", text: ["A piece may move only while a King of its colour stands on its board. There is no check and no checkmate: Kings are captured. Castling exists on both boards as the King's move, with no check conditions; en passant is taken on the pawn's own board."] },
    { title: "Promotion", text: ["A pawn ending its move on its last rank, on either board, becomes a Queen, Rook, Bishop or Knight."], zone: "P" },
  ],
  end: ["A player with **no King** on either board has lost. A player with no legal move draws, as do the same position three times and fifty moves without a capture or a pawn move."],
};

export default {
  ...pyramids,
  bermuda,
  mgc: {
    intro: ["**Modern Grand Chess** (2nd edition, revised and improved, 10 December 2010) is I.G. Kosintsev's chess on a 10×10 board: a King, a Queen, ten pawns and nine kinds of piece a side, made of steps, slides and leaps."],
    ...mgcCommon,
    special: [
      pawnMgc,
      { title: "Promotion", text: ["A pawn that ends its move on the last rank may become any piece except a King or a Pawn — or stay a pawn: in this edition promotion is optional. A pawn that stayed on the last rank may promote on any later move along it."], zone: "P" },
      { title: "The King's jump right", text: ["As long as the King has never been in check, it may also leap to any cell two or three cells away (the two outer rings) and capture there. The first check — even a discovered one, even one answered at once — takes this right away for the rest of the game: from then on the King only steps. So a King can never leap out of check, and a King that has lost the right is marked in the notation of positions."] },
      { title: "No castling, no en passant", text: ["There is no castling and no capture en passant. Check and checkmate are as in chess; a pinned piece still gives check."] },
    ],
    end,
  },
  mgc1: {
    intro: ["**Modern Grand Chess, 1st edition** (20 July 2010): the first version of the 10×10 game. Compared with the 2nd edition the Rook and the Ferz take the places of the Legion and the Adviser, the Horses and Ninjas and the Bishops and Cardinals stand elsewhere, the King's jump right reaches only two cells, and promotion is compulsory."],
    ...mgcCommon,
    special: [
      pawnMgc,
      { title: "Promotion", text: ["A pawn that reaches the last rank must become any piece except a King or a Pawn."], zone: "P" },
      { title: "The King's jump right", text: ["As long as the King has never been in check, it may also leap to any cell exactly two cells away and capture there. The first check takes this right away for good; the King then only steps."] },
      { title: "No castling, no en passant", text: ["There is no castling and no capture en passant. Everything else is as in classical chess."] },
    ],
    end,
  },
  guru: {
    intro: ["**Chess Guru** (3 June 2010) is chess on a 10×10 board with the knight's leap added to the great pieces: the **Raja** (Queen + Knight), the **Marshall** (Rook + Knight) and the **Cardinal** (Bishop + Knight), beside a Queen, Rooks, Bishops, Knights and pawns."],
    board: ["The board has files **a–k** without j and ranks 1–10. White's pawns stand on rank 3, Black's on rank 8."],
    special: [
      { title: "Pawns", text: ["Pawns move as in chess: one cell straight ahead, two from their start rank, capture one cell diagonally ahead, and may be taken en passant after a double step."] },
      { title: "Promotion", text: ["A pawn reaching the last rank must become a Raja, Queen, Marshall, Cardinal, Rook, Bishop or Knight."], zone: "P" },
      { title: "Castling: three pieces at once", text: ["Each side may castle short (`O-O`) or long (`O-O-O`): both Rooks and the King move in one move. The King and both Rooks must never have moved, the cells between the King and the outer Rook (other than the Rooks' own) must be empty, and the King may not be in check, pass over or land on an attacked cell."], castlings: true },
    ],
    end,
  },
  avantgarde: {
    intro: ["**Avant-garde Grand Chess** (25 February 2013): chess on a 10×10 board with a **Guard**, a **Cardinal** (Bishop + Knight), a **Marshal** (Rook + Knight), an **Adviser** (Rook + Bishop) and a **Queen** that also leaps like a Knight, and a King with a jump right."],
    board: ["Files **a–k** without j, ranks 1–10; the setup follows the author's square lists (it is not quite symmetrical)."],
    special: [
      { title: "Pawns", text: ["Pawns move as in chess: one cell ahead, two from the start, capture diagonally ahead, en passant."] },
      { title: "Two-stage promotion", text: ["On rank 9 a pawn may become a Knight, Guard or Bishop, or stay a pawn; on rank 10 it must become any piece but a King or a Pawn (Black: ranks 2 and 1)."], zone: "P" },
      { title: "The King", text: ["The King steps to any neighbouring cell. As long as it has never been in check it may also leap like a Knight. And as its very first move, if it has never been checked, it may go two cells along any of the eight lines, provided the cell in between is empty and not attacked, onto an empty cell or an enemy piece."] },
    ],
    end,
  },
  shogi: {
    intro: ["**Modern Shogi** (2nd edition, revised and improved, 2 May 2011) is shogi with chess-like pieces on a 9×9 board: a captured piece changes sides and goes into the captor's hand, from where it can be dropped back onto the board instead of a move."],
    board: ["Files **a–i**, ranks 1–9. White sets up on ranks 1–3 and moves first; the promotion zone of each side is the opponent's three ranks."],
    special: [
      { title: "Pieces in hand", text: ["A captured piece loses its promotion and joins the captor's hand. Instead of moving, a player may drop a piece from the hand onto any empty cell (written `P*e5`). Click a piece in your hand — or drag it — to drop it."] },
      { title: "Promotion", text: ["A move that starts or ends in the promotion zone may promote the piece (written `=+P`); promotion is optional except for a Pawn that reaches the last rank, which must promote. A promoted piece is drawn as an octagon with red marks."], zone: "P" },
      { title: "Pawn drops", text: ["A Pawn may not be dropped on the last rank, nor on a file where its owner already has an unpromoted Pawn, nor so that it gives checkmate."], drops: "P", caption: "Cells where White may never drop a Pawn." },
    ],
    end: ["**Checkmate** wins, and a player who has no legal move loses (there is no stalemate). The same position four times is a draw — unless one side gave check with every move of the repetition: that side loses. There is no fifty-move rule."],
  },
  shogi1: {
    intro: ["**Modern Shogi, 1st edition** (22 April 2011): the first version, with a chess Knight and Bishop and a General that steps like a King."],
    board: ["Files **a–i**, ranks 1–9. White sets up on ranks 1–3 and moves first; the promotion zone of each side is the opponent's three ranks."],
    special: [
      { title: "Pieces in hand", text: ["A captured piece loses its promotion and joins the captor's hand; instead of a move a player may drop it onto any empty cell (written `P*e5`)."] },
      { title: "Promotion", text: ["A move that starts or ends in the promotion zone may promote the piece; a Pawn reaching the last rank must promote. Promoted pieces add the King's step to their moves."], zone: "P" },
      { title: "Pawn drops", text: ["No Pawn drop on the last rank, none on a file with an own unpromoted Pawn, none that gives checkmate."], drops: "P", caption: "Cells where White may never drop a Pawn." },
    ],
    end: ["**Checkmate** wins; a player with no legal move loses. Fourfold repetition draws, except that the side that checked with every move of it loses."],
  },
  cheskers: {
    intro: ["**Russian cheskers** (5 July 2010) crosses chess with Russian draughts: chess pieces on a chessboard, but every piece captures by **jumping over** an enemy piece, as in draughts — captures are compulsory, and the long-range pieces may take several pieces in one move."],
    board: ["An ordinary 8×8 board and the chess setup, except that the Kings and Queens change places: White King d1, Queen e1; Black King e8, Queen d8."],
    special: [
      { title: "March and jump", text: ["Every piece moves in two ways. Its **march** is a move without capture: a pawn one cell forward, straight or diagonally; a King one cell in any direction; a Knight one or two cells along any line (the cell between empty); a Bishop, Rook or Queen any distance along its lines.", "Its **jump** is a capture: over an enemy piece onto the free cell beyond it, taking the enemy piece off the board. Pawns, Knights and Kings jump only over an adjacent piece onto the next cell; Bishops, Rooks and Queens jump over an enemy piece at any distance on their lines and land on any free cell beyond it."] },
      { title: "Capture is compulsory; chains", text: ["If a player can capture, he must; among several captures he chooses freely. A Knight, Bishop, Rook or Queen that has jumped must jump again from where it landed while it can — the whole chain is one move, written with every landing cell (`a8:a4:e4:e2:b2`). Taken pieces leave the board at once and cannot be jumped twice. On the board, click each landing cell in turn, or the last one directly."], pieces: "B:b5 k:d7 p:f7", marks: { capture: "d7 f7", land: "e8 h5" }, path: "b5 e8 h5", caption: "Game 1 of the author: 3. b5:e8:h5 — the Bishop jumps the King on d7 and the pawn on f7." },
      { title: "The King's leap", text: ["Once per move, the King may leap over one of its own adjacent pieces onto the free cell right behind it, without capturing — but not when a capture is compulsory."] },
      { title: "Promotion", text: ["A pawn that reaches the last rank becomes a Queen."], zone: "P" },
    ],
    end: ["There is no check: the game is won by **taking the opponent's King** (marked `X`). A player who has no legal move loses, as in draughts. Draws: by agreement, the same position three times, fifty moves without a capture or pawn move, and automatically when only the two Kings are left."],
  },
  cubic: {
    intro: ["**The 64-cell cubic chess** (3 June 2010) is chess inside a 4×4×4 cube. As the author did, the cube is drawn as an ordinary 8×8 board cut into four quarters: each quarter is one layer of the cube, so every cell has a chess name (`c7`)."],
    board: [
      "Layer 1 is the quarter a–d 1–4 (lower left), layer 2 is e–h 1–4 (lower right), layer 3 is a–d 5–8 (upper left), layer 4 is e–h 5–8 (upper right). Inside a layer, files and ranks are two directions of the cube; the third goes from layer to layer, so one step \"up\" from a1 is e1, then a5, then e5.",
      "Lines run along one coordinate (**O**), along face diagonals where two coordinates change (**F**), and along space diagonals where all three change (**D**). The move diagrams show where each piece goes: a piece in layer 2 reaches into every layer.",
    ],
    special: [
      { title: "Pawns", text: ["A White pawn steps +1 along exactly one of the three coordinates (a Black pawn −1), to move and to capture alike; there is no double step."] },
      { title: "Promotion", text: ["A pawn that reaches the start cell of the opponent's King (White h8, Black a1) must become a Horse, Bishop, Rook or Queen."], zone: "P" },
      { title: "The King's jump right", text: ["The King steps along the axes. As long as it has never been in check it may also step along a space diagonal (three coordinates at once); it never steps along a face diagonal."] },
    ],
    end,
  },
  "cubic-asym": {
    intro: ["**The 64-cell cubic chess, asymmetrical setup** (3 June 2010): the same cube and pieces as the symmetrical game, with the author's second, asymmetrical start position."],
    board: ["The cube is drawn as an 8×8 board in four quarters, one per layer: layer 1 a–d 1–4, layer 2 e–h 1–4, layer 3 a–d 5–8, layer 4 e–h 5–8. One step \"up\" from a1 is e1, then a5, then e5."],
    special: [
      { title: "Pawns", text: ["A White pawn steps +1 along exactly one coordinate (Black −1), to move and to capture alike; no double step."] },
      { title: "Promotion", text: ["On the start cell of the opponent's King (White h8, Black a1) a pawn must become a Horse, Bishop, Rook or Queen."], zone: "P" },
      { title: "The King's jump right", text: ["The King steps along the axes, and while it has never been checked also along a space diagonal."] },
    ],
    end,
  },
  nihongi: {
    intro: ["**Nihongi** (日本棋, 3 June 2010) is chess in four dimensions, on a 3×3×3×3 tesseract of 81 cells, drawn as the author did: a 9×9 Sudoku grid whose nine 3×3 blocks are two-dimensional slices of the tesseract."],
    board: [
      "A cell's file is 3p + q and its rank 3s + t, where p, q, s, t are its four coordinates (0–2): the block says p and s, the place inside the block q and t. A move along one coordinate stays in the block's row or column of blocks, or inside a block.",
      "Lines run along one coordinate (**O**), two (**F**), three (**D**) or all four (**H**). Use the move diagrams: they show every cell a piece reaches.",
    ],
    special: [
      { title: "Pawns", text: ["A White pawn steps +1 along exactly one coordinate (Black −1), to move and to capture alike; no double step."] },
      { title: "Promotion", text: ["On the start cell of the opponent's King (White i9, Black a1) a pawn must become a Horse, Bishop, Rook or Queen."], zone: "P" },
      { title: "The King's jump right", text: ["The King steps along one coordinate; while it has never been checked it may also step along a three-coordinate diagonal."] },
    ],
    end,
  },
  brilliant: {
    intro: ["**Brilliant chess** (5 July 2010) is chess on a board of 68 hexagons."],
    reconstructed: "**Reconstructed board.** The author's drawing of the board is lost; the 68-cell board shown here is derived from his text (files a–i of hexagons sharing edges, the cells of the promotion squares) — our reconstruction, not his picture.",
    board: ["Nine files **a–i** of hexagons sharing edges: the long files a c e g i have ranks 1–8, the short files b d f h ranks 1–7, half a cell higher. Each cell has six neighbours across its edges; pieces move along those six lines."],
    special: [
      { title: "Pawns", text: ["A pawn moves one cell straight ahead (two on its first move) and captures diagonally ahead, left or right; en passant as in Gliński's hexagonal chess."] },
      { title: "Promotion by arrival cell", text: ["Promotion is compulsory and fixed by where the pawn arrives: on the start cell of an opponent's piece it becomes that piece (White a8/i8 Rook, b7/h7 Knight, c8/g8 Queen, d7/f7 Bishop, e8 a second King). A player may have at most two Kings; a pawn reaching e8 then stays a pawn."], zone: "P" },
      { title: "Two Kings", text: ["With two Kings a player may leave one of them (not both) attacked, and a King may then be captured; the game is lost when the last King is captured or mated."] },
    ],
    end: ["**Checkmate** of the last King wins. Stalemate, threefold repetition and the fifty-move rule draw, as does agreement."],
  },
};
