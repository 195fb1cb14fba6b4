//! JSON Schemas of the option values that travel as text (`"10"`, `"none"`, `"5x4"`): their
//! serde impls go through `String`, so a derived schema would only say "a string". These say
//! which strings: what the server writes (the serialize contract) and what `FromStr` accepts
//! (the deserialize contract), which is a little wider (leading zeros: `"05x4"` is a size too).

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::dots::Size;
use crate::musashi::{Limit, Target};

impl JsonSchema for Target {
    fn schema_name() -> Cow<'static, str> {
        "MusashiTarget".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "Children the Parent must take to win; `none`: only trapping ends the game.",
            "type": "string",
            "enum": ["10", "6", "none"],
        })
    }
}

/// The numbers 1 to 65535 (a `u16` that is not 0), written without leading zeros.
const U16_FROM_1: &str = "(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])";

impl JsonSchema for Limit {
    fn schema_name() -> Cow<'static, str> {
        "MusashiLimit".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        // Reading takes leading zeros too (digits only: no sign).
        let number =
            if generator.contract().is_serialize() { U16_FROM_1.to_string() } else { format!("0*{U16_FROM_1}") };
        json_schema!({
            "description": "How many moves the Children may make (1 to 65535), or `none`.",
            "type": "string",
            "pattern": format!("^(?:none|{number})$"),
        })
    }
}

impl JsonSchema for Size {
    fn schema_name() -> Cow<'static, str> {
        "DotsSize".into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let pattern = if generator.contract().is_serialize() { "^[3-5]x[3-5]$" } else { "^0*[3-5]x0*[3-5]$" };
        json_schema!({
            "description": "Boxes across and down, each 3 to 5: `5x4`.",
            "type": "string",
            "pattern": pattern,
        })
    }
}
