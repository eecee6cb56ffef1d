//! A player's time zone and quiet hours ([`Alerts`]): nothing reaches
//! them then, by push or by e-mail (issue 30 item 5).

use jiff::tz::TimeZone;
use jiff::{Timestamp, Zoned};
use serde::{Deserialize, Serialize};

/// Minutes in a day: quiet hours are minutes of the local day below this.
pub const DAY_MINUTES: u16 = 24 * 60;

/// What a player chose about when they may be told of their turn: the
/// time zone their browser is in, and quiet hours in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alerts {
    /// An IANA time zone name, as `Intl.DateTimeFormat` reports it
    /// ("Asia/Kolkata").
    pub tz: String,
    /// Start of the quiet hours, minutes after local midnight; `None`
    /// (with `quiet_to`) for no quiet hours.
    pub quiet_from: Option<u16>,
    /// End of the quiet hours (excluded), minutes after local midnight. A
    /// value below `quiet_from` wraps past midnight (22:00 to 07:00).
    pub quiet_to: Option<u16>,
}

impl Default for Alerts {
    /// A player who never said: UTC, no quiet hours.
    fn default() -> Self {
        Alerts {
            tz: "UTC".into(),
            quiet_from: None,
            quiet_to: None,
        }
    }
}

impl Alerts {
    /// Why these settings cannot be kept, in words for the developer
    /// reading the refusal; `Ok` if they can.
    pub fn check(&self) -> Result<(), String> {
        if self.tz.len() > 64 || TimeZone::get(&self.tz).is_err() {
            return Err(format!("tz: {:?} is not a known time zone", self.tz));
        }
        match (self.quiet_from, self.quiet_to) {
            (None, None) => Ok(()),
            (Some(from), Some(to)) if from < DAY_MINUTES && to < DAY_MINUTES && from != to => {
                Ok(())
            }
            (Some(_), Some(_)) => Err(format!(
                "quiet_from and quiet_to are different minutes of the day, 0 to {}",
                DAY_MINUTES - 1
            )),
            _ => Err("quiet_from and quiet_to are both given, or both null".into()),
        }
    }

    /// The player's time zone (UTC if the name is not known, which
    /// [`Alerts::check`] keeps from being stored).
    pub fn zone(&self) -> TimeZone {
        TimeZone::get(&self.tz).unwrap_or(TimeZone::UTC)
    }

    /// `at` (ms since the epoch) in the player's time zone.
    pub fn local(&self, at: i64) -> Zoned {
        let ts = Timestamp::from_millisecond(at).unwrap_or(Timestamp::UNIX_EPOCH);
        ts.to_zoned(self.zone())
    }

    /// Whether `at` (ms since the epoch) falls in the player's quiet hours.
    pub fn is_quiet(&self, at: i64) -> bool {
        let (Some(from), Some(to)) = (self.quiet_from, self.quiet_to) else {
            return false;
        };
        let local = self.local(at);
        let minute = local.hour() as u16 * 60 + local.minute() as u16;
        if from < to {
            (from..to).contains(&minute)
        } else {
            minute >= from || minute < to
        }
    }

    /// When the quiet hours that hold `at` end (ms since the epoch), or
    /// `None` if `at` is not in quiet hours: a message held back then is
    /// sent at that time, if it still matters.
    pub fn quiet_until(&self, at: i64) -> Option<i64> {
        if !self.is_quiet(at) {
            return None;
        }
        let to = self.quiet_to?;
        let local = self.local(at);
        let end = local
            .date()
            .at((to / 60) as i8, (to % 60) as i8, 0, 0)
            .to_zoned(self.zone())
            .ok()?;
        // The end is today's `to` if it is still ahead, else tomorrow's.
        let end = if end.timestamp() > local.timestamp() {
            end
        } else {
            end.tomorrow().ok()?
        };
        Some(end.timestamp().as_millisecond())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ms since the epoch of a UTC time "2026-12-06T{hh}:{mm}:00Z".
    fn utc(hh: i64, mm: i64) -> i64 {
        let midnight: Timestamp = "2026-12-06T00:00:00Z".parse().unwrap();
        midnight.as_millisecond() + (hh * 60 + mm) * 60_000
    }

    fn kolkata(from: u16, to: u16) -> Alerts {
        Alerts {
            tz: "Asia/Kolkata".into(),
            quiet_from: Some(from),
            quiet_to: Some(to),
        }
    }

    #[test]
    fn quiet_hours_wrap_past_midnight_in_the_players_zone() {
        // 22:00 to 07:00 in Kolkata (UTC+5:30): 16:30 to 01:30 UTC.
        let a = kolkata(22 * 60, 7 * 60);
        assert!(!a.is_quiet(utc(16, 29)));
        assert!(a.is_quiet(utc(16, 30)));
        assert!(a.is_quiet(utc(23, 0)));
        assert!(a.is_quiet(utc(1, 29)));
        assert!(!a.is_quiet(utc(1, 30)));
        // Held back at 23:00 UTC: sent at 01:30 UTC the next day.
        assert_eq!(a.quiet_until(utc(23, 0)), Some(utc(25, 30)));
        assert_eq!(a.quiet_until(utc(1, 0)), Some(utc(1, 30)));
        assert_eq!(a.quiet_until(utc(12, 0)), None);
    }

    #[test]
    fn quiet_hours_within_one_day() {
        // 13:00 to 15:00 local, a nap.
        let a = kolkata(13 * 60, 15 * 60);
        assert!(!a.is_quiet(utc(7, 29)));
        assert!(a.is_quiet(utc(7, 30)));
        assert!(!a.is_quiet(utc(9, 30)));
        assert_eq!(a.quiet_until(utc(8, 0)), Some(utc(9, 30)));
    }

    #[test]
    fn no_quiet_hours_is_never_quiet() {
        let a = Alerts::default();
        assert!(a.check().is_ok());
        assert!((0..48).all(|h| !a.is_quiet(utc(h, 0))));
    }

    #[test]
    fn settings_that_cannot_be_kept_are_refused() {
        let bad = [
            Alerts {
                tz: "Mars/Olympus".into(),
                ..Alerts::default()
            },
            Alerts {
                quiet_from: Some(60),
                ..Alerts::default()
            },
            kolkata(60, 60),
            kolkata(60, DAY_MINUTES),
        ];
        for a in bad {
            assert!(a.check().is_err(), "{a:?}");
        }
        assert!(kolkata(0, 1).check().is_ok());
    }
}
