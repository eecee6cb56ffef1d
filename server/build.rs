//! Rebuilds the server when the embedded web client or rules change.
fn main() {
    println!("cargo:rerun-if-changed=../web-client");
    println!("cargo:rerun-if-changed=../docs/rules.md");
}
