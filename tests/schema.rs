//! The JSON Schema of case format v1 is generated from the Rust types; the committed copy
//! must be current. Regenerate with `UPDATE_SCHEMA=1 cargo test --test integration -- schema::`.

#[test]
fn committed_schema_is_current() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle-cases/case.schema.json");
    let generated = go_oracle::parse::case::json_schema();
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    pretty_assertions::assert_eq!(
        committed,
        generated,
        "oracle-cases/case.schema.json is stale: run UPDATE_SCHEMA=1 cargo test --test integration -- schema::"
    );
}

#[test]
fn schema_names_the_top_level_fields() {
    let schema: serde_json::Value =
        serde_json::from_str(&go_oracle::parse::case::json_schema()).unwrap();
    let props = schema["properties"].as_object().unwrap();
    for field in [
        "id",
        "source",
        "checks",
        "positions",
        "labels",
        "notes",
        "tags",
    ] {
        assert!(props.contains_key(field), "schema lacks `{field}`");
    }
    assert_eq!(schema["additionalProperties"], serde_json::json!(false));
}
