//! Seat tokens and invite codes: random, shown to their holder once, stored only as SHA-256
//! hashes (a leaked database file or backup seats nobody), compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Letters of generated ids and secrets: no look-alikes (l/1, o/0), so codes can be read aloud.
const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// A random string of `len` letters of [`ALPHABET`] (5 bits each: 24 letters are 120 bits).
pub fn random(len: usize) -> Result<String, getrandom::Error> {
    let mut bytes = vec![0u8; len];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect())
}

/// The stored form of a secret: its SHA-256 in hex.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `secret` is the one whose hash is `stored`, in time independent of where they differ.
pub fn matches(stored: &str, secret: &str) -> bool {
    hash(secret).as_bytes().ct_eq(stored.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_matches_its_hash_only() {
        let s = random(24).unwrap();
        assert_eq!(s.len(), 24);
        let h = hash(&s);
        assert_eq!(h.len(), 64);
        assert_ne!(h, s);
        assert!(matches(&h, &s));
        assert!(!matches(&h, &random(24).unwrap()));
        assert!(!matches(&h, ""));
        assert!(!matches("", &s));
    }
}
