//! The local rules of each game as data: id, allowed values, site default, and whether a group
//! may change it. Every way options arrive (a new group, the host's settings) is checked here,
//! and the rules pages print their tables from the same data, so a page can never disagree
//! with the game.

use rules::{AnyOptions, GameKind};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One local rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OptionSpec {
    /// The field name in the options JSON (`first`, `target`, ...).
    pub id: String,
    /// Every value a group may choose, as JSON values.
    pub values: Vec<serde_json::Value>,
    /// The site default.
    pub default: serde_json::Value,
    /// Whether a group's host may change it: not a rule with one value for groups (Bagh-Chal's
    /// repetition, whose other value is for the analysis board only).
    pub changeable: bool,
}

/// The local rules of `kind`, in the order the rules pages list them.
pub fn option_specs(kind: GameKind) -> Vec<OptionSpec> {
    let defaults = serde_json::to_value(AnyOptions::default_for(kind)).expect("options serialise");
    crate::games::option_choices(kind)
        .into_iter()
        .map(|(id, values)| OptionSpec {
            id: id.to_string(),
            default: defaults[id].clone(),
            changeable: values.len() > 1,
            values,
        })
        .collect()
}

/// Parses a group's options for `kind`, refusing values the group may not choose (such as the
/// analysis-only target `none`).
pub fn parse_options(kind: GameKind, value: &serde_json::Value) -> Result<AnyOptions, String> {
    let mut obj = value.as_object().cloned().ok_or("options must be an object")?;
    // The game is named once, beside the options; options of another game are refused rather
    // than read as this game's.
    if let Some(g) = obj.get("game")
        && g.as_str() != Some(kind.as_str())
    {
        return Err(format!("options.game must be {:?} or left out, not {g}", kind.as_str()));
    }
    for spec in option_specs(kind) {
        if let Some(v) = obj.get(&spec.id)
            && !spec.values.contains(v)
        {
            return Err(format!("{} may not be {v}", spec.id));
        }
    }
    obj.insert("game".into(), serde_json::Value::String(kind.as_str().into()));
    serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| e.to_string())
}

/// The options a group gets when it is created: the given ones over the site defaults.
pub fn group_options(kind: GameKind, given: Option<&Value>) -> Result<AnyOptions, String> {
    match given {
        None | Some(Value::Null) => Ok(AnyOptions::default_for(kind)),
        Some(v) => parse_options(kind, v),
    }
}

/// `current` with the fields of `changes` changed (the host's settings for the next game).
pub fn merge_options(current: AnyOptions, changes: &Map<String, Value>) -> Result<AnyOptions, String> {
    let mut merged = serde_json::to_value(current).expect("options serialise");
    let obj = merged.as_object_mut().expect("options are an object");
    obj.remove("game");
    obj.extend(changes.iter().map(|(k, v)| (k.clone(), v.clone())));
    parse_options(current.kind(), &merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_are_the_seeds_defaults() {
        let m = option_specs(GameKind::Musashi);
        let d: Vec<_> = m.iter().map(|s| (s.id.as_str(), s.default.clone())).collect();
        assert_eq!(
            d,
            vec![
                ("first", json!("parent")),
                ("target", json!("10")),
                ("limit", json!("100")),
                ("board", json!("33")),
                ("swapRoles", json!(true)),
                ("showDanger", json!(true)),
            ]
        );
        let d = option_specs(GameKind::Dots);
        assert_eq!(d[0].default, json!("5x4"));
        assert_eq!(d[0].values.len(), 9);
        assert_eq!(d[1].default, json!(true));
        for s in m.iter().chain(d.iter()) {
            assert!(s.values.contains(&s.default), "{}", s.id);
        }
    }

    #[test]
    fn parses_group_options() {
        let o = parse_options(GameKind::Musashi, &json!({"board": "25", "target": "6"})).unwrap();
        let AnyOptions::Musashi(o) = o else { panic!() };
        assert_eq!(o.board, rules::musashi::BoardKind::Square25);
        assert_eq!(o.target, rules::musashi::Target::SIX);
        assert_eq!(o.limit, rules::musashi::Limit::HUNDRED);
        assert!(parse_options(GameKind::Musashi, &json!({"target": "none"})).is_err());
        assert!(parse_options(GameKind::Musashi, &json!({"limit": "7"})).is_err());
        assert!(parse_options(GameKind::Musashi, &json!({"colour": "red"})).is_err());
        assert!(parse_options(GameKind::Dots, &json!({"size": "6x6"})).is_err());
        assert!(parse_options(GameKind::Dots, &json!([])).is_err());
        let AnyOptions::Dots(d) = parse_options(GameKind::Dots, &json!({"size": "3x5"})).unwrap() else { panic!() };
        assert_eq!(d.size, rules::dots::Size { w: 3, h: 5 });
        // The game may be named again, but not as another one.
        assert!(parse_options(GameKind::Dots, &json!({"game": "dots", "size": "3x5"})).is_ok());
        assert!(parse_options(GameKind::Dots, &json!({"game": "musashi", "size": "3x3"})).is_err());
        assert!(
            merge_options(AnyOptions::default_for(GameKind::Dots), json!({"game": "musashi"}).as_object().unwrap())
                .is_err()
        );
    }

    #[test]
    fn merges_the_hosts_changes() {
        let base = AnyOptions::default_for(GameKind::Musashi);
        let changes = json!({"board": "25"});
        let AnyOptions::Musashi(o) = merge_options(base, changes.as_object().unwrap()).unwrap() else { panic!() };
        assert_eq!(o.board, rules::musashi::BoardKind::Square25);
        assert_eq!(o.target, rules::musashi::Target::TEN);
        assert!(merge_options(base, json!({"board": "26"}).as_object().unwrap()).is_err());
    }
}
