//! The landing cells of a capture chain, in order (the final landing is `Move::to`).
//!
//! A `Move` is copied everywhere (move lists, killers, principal variations), so a path must stay
//! small: up to [`Path::INLINE`] landings are stored in the move itself, as bytes (chains exist only
//! on boards of at most 128 cells). A longer chain — rare, but possible in Pyramids' draughts
//! variants where pieces multiply — is interned once in a process-wide table and the path holds
//! its number; equal paths get the same number, so moves still compare and hash by content.
//! There is no limit on the length of a chain.

use crate::Cell;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Path {
    /// Landings stored inline, or [`Path::LONG`] for an interned path.
    len: u8,
    /// The landings, or (long paths) the interned number in the first four bytes.
    cells: [u8; Path::INLINE],
}

#[derive(Default)]
struct Interner {
    ids: HashMap<Arc<[u8]>, u32>,
    paths: Vec<Arc<[u8]>>,
}

static LONG_PATHS: LazyLock<Mutex<Interner>> = LazyLock::new(Default::default);

fn interned(id: u32) -> Arc<[u8]> {
    let table = LONG_PATHS.lock().unwrap_or_else(|e| e.into_inner());
    table.paths[id as usize].clone()
}

fn intern(cells: &[u8]) -> u32 {
    let mut table = LONG_PATHS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&id) = table.ids.get(cells) {
        return id;
    }
    let id = table.paths.len() as u32;
    let shared: Arc<[u8]> = cells.into();
    table.paths.push(shared.clone());
    table.ids.insert(shared, id);
    id
}

impl Path {
    /// Landings kept in the move itself.
    pub const INLINE: usize = 15;
    const LONG: u8 = u8::MAX;

    pub fn new() -> Path {
        Path { len: 0, cells: [0; Path::INLINE] }
    }

    fn long_id(&self) -> u32 {
        u32::from_le_bytes([self.cells[0], self.cells[1], self.cells[2], self.cells[3]])
    }

    /// Adds a landing (a cell of a board of at most 256 cells).
    pub fn push(&mut self, c: Cell) {
        let c = u8::try_from(c).expect("capture chains exist only on boards of at most 128 cells");
        if (self.len as usize) < Path::INLINE {
            self.cells[self.len as usize] = c;
            self.len += 1;
            return;
        }
        let mut all: Vec<u8> =
            if self.len == Path::LONG { interned(self.long_id()).to_vec() } else { self.cells.to_vec() };
        all.push(c);
        self.cells = [0; Path::INLINE];
        self.cells[..4].copy_from_slice(&intern(&all).to_le_bytes());
        self.len = Path::LONG;
    }

    pub fn len(&self) -> usize {
        if self.len == Path::LONG {
            interned(self.long_id()).len()
        } else {
            self.len as usize
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn cells(&self) -> PathCells {
        if self.len == Path::LONG {
            PathCells { inline: [0; Path::INLINE], long: Some(interned(self.long_id())), pos: 0, end: 0 }
                .with_end()
        } else {
            PathCells { inline: self.cells, long: None, pos: 0, end: self.len as usize }
        }
    }
}

impl Default for Path {
    fn default() -> Self {
        Path::new()
    }
}

/// The landings of a path, in order.
pub struct PathCells {
    inline: [u8; Path::INLINE],
    long: Option<Arc<[u8]>>,
    pos: usize,
    end: usize,
}

impl PathCells {
    fn with_end(mut self) -> Self {
        self.end = self.long.as_ref().map_or(0, |l| l.len());
        self
    }
    fn at(&self, i: usize) -> Cell {
        match &self.long {
            Some(l) => l[i] as Cell,
            None => self.inline[i] as Cell,
        }
    }
}

impl Iterator for PathCells {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        (self.pos < self.end).then(|| {
            self.pos += 1;
            self.at(self.pos - 1)
        })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.end - self.pos, Some(self.end - self.pos))
    }
}

impl DoubleEndedIterator for PathCells {
    fn next_back(&mut self) -> Option<Cell> {
        (self.pos < self.end).then(|| {
            self.end -= 1;
            self.at(self.end)
        })
    }
}

impl ExactSizeIterator for PathCells {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_paths_keep_every_landing_and_compare_by_content() {
        let mut a = Path::new();
        let mut b = Path::new();
        for c in 0..40 {
            a.push(c);
            b.push(c);
        }
        assert_eq!(a, b);
        assert_eq!(a.len(), 40);
        assert!(a.cells().eq(0..40));
        assert!(a.cells().rev().eq((0..40).rev()));
        b.push(7);
        assert_ne!(a, b);
        let mut short = Path::new();
        short.push(3);
        assert_eq!(short.cells().collect::<Vec<_>>(), vec![3]);
    }
}
