//! Prints the protocol's JSON Schema: `cargo run -p wire --example schema > docs/protocol.schema.json`.

fn main() {
    print!("{}", wire::protocol_schema_text());
}
