//! The local rules of Juroku Musashi a group may choose, with the site defaults of the seeds.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::BoardKind;

/// The two sides: one Parent, sixteen Children.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "MusashiRole"))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Parent,
    Children,
}

impl Role {
    #[inline]
    pub const fn other(self) -> Role {
        match self {
            Role::Parent => Role::Children,
            Role::Children => Role::Parent,
        }
    }

    /// `0` for the Parent, `1` for the Children: the [`crate::Side`] of the shared interface.
    #[inline]
    pub const fn index(self) -> u8 {
        match self {
            Role::Parent => 0,
            Role::Children => 1,
        }
    }

    pub const fn from_index(i: u8) -> Role {
        if i == 0 { Role::Parent } else { Role::Children }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Parent => "parent",
            Role::Children => "children",
        })
    }
}

impl FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Role, String> {
        match s {
            "parent" | "p" => Ok(Role::Parent),
            "children" | "c" => Ok(Role::Children),
            _ => Err(format!("expected parent or children, not {s:?}")),
        }
    }
}

/// How many Children the Parent must take to win: the game ends for the Parent when at most
/// `16 - n` Children are left. `None` turns this rule off (for analysis: "win only by trapping").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Target(pub Option<u8>);

impl Target {
    pub const TEN: Target = Target(Some(10));
    pub const SIX: Target = Target(Some(6));
    pub const NONE: Target = Target(None);

    /// The Parent has won when at most this many Children are left (`None`: never).
    #[inline]
    pub const fn children_left_to_win(self) -> Option<u8> {
        match self.0 {
            Some(n) => Some(16u8.saturating_sub(n)),
            None => None,
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("none"),
        }
    }
}

impl FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        match s {
            "10" => Ok(Target::TEN),
            "6" => Ok(Target::SIX),
            "none" => Ok(Target::NONE),
            _ => Err(format!("target must be 10, 6 or none, not {s:?}")),
        }
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

/// How many moves the Children may make before the Parent wins (`None`: no limit).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Limit(pub Option<u16>);

impl Limit {
    pub const HUNDRED: Limit = Limit(Some(100));
    pub const NONE: Limit = Limit(None);

    /// `true` once `made` Children moves reach the limit.
    #[inline]
    pub const fn reached(self, made: u16) -> bool {
        match self.0 {
            Some(n) => made >= n,
            None => false,
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("none"),
        }
    }
}

impl FromStr for Limit {
    type Err = String;
    /// `100` or `none` are the group's choices; any count from 1 is accepted for analysis.
    fn from_str(s: &str) -> Result<Limit, String> {
        if s == "none" {
            return Ok(Limit::NONE);
        }
        match crate::text::digits::<u16>(s) {
            Some(n) if n > 0 => Ok(Limit(Some(n))),
            _ => Err(format!("limit must be a count of Children moves (1..65535) or none, not {s:?}")),
        }
    }
}

impl TryFrom<String> for Limit {
    type Error = String;
    fn try_from(s: String) -> Result<Limit, String> {
        s.parse()
    }
}

impl From<Limit> for String {
    fn from(t: Limit) -> String {
        t.to_string()
    }
}

/// Every local rule of a Juroku Musashi group. `Default` is the site default from the seeds.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "json-schema", schemars(rename = "MusashiOptions"))]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct Options {
    /// Which side makes the first move (not who plays it). Default: the Parent.
    pub first: Role,
    /// Children the Parent must take. Default: 10.
    pub target: Target,
    /// Children move limit. Default: 100.
    pub limit: Limit,
    /// Board shape. Default: 33 points with the Setchin.
    pub board: BoardKind,
    /// Swap Parent and Children on a rematch. Default: on.
    pub swap_roles: bool,
    /// Show endangered Children and capture points. Default: on. (Display only.)
    pub show_danger: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            first: Role::Parent,
            target: Target::TEN,
            limit: Limit::HUNDRED,
            board: BoardKind::Setchin33,
            swap_roles: true,
            show_danger: true,
        }
    }
}
