//! Match statistics: score, Elo difference with its margin, and the sequential probability
//! ratio test.

use anyhow::{bail, Context, Result};

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Default, Debug)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Score {
    pub fn n(&self) -> f64 {
        (self.wins + self.draws + self.losses) as f64
    }
    /// The mean score per game, in [0, 1].
    pub fn ratio(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.n().max(1.0)
    }
    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let s = self.ratio();
        let n = self.n().max(1.0);
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }
    /// Elo difference and its 95% margin.
    pub fn elo(&self) -> (f64, f64) {
        let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
        let s = self.ratio();
        if self.wins as f64 == self.n() || self.losses as f64 == self.n() {
            // A clean sweep has no finite estimate: report the bound and an infinite margin.
            return (elo(s), f64::INFINITY);
        }
        let margin = 1.96 * (self.variance() / self.n().max(1.0)).sqrt();
        (elo(s), (elo((s + margin).min(0.999)) - elo((s - margin).max(0.001))) / 2.0)
    }
    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0), trinomial approximation.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.n() == 0.0 {
            return 0.0;
        }
        // The variance with half a win and half a loss added: a clean sweep (or all draws) has
        // none, and the test must neither stall nor decide after one game.
        let (w, d, l) = (self.wins as f64 + 0.5, self.draws as f64, self.losses as f64 + 0.5);
        let n = w + d + l;
        let m = (w + 0.5 * d) / n;
        let var = (w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)) / n;
        let p = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
        let (s0, s1) = (p(elo0), p(elo1));
        (s1 - s0) * (2.0 * self.ratio() - s0 - s1) / (2.0 * var) * self.n()
    }
}

pub(super) struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// Bounds of the log-likelihood ratio: H0 accepted below `lower`, H1 above `upper`.
    pub lower: f64,
    pub upper: f64,
}

pub(super) fn parse_sprt(text: &str) -> Result<Sprt> {
    let v: Vec<f64> =
        text.split(',').map(|x| x.trim().parse::<f64>()).collect::<Result<_, _>>().context("--sprt")?;
    let (elo0, elo1, alpha, beta) = match v.as_slice() {
        [a, b] => (*a, *b, 0.05, 0.05),
        [a, b, c, d] => (*a, *b, *c, *d),
        _ => bail!("--sprt: expected elo0,elo1[,alpha,beta]"),
    };
    if !(0.0 < alpha && alpha < 1.0 && 0.0 < beta && beta < 1.0) || elo0 >= elo1 {
        bail!("--sprt: need elo0 < elo1 and 0 < alpha, beta < 1");
    }
    Ok(Sprt { elo0, elo1, lower: (beta / (1.0 - alpha)).ln(), upper: ((1.0 - beta) / alpha).ln() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_sprt() {
        assert!(Score { wins: 30, draws: 0, losses: 0 }.llr(0.0, 30.0) > 2.94);
        assert!(Score { wins: 1, draws: 0, losses: 0 }.llr(0.0, 30.0) < 1.0);
        let even = Score { wins: 10, draws: 10, losses: 10 };
        assert!(even.elo().0.abs() < 1e-9);
        assert!(even.llr(0.0, 10.0) < 0.0);
        let strong = Score { wins: 90, draws: 5, losses: 5 };
        assert!(strong.elo().0 > 300.0);
        assert!(strong.llr(0.0, 10.0) > 2.94);
        assert!(parse_sprt("0,10").is_ok() && parse_sprt("10,0").is_err() && parse_sprt("x").is_err());
    }
}
