//! One script for a page's module graph, joined when the server starts: a browser keeps six
//! connections to a host over HTTP/1.1, so the game page's thirteen modules queued behind each
//! other (and the game's state behind them) as a waterfall of imports; one request instead
//! leaves the connections to the state and the rules facts.
//!
//! The sources stay plain modules (the lobby and the rules page load them as they are). The
//! join is scope hoisting for the forms they are written in: every module once, after the
//! modules it imports, in the order the browser evaluates them (depth first, imports in source
//! order); `import { … } from "./x.js";` lines dropped and the `export ` of a top-level
//! declaration removed, so the modules share one scope, an import is the exported binding
//! itself (live, as `let locale` must be) and two modules may not declare the same top-level
//! name. Any other form (`export default`, `import * as`, a renamed or multi-line import, a
//! cycle) is refused with the file and line, so the join can only be what the modules mean.

use std::collections::{HashMap, HashSet};

/// Why a module graph cannot be joined.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BundleError {
    #[error("{0}: no such module")]
    Missing(String),
    #[error("{file}:{line}: {why}")]
    Form { file: String, line: usize, why: &'static str },
    #[error("modules import each other: {0}")]
    Cycle(String),
    #[error("top-level name `{name}` declared by both {first} and {second}")]
    Clash { name: String, first: String, second: String },
}

/// A module's source split into the modules it imports and its code with imports and exports
/// taken out (a dropped line stays as an empty one, so line numbers in the join stay close).
struct Module {
    imports: Vec<String>,
    code: String,
    names: Vec<String>,
}

fn parse(file: &str, source: &str) -> Result<Module, BundleError> {
    let form = |line: usize, why| BundleError::Form { file: file.to_string(), line: line + 1, why };
    let mut imports = Vec::new();
    let mut names = Vec::new();
    let mut code = String::with_capacity(source.len());
    for (n, line) in source.lines().enumerate() {
        let mut line = line;
        if let Some(rest) = line.strip_prefix("import ") {
            let (list, from) =
                rest.split_once(" from ").ok_or_else(|| form(n, "an import without `from` on its line"))?;
            let list = list.trim();
            if !(list.starts_with('{') && list.ends_with('}')) || list.contains(" as ") {
                return Err(form(n, "only `import { a, b } from \"./x.js\";` is joined"));
            }
            let target = from.trim().strip_suffix(';').unwrap_or(from.trim());
            let target = target
                .strip_prefix("\"./")
                .and_then(|t| t.strip_suffix('"'))
                .ok_or_else(|| form(n, "an import not of a module beside it (\"./x.js\")"))?;
            imports.push(target.to_string());
            code.push('\n');
            continue;
        }
        if let Some(rest) = line.strip_prefix("export ") {
            line = rest;
            if declared(line).is_none() {
                return Err(form(
                    n,
                    "only `export` of a function, class, const or let declaration is joined",
                ));
            }
        } else if line.starts_with("export{") || line.starts_with("import{") || line.contains("import(") {
            return Err(form(n, "an import or export form that is not joined"));
        }
        if let Some(name) = declared(line) {
            names.push(name.to_string());
        }
        code.push_str(line);
        code.push('\n');
    }
    Ok(Module { imports, code, names })
}

/// The name a top-level declaration starting `line` declares (the sources write one per line,
/// at the left margin; a destructuring declaration is not looked into).
fn declared(line: &str) -> Option<&str> {
    let rest = [
        "async function* ",
        "async function ",
        "function* ",
        "function ",
        "class ",
        "const ",
        "let ",
        "var ",
    ]
    .iter()
    .find_map(|k| line.strip_prefix(k))?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// The module graph of `entry` (a name under `/static/`) as one module script; `source` gives a
/// module's text by its name.
pub fn bundle<'a>(entry: &str, source: impl Fn(&str) -> Option<&'a str>) -> Result<String, BundleError> {
    let mut order = Vec::new();
    let mut done = HashSet::new();
    let mut path = Vec::new();
    visit(entry, &source, &mut path, &mut done, &mut order)?;
    let mut owner: HashMap<&str, &str> = HashMap::new();
    let mut out = String::new();
    for (file, module) in &order {
        for name in &module.names {
            if let Some(first) = owner.insert(name, file) {
                return Err(BundleError::Clash {
                    name: name.clone(),
                    first: first.to_string(),
                    second: file.clone(),
                });
            }
        }
        out.push_str(&format!("// ---- {file}\n"));
        out.push_str(&module.code);
    }
    Ok(out)
}

fn visit<'a>(
    file: &str,
    source: &impl Fn(&str) -> Option<&'a str>,
    path: &mut Vec<String>,
    done: &mut HashSet<String>,
    order: &mut Vec<(String, Module)>,
) -> Result<(), BundleError> {
    if done.contains(file) {
        return Ok(());
    }
    if path.iter().any(|p| p == file) {
        return Err(BundleError::Cycle(format!("{} → {file}", path.join(" → "))));
    }
    let module = parse(file, source(file).ok_or_else(|| BundleError::Missing(file.to_string()))?)?;
    path.push(file.to_string());
    for dep in &module.imports {
        visit(dep, source, path, done, order)?;
    }
    path.pop();
    done.insert(file.to_string());
    order.push((file.to_string(), module));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<&'static str> {
        |name| list.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }

    #[test]
    fn modules_come_after_their_imports_in_evaluation_order_once_each() {
        let src = files(&[
            ("main.js", "import { a } from \"./a.js\";\nimport { b } from \"./b.js\";\nconsole.log(a, b);\n"),
            ("a.js", "import { c } from \"./c.js\";\nexport const a = c + 1;\n"),
            ("b.js", "import { c } from \"./c.js\";\nexport function b() { return c; }\n"),
            ("c.js", "export let c = 1;\n"),
        ]);
        let out = bundle("main.js", src).unwrap();
        let at = |s: &str| out.find(s).unwrap();
        assert!(at("let c = 1") < at("const a = c + 1") && at("const a") < at("function b()"));
        assert!(at("function b()") < at("console.log(a, b)"));
        assert_eq!(out.matches("let c = 1").count(), 1);
        assert!(!out.contains("import ") && !out.contains("export "), "{out}");
    }

    #[test]
    fn unjoinable_forms_cycles_and_clashes_are_refused_with_where() {
        let one = |s: &'static str| bundle("m.js", move |n| (n == "m.js").then_some(s));
        assert_eq!(
            one("let x;\nexport default x;\n"),
            Err(BundleError::Form {
                file: "m.js".into(),
                line: 2,
                why: "only `export` of a function, class, const or let declaration is joined"
            })
        );
        assert!(matches!(one("import * as a from \"./a.js\";\n"), Err(BundleError::Form { line: 1, .. })));
        assert!(matches!(one("import { a as b } from \"./a.js\";\n"), Err(BundleError::Form { .. })));
        assert!(matches!(one("import {\n  a,\n} from \"./a.js\";\n"), Err(BundleError::Form { .. })));
        assert!(matches!(one("const m = await import(\"./a.js\");\n"), Err(BundleError::Form { .. })));
        assert_eq!(one("import { a } from \"./gone.js\";\n"), Err(BundleError::Missing("gone.js".into())));
        let cycle = files(&[
            ("a.js", "import { b } from \"./b.js\";\n"),
            ("b.js", "import { a } from \"./a.js\";\n"),
        ]);
        assert_eq!(bundle("a.js", cycle), Err(BundleError::Cycle("a.js → b.js → a.js".into())));
        let clash = files(&[
            ("a.js", "import { b } from \"./b.js\";\nconst KEY = 1;\n"),
            ("b.js", "export const b = 2;\nconst KEY = 3;\n"),
        ]);
        assert_eq!(
            bundle("a.js", clash),
            Err(BundleError::Clash { name: "KEY".into(), first: "b.js".into(), second: "a.js".into() })
        );
    }
}
