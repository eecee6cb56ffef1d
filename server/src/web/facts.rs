//! The facts of the rules the web client draws and names things with, taken
//! from `chowka-protocol` so that the client keeps no copy of any rule: each
//! board size's geometry (South's path, homes, safe squares, the outer
//! ring), which throw values are graces, every option's allowed values and
//! the preset table the creation form starts from (as `GET /api/presets`).
//!
//! Built once and embedded in the page ([`super::render`]) as a JSON data
//! block the client reads at start (`web-client/js/facts.js`): no extra
//! request, and it is compressed and revalidated with the page.

use chowka_protocol::{
    is_grace, mouths_of_value, Board, Entry, Gate, Preset, ResolvedPreset, Side, Square, Stranded,
    BOARD_SIZES, VALUES,
};
use serde::Serialize;
use std::sync::OnceLock;

/// The `id` of the page's data block that holds the facts.
pub const ELEMENT_ID: &str = "chowka-facts";

/// Everything the client needs to know about the rules, as JSON.
#[derive(Serialize)]
struct Facts {
    /// Every throw value, smallest first (R5).
    values: [u8; 5],
    /// How many cowries land mouth up for each of `values` (R5).
    mouths: [u8; 5],
    /// The values that are graces: they give one more throw (R6).
    grace: Vec<u8>,
    /// Every preset's wire name, in [`Preset::ALL`] order.
    presets: Vec<&'static str>,
    /// Every option of room creation with its allowed values, in the rule
    /// book's order (O1-O6).
    options: Vec<OptionFacts>,
    /// Each board size's geometry, smallest first (R1).
    boards: Vec<BoardFacts>,
    /// What every preset resolves to on every board, with the pawn counts
    /// allowed there: `GET /api/presets`'s table, here so that the home
    /// page's creation form is ready without a round trip for it.
    preset_table: Vec<ResolvedPreset>,
}

/// One option and the values it allows.
#[derive(Serialize)]
struct OptionFacts {
    /// The option's field in `rules` (`entry`, `three_grace`...).
    key: &'static str,
    /// Its allowed values, as they appear in `rules`.
    values: Vec<serde_json::Value>,
}

/// The geometry of one board size (R1-R4).
#[derive(Serialize)]
struct BoardFacts {
    /// N.
    size: u8,
    /// South's path, home first and the centre last (R3); other sides walk
    /// it turned by a quarter per side.
    path: Vec<Square>,
    /// Home squares by side, S, E, N, W (R2).
    homes: Vec<Square>,
    /// The safe squares (R4).
    safe: Vec<Square>,
    /// Path positions on the outer ring, 4(N-1): positions below it are
    /// outer squares, and a walk round the ring (the `lap` gate, R8) lands
    /// this many positions back.
    ring: u8,
    /// The gate G, the last outer position (R3).
    gate: u8,
    /// The centre F, the last position (R3).
    centre: u8,
}

impl BoardFacts {
    fn new(board: Board) -> BoardFacts {
        let n = board.size();
        let squares = (0..n).flat_map(|row| (0..n).map(move |col| Square { row, col }));
        BoardFacts {
            size: n,
            path: (0..=board.centre())
                .map(|pos| board.square(Side::S, pos))
                .collect(),
            homes: Side::ALL.into_iter().map(|s| board.home(s)).collect(),
            safe: squares.filter(|&q| board.is_safe(q)).collect(),
            ring: board.first_inner(),
            gate: board.gate(),
            centre: board.centre(),
        }
    }
}

/// A value as the rules' JSON spells it.
fn json(v: impl Serialize) -> serde_json::Value {
    serde_json::to_value(v).expect("option values serialize")
}

impl Facts {
    fn new() -> Facts {
        let yes_no = || vec![json(true), json(false)];
        let option = |key, values| OptionFacts { key, values };
        Facts {
            values: VALUES,
            mouths: VALUES.map(mouths_of_value),
            grace: VALUES.into_iter().filter(|&v| is_grace(v)).collect(),
            presets: Preset::ALL.into_iter().map(Preset::name).collect(),
            options: vec![
                option("entry", Entry::ALL.into_iter().map(json).collect()),
                option("gate", Gate::ALL.into_iter().map(json).collect()),
                option("three_grace", yes_no()),
                option("stranded", Stranded::ALL.into_iter().map(json).collect()),
                option("pairs", yes_no()),
                option("truce", yes_no()),
            ],
            boards: BOARD_SIZES
                .into_iter()
                .filter_map(Board::new)
                .map(BoardFacts::new)
                .collect(),
            preset_table: ResolvedPreset::all(),
        }
    }
}

/// The facts as JSON, safe inside a `<script>` element (no `</`), built
/// once: they only change with the binary.
pub fn json_for_page() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        serde_json::to_string(&Facts::new())
            .expect("facts serialize")
            .replace("</", "<\\/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facts_come_from_the_engine() {
        let facts: serde_json::Value = serde_json::from_str(json_for_page()).unwrap();
        assert_eq!(facts["grace"], serde_json::json!([4, 8]));
        assert_eq!(facts["mouths"], serde_json::json!([1, 2, 3, 4, 0]));
        let five = &facts["boards"][0];
        assert_eq!(five["size"], 5);
        assert_eq!(five["path"].as_array().unwrap().len(), 25);
        assert_eq!(five["path"][0], serde_json::json!({ "row": 4, "col": 2 }));
        assert_eq!(five["safe"].as_array().unwrap().len(), 5);
        assert_eq!(
            (five["ring"].clone(), five["gate"].clone()),
            (16.into(), 15.into())
        );
        let entry = &facts["options"][0];
        assert_eq!(entry["key"], "entry");
        assert_eq!(entry["values"][1], "grace-one");
        assert_eq!(
            facts["options"][2]["values"],
            serde_json::json!([true, false])
        );
        assert_eq!(
            facts["preset_table"],
            serde_json::to_value(ResolvedPreset::all()).unwrap(),
            "the table GET /api/presets answers"
        );
    }
}
