//! How strong a computer player is: named in a `set_bot` request, a new
//! room's seats and the store, and played by the chowka-bots crate.

use serde::{Deserialize, Serialize};

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum Level {
    /// Random legal play.
    Easy,
    /// A sound heuristic.
    Medium,
    /// Searches within a time budget.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown computer level {s:?}: use easy, medium or hard"))
    }
}

// Through `FromStr`, so that a refused level says which levels there are
// in the same words wherever it was read.
impl TryFrom<String> for Level {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_spelled_as_serde_spells_them() {
        for level in Level::ALL {
            let json = serde_json::to_value(level).unwrap();
            assert_eq!(json, level.name());
            assert_eq!(serde_json::from_value::<Level>(json).unwrap(), level);
            assert_eq!(level.name().parse(), Ok(level));
        }
        let e = serde_json::from_str::<Level>("\"godlike\"").unwrap_err();
        assert!(e.to_string().contains("use easy, medium or hard"), "{e}");
    }
}
