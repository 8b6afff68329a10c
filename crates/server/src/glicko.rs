//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), steps 1–8 of the
//! paper. A rated game is one rating period for each of its two players, as on the big variant
//! sites, so a rating moves after every game; periods without games are not modelled (RD does
//! not grow with idle time).

/// The system constant τ: how much the volatility may change (the paper suggests 0.3–1.2).
pub const TAU: f64 = 0.5;
/// A new player: rating 1500, RD 350, volatility 0.06.
pub const START: Rating = Rating { rating: 1500.0, rd: 350.0, vol: 0.06 };
/// Ratings whose deviation is above this are shown as provisional (`?`).
pub const PROVISIONAL_RD: f64 = 110.0;
/// Glicko-2's scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
}

impl Rating {
    pub fn provisional(&self) -> bool {
        self.rd > PROVISIONAL_RD
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn e(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's rating after a period with these games: (opponent's rating, score 1, ½ or 0).
/// Without games only the deviation grows (step 6 of the paper).
pub fn update(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    // Step 2: to the Glicko-2 scale.
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.rd / SCALE;
    let sigma = player.vol;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating { rd: phi_star * SCALE, ..player };
    }
    let opp: Vec<(f64, f64, f64)> =
        games.iter().map(|(o, s)| ((o.rating - 1500.0) / SCALE, o.rd / SCALE, *s)).collect();
    // Steps 3 and 4: the estimated variance and improvement.
    let v = 1.0
        / opp.iter().map(|&(mj, pj, _)| g(pj).powi(2) * e(mu, mj, pj) * (1.0 - e(mu, mj, pj))).sum::<f64>();
    let delta_sum: f64 = opp.iter().map(|&(mj, pj, s)| g(pj) * (s - e(mu, mj, pj))).sum();
    let delta = v * delta_sum;
    // Step 5: the new volatility (the Illinois algorithm of the paper).
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 1000 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        rounds += 1;
    }
    let sigma_new = (big_a / 2.0).exp();
    // Steps 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * delta_sum;
    // Step 8: back to the Glicko scale.
    Rating { rating: 1500.0 + SCALE * mu_new, rd: SCALE * phi_new, vol: sigma_new }
}

/// Both players' ratings after one game between them (`score` is White's: 1, ½ or 0).
pub fn after_game(white: Rating, black: Rating, score: f64) -> (Rating, Rating) {
    (update(white, &[(black, score)], TAU), update(black, &[(white, 1.0 - score)], TAU))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_worked_example() {
        // Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100
        // and 1700/300, winning the first and losing the others, τ = 0.5.
        let p = Rating { rating: 1500.0, rd: 200.0, vol: 0.06 };
        let o = |r, rd| Rating { rating: r, rd, vol: 0.06 };
        let games = [(o(1400.0, 30.0), 1.0), (o(1550.0, 100.0), 0.0), (o(1700.0, 300.0), 0.0)];
        let r = update(p, &games, 0.5);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.rd - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.vol - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_and_a_draw_of_equals_moves_neither() {
        let (w, b) = after_game(START, START, 1.0);
        assert!(w.rating > 1500.0 && b.rating < 1500.0);
        assert!((w.rating - 1500.0 + b.rating - 1500.0).abs() < 1e-6, "symmetric: {w:?} {b:?}");
        assert!(w.rd < START.rd && w.provisional());
        let (w, b) = after_game(START, START, 0.5);
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn deviation_grows_without_games() {
        let p = Rating { rating: 1600.0, rd: 50.0, vol: 0.06 };
        let r = update(p, &[], TAU);
        assert!(r.rd > 50.0 && r.rating == 1600.0);
    }
}
