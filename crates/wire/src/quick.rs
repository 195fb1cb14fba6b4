//! Quick messages between the two players of a table: a preset phrase travels as its id,
//! never as text, so each page shows it in its reader's own language and there is nothing to
//! moderate.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One of the preset phrases, as sent (`good-luck`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Phrase {
    Hello,
    GoodLuck,
    GoodGame,
    Thanks,
    Oops,
    WellPlayed,
    Sorry,
    MustGo,
}

/// From its id only: serde's own reading of an enum also takes `{"hello": null}`, which the
/// schema (and `docs/protocol.md`) refuse.
impl<'de> Deserialize<'de> for Phrase {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Phrase, D::Error> {
        let id = String::deserialize(d)?;
        Phrase::ALL.into_iter().find(|p| p.as_str() == id).ok_or_else(|| {
            let ids: Vec<&'static str> = Phrase::ALL.iter().map(|p| p.as_str()).collect();
            serde::de::Error::custom(format!(
                "a phrase is one of {ids:?}, not {:?}",
                id.chars().take(24).collect::<String>()
            ))
        })
    }
}

impl Phrase {
    /// Every phrase, in the order a page lists them.
    pub const ALL: [Phrase; 8] = [
        Phrase::Hello,
        Phrase::GoodLuck,
        Phrase::GoodGame,
        Phrase::Thanks,
        Phrase::Oops,
        Phrase::WellPlayed,
        Phrase::Sorry,
        Phrase::MustGo,
    ];

    /// The phrase's id as sent (`good-luck`).
    pub fn as_str(self) -> &'static str {
        match self {
            Phrase::Hello => "hello",
            Phrase::GoodLuck => "good-luck",
            Phrase::GoodGame => "good-game",
            Phrase::Thanks => "thanks",
            Phrase::Oops => "oops",
            Phrase::WellPlayed => "well-played",
            Phrase::Sorry => "sorry",
            Phrase::MustGo => "must-go",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_travel_as_their_ids() {
        for p in Phrase::ALL {
            let j = serde_json::to_value(p).unwrap();
            assert_eq!(j, p.as_str());
            assert_eq!(serde_json::from_value::<Phrase>(j).unwrap(), p);
        }
        assert!(serde_json::from_value::<Phrase>("Hello".into()).is_err());
        assert!(serde_json::from_value::<Phrase>("you are bad".into()).is_err());
        // Only the id: not serde's map form of an enum, nor another type.
        assert!(serde_json::from_value::<Phrase>(serde_json::json!({"hello": null})).is_err());
        assert!(serde_json::from_value::<Phrase>(serde_json::json!(["hello"])).is_err());
        assert!(serde_json::from_value::<Phrase>(serde_json::json!(1)).is_err());
    }
}
