//! The local rules of each game as data: id, allowed values, site default, and whether a group
//! may change it. The server validates settings against it and the rules pages print their
//! tables from it, so the page can never disagree with the game.

use serde::Serialize;

use crate::any::{AnyOptions, GameKind};

/// One local rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The field name in the options JSON (`first`, `target`, ...).
    pub id: &'static str,
    /// Every value a group may choose, as JSON values.
    pub values: Vec<serde_json::Value>,
    /// The site default.
    pub default: serde_json::Value,
    /// Whether a group's host may change it.
    pub changeable: bool,
}

/// The local rules of `kind`, in the order the rules pages list them.
pub fn option_specs(kind: GameKind) -> Vec<OptionSpec> {
    let defaults = serde_json::to_value(AnyOptions::default_for(kind)).expect("options serialise");
    let spec = |id: &'static str, values: Vec<serde_json::Value>| OptionSpec {
        id,
        default: defaults[id].clone(),
        values,
        changeable: true,
    };
    use serde_json::json;
    match kind {
        GameKind::Musashi => vec![
            spec("first", vec![json!("parent"), json!("children")]),
            spec("target", vec![json!("10"), json!("6")]),
            spec("limit", vec![json!("100"), json!("none")]),
            spec("board", vec![json!("33"), json!("25")]),
            spec("swapRoles", vec![json!(true), json!(false)]),
            spec("showDanger", vec![json!(true), json!(false)]),
        ],
        GameKind::Dots => vec![
            spec("size", crate::dots::Size::ALL.iter().map(|s| json!(s.to_string())).collect()),
            spec("swapFirst", vec![json!(true), json!(false)]),
        ],
    }
}

/// Turn time limits a host may choose, in seconds (`None`: no limit, the default).
pub const TURN_LIMITS: [Option<u32>; 3] = [None, Some(30), Some(60)];

/// Parses a group's options for `kind`, refusing values the group may not choose (such as the
/// analysis-only target `none`).
pub fn parse_options(kind: GameKind, value: &serde_json::Value) -> Result<AnyOptions, String> {
    let mut obj = value.as_object().cloned().ok_or("options must be an object")?;
    for spec in option_specs(kind) {
        if let Some(v) = obj.get(spec.id)
            && !spec.values.contains(v)
        {
            return Err(format!("{} may not be {v}", spec.id));
        }
    }
    obj.insert("game".into(), serde_json::Value::String(kind.as_str().into()));
    serde_json::from_value(serde_json::Value::Object(obj)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_are_the_seeds_defaults() {
        let m = option_specs(GameKind::Musashi);
        let d: Vec<_> = m.iter().map(|s| (s.id, s.default.clone())).collect();
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
        assert_eq!(o.board, crate::musashi::BoardKind::Square25);
        assert_eq!(o.target, crate::musashi::Target::SIX);
        assert_eq!(o.limit, crate::musashi::Limit::HUNDRED);
        assert!(parse_options(GameKind::Musashi, &json!({"target": "none"})).is_err());
        assert!(parse_options(GameKind::Musashi, &json!({"limit": "7"})).is_err());
        assert!(parse_options(GameKind::Musashi, &json!({"colour": "red"})).is_err());
        assert!(parse_options(GameKind::Dots, &json!({"size": "6x6"})).is_err());
        assert!(parse_options(GameKind::Dots, &json!([])).is_err());
        let AnyOptions::Dots(d) = parse_options(GameKind::Dots, &json!({"size": "3x5"})).unwrap() else { panic!() };
        assert_eq!(d.size, crate::dots::Size { w: 3, h: 5 });
    }
}
