//! The local rules of Bagh-Chal a group may choose, with the site defaults
//! (`docs/design.md`, Bagh-Chal, options).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The two sides: four tigers, twenty goats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "BaghChalRole"))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Tigers,
    Goats,
}

impl Role {
    #[inline]
    pub const fn other(self) -> Role {
        match self {
            Role::Tigers => Role::Goats,
            Role::Goats => Role::Tigers,
        }
    }

    /// `0` for the tigers (the hunters, like Musashi's Parent), `1` for the goats: the
    /// [`crate::Side`] of the shared interface.
    #[inline]
    pub const fn index(self) -> u8 {
        match self {
            Role::Tigers => 0,
            Role::Goats => 1,
        }
    }

    pub const fn from_index(i: u8) -> Role {
        if i == 0 { Role::Tigers } else { Role::Goats }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Tigers => "tigers",
            Role::Goats => "goats",
        })
    }
}

impl FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Role, String> {
        match s {
            "tigers" | "t" => Ok(Role::Tigers),
            "goats" | "g" => Ok(Role::Goats),
            _ => Err(format!("expected tigers or goats, not {:?}", s.chars().take(16).collect::<String>())),
        }
    }
}

/// How many goats the tigers must capture to win: 5 in the standard rules, 4 or 6 in local
/// ones, or all twenty (then the tigers win in practice by leaving the goats no move).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Target(u8);

impl Target {
    pub const FOUR: Target = Target(4);
    pub const FIVE: Target = Target(5);
    pub const SIX: Target = Target(6);
    pub const ALL: Target = Target(20);
    /// Every value a group may choose, the default first.
    pub const CHOICES: [Target; 4] = [Target::FIVE, Target::FOUR, Target::SIX, Target::ALL];

    /// Captures that win.
    #[inline]
    pub const fn captures(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Target::ALL { f.write_str("all") } else { write!(f, "{}", self.0) }
    }
}

impl FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        Target::CHOICES
            .into_iter()
            .find(|t| t.to_string() == s)
            .ok_or_else(|| format!("target must be 5, 4, 6 or all, not {:?}", s.chars().take(16).collect::<String>()))
    }
}

impl TryFrom<String> for Target {
    type Error = String;
    fn try_from(s: String) -> Result<Target, String> {
        s.parse()
    }
}

impl From<Target> for String {
    fn from(t: Target) -> String {
        t.to_string()
    }
}

/// The target travels as text (`"5"`, `"all"`), so a derived schema would only say "a
/// string"; this one lists the strings.
#[cfg(feature = "json-schema")]
impl schemars::JsonSchema for Target {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "BaghChalTarget".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Goats the tigers must capture to win; `all`: all twenty.",
            "type": "string",
            "enum": ["5", "4", "6", "all"],
        })
    }
}

/// The rule against repeated positions once every goat is placed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "BaghChalRepetition"))]
#[serde(rename_all = "lowercase")]
pub enum Repetition {
    /// No move may leave a position that already stood on the board since the last goat was
    /// placed (the same pieces on the same points, the same side to move); a side whose
    /// every move would do so has no move and loses.
    #[default]
    Forbidden,
    /// No rule: positions may repeat without end (for analysis; a game ends only by a win or
    /// a resignation).
    Allowed,
}

impl fmt::Display for Repetition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Repetition::Forbidden => "forbidden",
            Repetition::Allowed => "allowed",
        })
    }
}

impl FromStr for Repetition {
    type Err = String;
    fn from_str(s: &str) -> Result<Repetition, String> {
        match s {
            "forbidden" => Ok(Repetition::Forbidden),
            "allowed" => Ok(Repetition::Allowed),
            _ => Err(format!(
                "repetition must be forbidden or allowed, not {:?}",
                s.chars().take(16).collect::<String>()
            )),
        }
    }
}

/// Every local rule of a Bagh-Chal group. `Default` is the site default: the standard rules.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "BaghChalOptions"))]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct Options {
    /// Which side makes the first move (not who plays it). Default: the goats.
    pub first: Role,
    /// Goats the tigers must capture. Default: 5.
    pub target: Target,
    /// The rule against repeated positions. Default: forbidden.
    pub repetition: Repetition,
    /// Swap tigers and goats on a rematch. Default: on.
    pub swap_roles: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { first: Role::Goats, target: Target::FIVE, repetition: Repetition::Forbidden, swap_roles: true }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_words_round_trip() {
        for t in Target::CHOICES {
            assert_eq!(t.to_string().parse(), Ok(t));
        }
        assert!("7".parse::<Target>().is_err());
        for r in [Repetition::Forbidden, Repetition::Allowed] {
            assert_eq!(r.to_string().parse(), Ok(r));
        }
        for r in [Role::Tigers, Role::Goats] {
            assert_eq!(r.to_string().parse(), Ok(r));
            assert_eq!(Role::from_index(r.index()), r);
        }
    }

    #[test]
    fn options_in_json() {
        let json = serde_json::to_value(Options::default()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"first": "goats", "target": "5", "repetition": "forbidden", "swapRoles": true})
        );
        let o: Options = serde_json::from_value(serde_json::json!({"target": "all"})).unwrap();
        assert_eq!(o, Options { target: Target::ALL, ..Options::default() });
        assert!(serde_json::from_value::<Options>(serde_json::json!({"target": "3"})).is_err());
    }
}
