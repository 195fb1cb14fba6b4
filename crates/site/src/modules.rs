//! The client's ES modules as a graph: the import map that sends every module's plain URL to
//! its versioned one ([`crate::assets`]), and the modules a page should preload.
//!
//! Without preloading, a browser finds a module's imports only after fetching and parsing it,
//! so `app.js -> i18n.js -> fluent-bundle/index.js` and `play.js -> play/end.js -> ...` cost
//! one round trip each. The page lists the whole static closure of what it will run as
//! `<link rel=modulepreload>`, so all of it is fetched at once. The graph is read from the
//! modules' own `import ... from '...'` statements, so it follows the code as it changes.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use base64::Engine;
use sha2::{Digest, Sha256};

use crate::assets;

/// The module the pages start (`<script type=module>`).
pub const ENTRY: &str = "app.js";

/// The specifiers of a module's static imports and re-exports (`import x from './a.js'`,
/// `import './a.js'`, `export { y } from './b.js'`), in order. Dynamic `import()` calls and
/// JSDoc `import('...')` types are not static imports and are skipped. Statements are read from
/// lines that start with `import` or `export` at column 0, up to their specifier, which is how
/// every module of `web/` (and of the vendored Fluent) is written.
pub fn static_imports(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_statement = false;
    for line in source.lines() {
        // `export function ...` and `export const ...` name no module; `export {` and
        // `export *` may, on this line or a later one.
        let starts = line.starts_with("import ")
            || line.starts_with("import{")
            || line.starts_with("export {")
            || line.starts_with("export *")
            || (line.starts_with("export ") && line.contains(" from "));
        if !in_statement && !starts {
            continue;
        }
        in_statement = true;
        if let Some(spec) = specifier(line) {
            out.push(spec);
            in_statement = false;
        } else if line.contains(';') {
            in_statement = false;
        }
    }
    out
}

/// The quoted module name after `from` or right after `import` on a line.
fn specifier(line: &str) -> Option<String> {
    let rest = if let Some(i) = line.find(" from ") {
        &line[i + 6..]
    } else if let Some(r) = line.strip_prefix("import ") {
        r
    } else if let Some(i) = line.find("from ") {
        &line[i + 5..]
    } else {
        return None;
    };
    let rest = rest.trim_start();
    let quote = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = rest[1..].find(quote)?;
    Some(rest[1..1 + end].to_string())
}

/// `spec` imported by the module at `from` (both paths under `web/`), or `None` for a bare or
/// absolute specifier, which the client does not use.
pub fn resolve(from: &str, spec: &str) -> Option<String> {
    if !spec.starts_with("./") && !spec.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for piece in spec.split('/') {
        match piece {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// Every module's static imports, as paths under `web/`.
fn graph() -> &'static BTreeMap<String, Vec<String>> {
    static GRAPH: OnceLock<BTreeMap<String, Vec<String>>> = OnceLock::new();
    GRAPH.get_or_init(|| {
        assets::all()
            .iter()
            .filter(|(path, _)| path.ends_with(".js"))
            .map(|(path, a)| {
                let src = String::from_utf8_lossy(&a.data);
                let deps = static_imports(&src).iter().filter_map(|s| resolve(path, s)).collect();
                (path.clone(), deps)
            })
            .collect()
    })
}

/// The modules `roots` import, directly or not, with the roots themselves, in a stable order.
pub fn closure(roots: &[&str]) -> BTreeSet<String> {
    let g = graph();
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
    while let Some(m) = todo.pop() {
        if g.contains_key(&m) && seen.insert(m.clone()) {
            todo.extend(g[&m].iter().cloned());
        }
    }
    seen
}

/// The page's import map: each module's plain URL to its versioned URL.
pub fn import_map() -> &'static str {
    static MAP: OnceLock<String> = OnceLock::new();
    MAP.get_or_init(|| {
        let imports: serde_json::Map<String, serde_json::Value> =
            graph().keys().map(|m| (format!("/static/{m}"), assets::url(m).into())).collect();
        serde_json::json!({ "imports": imports }).to_string()
    })
}

/// The `script-src` source that allows the inline import map (its SHA-256), for the site's
/// Content-Security-Policy.
pub fn import_map_csp_source() -> &'static str {
    static SRC: OnceLock<String> = OnceLock::new();
    SRC.get_or_init(|| {
        let digest = Sha256::digest(import_map().as_bytes());
        format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_static_imports_only() {
        let src = "// import x from './no.js'\nimport { a } from './a.js';\nimport {\n  b,\n  c,\n} from \"../b.js\";\nimport './side.js';\nexport { d } from './d.js';\nexport * from \"./e.js\";\nexport function f() {\n  return import('./lazy.js');\n}\n/** @type {import('./types.js').T} */\nconst t = 1;\n";
        assert_eq!(static_imports(src), ["./a.js", "../b.js", "./side.js", "./d.js", "./e.js"]);
    }

    #[test]
    fn resolves_relative_specifiers() {
        assert_eq!(resolve("musashi/index.js", "../dom.js").as_deref(), Some("dom.js"));
        assert_eq!(resolve("musashi/index.js", "./render.js").as_deref(), Some("musashi/render.js"));
        assert_eq!(
            resolve("app.js", "./vendor/fluent-bundle/index.js").as_deref(),
            Some("vendor/fluent-bundle/index.js")
        );
        assert_eq!(resolve("app.js", "../up.js"), None);
        assert_eq!(resolve("app.js", "lit"), None);
    }

    #[test]
    fn the_entry_reaches_fluent_through_i18n() {
        let c = closure(&[ENTRY]);
        for m in ["app.js", "i18n.js", "vendor/fluent-bundle/index.js"] {
            assert!(c.contains(m), "{m} missing from {c:?}");
        }
        // Page modules are loaded by dynamic import, so they are not in the entry's closure.
        assert!(!c.contains("play.js") && !c.contains("home.js"), "{c:?}");
    }

    #[test]
    fn every_import_resolves_to_an_embedded_module() {
        for (m, deps) in graph() {
            for d in deps {
                assert!(graph().contains_key(d), "{m} imports {d}, which is not embedded");
            }
        }
    }

    #[test]
    fn import_map_maps_every_module_to_its_version() {
        let map: serde_json::Value = serde_json::from_str(import_map()).unwrap();
        let imports = map["imports"].as_object().unwrap();
        assert!(imports.len() >= 20, "{}", imports.len());
        assert_eq!(imports["/static/app.js"], assets::url("app.js"));
        assert!(imports["/static/app.js"].as_str().unwrap().contains("?v="));
        assert!(import_map_csp_source().starts_with("'sha256-"));
    }
}
