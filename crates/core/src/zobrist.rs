//! Zobrist keys: one random 64-bit key per state bit, XORed into the position hash incrementally.

use crate::Cell;

pub(crate) struct Zobrist {
    ncells: usize,
    pieces: Vec<u64>,
    pub side: u64,
    virgin: Vec<u64>,
    checked: Vec<u64>,
    ep: Vec<u64>,
    /// `hand[(side * kinds + kind) * hand_max + count]`; count 0 has no key.
    hand: Vec<u64>,
    /// Counts with a key of their own: a hand never holds more pieces than the board has cells.
    hand_max: usize,
}

/// Fixed-seed generator so that hashes are the same on every run (reproducible searches).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    pub fn new(ncells: usize, nkinds: usize) -> Zobrist {
        let mut s = 0x00C0_FFEE_u64;
        let nk = nkinds;
        let mut keys = |n: usize| (0..n).map(|_| splitmix(&mut s)).collect::<Vec<_>>();
        let hand_max = ncells + 1;
        Zobrist {
            ncells,
            pieces: keys(ncells * nkinds * 2),
            side: keys(1)[0],
            virgin: keys(ncells),
            checked: keys(ncells),
            ep: keys(ncells),
            hand: keys(2 * nk * hand_max),
            hand_max,
        }
    }
    #[inline]
    pub fn piece(&self, code: u8, cell: Cell) -> u64 {
        // Piece codes start at 1 (0 = empty).
        self.pieces[(code as usize - 1) * self.ncells + cell as usize]
    }
    #[inline]
    pub fn virgin(&self, cell: Cell) -> u64 {
        self.virgin[cell as usize]
    }
    #[inline]
    pub fn checked(&self, cell: Cell) -> u64 {
        self.checked[cell as usize]
    }
    #[inline]
    pub fn ep(&self, cell: Cell) -> u64 {
        self.ep[cell as usize]
    }
    #[inline]
    pub fn hand(&self, side: usize, kind: usize, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let nk = self.hand.len() / (2 * self.hand_max);
        self.hand[(side * nk + kind) * self.hand_max + (count as usize).min(self.hand_max - 1)]
    }
}
