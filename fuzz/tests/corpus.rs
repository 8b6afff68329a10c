//! The fuzz targets under `cargo test`: every seed of `corpus/<target>/` as it is, then random
//! mutations of the seeds (bytes flipped, inserted, deleted, lines spliced from other seeds).
//! What `cargo fuzz` explores by coverage, CI covers this way on the stable toolchain.

use proptest::prelude::*;
use std::path::Path;

fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(target);
    let mut out: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no seeds in {}", dir.display());
    out
}

/// One edit of a seed.
#[derive(Debug, Clone)]
enum Edit {
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<usize>(), prop::collection::vec(any::<u8>(), 1..12)).prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), 1..16usize).prop_map(|(i, n)| Edit::Delete(i, n)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn mutate(mut data: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let n = data.len().max(1);
        match e {
            Edit::Flip(i, b) => {
                if !data.is_empty() {
                    data[i % n] ^= b | 1;
                }
            }
            Edit::Insert(i, b) => {
                let at = i % (data.len() + 1);
                data.splice(at..at, b.iter().copied());
            }
            Edit::Delete(i, k) => {
                let at = i % n;
                let end = (at + k).min(data.len());
                if at < end {
                    data.drain(at..end);
                }
            }
            Edit::Truncate(i) => data.truncate(i % n),
        }
    }
    data
}

macro_rules! target {
    ($name:ident, $cases:expr) => {
        mod $name {
            use super::*;

            #[test]
            fn every_seed_runs() {
                for s in seeds(stringify!($name)) {
                    ccg_fuzz::$name(&s);
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig { cases: $cases, ..ProptestConfig::default() })]
                #[test]
                fn mutated_seeds_never_panic(pick in any::<usize>(), edits in prop::collection::vec(edit(), 0..6), raw in prop::collection::vec(any::<u8>(), 0..64)) {
                    let all = seeds(stringify!($name));
                    ccg_fuzz::$name(&mutate(all[pick % all.len()].clone(), &edits));
                    ccg_fuzz::$name(&raw);
                }
            }
        }
    };
}

target!(position_string, 400);
target!(move_notation, 400);
target!(record, 200);
target!(uci_session, 40);
target!(xboard_session, 40);
target!(usi_session, 40);
