//! Accounts: what a username and a password may be, argon2id password hashes, and the session
//! cookie. Sessions are random tokens the server makes at sign-in (never one the client
//! offers: no session fixation), stored only as SHA-256 hashes like seat tokens, and sent as a
//! `Secure; HttpOnly; SameSite=Lax` cookie, so page scripts cannot read it and other sites'
//! requests do not carry it (JSON bodies already need this origin, see `api::JsonBody`).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// The session cookie's name.
pub const COOKIE: &str = "ccg_session";
/// How long a session lasts without signing in again.
pub const SESSION_DAYS: i64 = 30;
/// Longest password accepted: hashing cost is bounded by the input.
pub const MAX_PASSWORD: usize = 128;
pub const MIN_PASSWORD: usize = 8;

/// A username: 3 to 20 letters, digits, `_` or `-`, starting with a letter or digit (unique
/// regardless of case).
pub fn check_username(name: &str) -> Result<(), String> {
    let ok_len = (3..=20).contains(&name.len());
    let ok_chars = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    let ok_start = name.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric());
    if ok_len && ok_chars && ok_start {
        Ok(())
    } else {
        Err(format!("username {name:?}: 3 to 20 letters, digits, _ or -, starting with a letter or digit"))
    }
}

pub fn check_password(pw: &str) -> Result<(), String> {
    if (MIN_PASSWORD..=MAX_PASSWORD).contains(&pw.len()) {
        Ok(())
    } else {
        Err(format!("a password has {MIN_PASSWORD} to {MAX_PASSWORD} bytes"))
    }
}

/// The argon2id hash of a password (PHC string, with a random salt; the crate's default
/// parameters: 19 MiB, 2 passes). Slow on purpose: call it on a blocking thread.
pub fn hash_password(pw: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| anyhow::anyhow!("random salt: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let hash =
        Argon2::default().hash_password(pw.as_bytes(), &salt).map_err(|e| anyhow::anyhow!("argon2: {e}"))?;
    Ok(hash.to_string())
}

/// Whether `pw` is the password of the stored hash (false for a hash that cannot be read).
pub fn verify_password(pw: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| Argon2::default().verify_password(pw.as_bytes(), &h).is_ok())
}

/// The `Set-Cookie` value that holds a new session.
pub fn session_cookie(token: &str) -> String {
    format!("{COOKIE}={token}; Path=/; Max-Age={}; HttpOnly; Secure; SameSite=Lax", SESSION_DAYS * 24 * 3600)
}

/// The `Set-Cookie` value that ends the session in the browser.
pub fn cleared_cookie() -> String {
    format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax")
}

/// The session token of a `Cookie` header, if it holds one.
pub fn session_token(cookie_header: &str) -> Option<&str> {
    cookie_header
        .split(';')
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty() && v.len() <= 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_hash_only() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsf", &h));
        assert!(!verify_password("correct horse", "not a hash"));
        assert_ne!(h, hash_password("correct horse").unwrap(), "salted");
    }

    #[test]
    fn usernames_and_cookies_are_checked() {
        assert!(check_username("ann_1").is_ok());
        for bad in ["ab", "-ann", "ann smith", "anné", &"a".repeat(21)] {
            assert!(check_username(bad).is_err(), "{bad}");
        }
        assert!(check_password("short").is_err() && check_password(&"x".repeat(129)).is_err());
        assert_eq!(session_token("a=1; ccg_session=abc; b=2"), Some("abc"));
        assert_eq!(session_token("ccg_session="), None);
        let c = session_cookie("t");
        assert!(c.contains("HttpOnly") && c.contains("Secure") && c.contains("SameSite=Lax"));
    }
}
