//! The chart for docs/performance.md: p99 (solid) and p50 (dashed)
//! latency against rooms, one colour per target, as SVG (the text is left
//! to the viewer's fonts, so drawing needs none).

use super::report::Measurement;
use super::workload::Pace;
use super::Target;
use plotters::prelude::*;
use std::path::Path;

/// Colours by target, told apart also in grey.
fn colour(target: Target) -> RGBColor {
    match target {
        Target::ChowkaSqlite => RGBColor(0x1f, 0x5f, 0xbf),
        Target::ChowkaPostgres => RGBColor(0x7a, 0x3d, 0xb8),
        Target::Bare => RGBColor(0x33, 0x33, 0x33),
        Target::Colyseus => RGBColor(0xd9, 0x6b, 0x00),
    }
}

/// Draws every target's latency against rooms into the SVG file `path`.
pub fn draw(path: &Path, all: &[Measurement]) -> Result<(), String> {
    draw_inner(path, all).map_err(|e| format!("chart {}: {e}", path.display()))
}

fn draw_inner(path: &Path, all: &[Measurement]) -> Result<(), Box<dyn std::error::Error>> {
    if all.is_empty() {
        return Err("nothing measured".into());
    }
    let ms = |d: std::time::Duration| (d.as_secs_f64() * 1e3).max(0.01);
    let most_rooms = all.iter().map(|m| m.rooms).max().unwrap_or(1) as f64;
    let lowest = all.iter().map(|m| ms(m.p50)).fold(f64::MAX, f64::min);
    let highest = all.iter().map(|m| ms(m.p99)).fold(0.0, f64::max);
    let pace = match all[0].pace {
        Pace::Open { rate: 1.0 } => "one action per room per second".into(),
        Pace::Open { rate } => format!("{rate} actions per room per second"),
        Pace::Closed => "closed loop".into(),
    };
    let root = SVGBackend::new(path, (1040, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    // The key beside the plot, not on it, where it would hide points.
    let (plot, key) = root.split_horizontally(840);
    let mut chart = ChartBuilder::on(&plot)
        .caption(
            format!("Latency to all 4 sockets against rooms ({pace})"),
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(
            0.0..most_rooms * 1.08,
            (lowest / 2.0..highest * 2.0).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("rooms of 4 WebSocket players")
        .y_desc("latency, ms (log scale)")
        .light_line_style(WHITE)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y}"))
        .draw()?;
    let mut targets: Vec<Target> = all.iter().map(|m| m.target).collect();
    targets.sort();
    targets.dedup();
    for (row, target) in targets.into_iter().enumerate() {
        let colour = colour(target);
        let mut points: Vec<&Measurement> = all.iter().filter(|m| m.target == target).collect();
        points.sort_by_key(|m| m.rooms);
        let p99: Vec<(f64, f64)> = points.iter().map(|m| (m.rooms as f64, ms(m.p99))).collect();
        let p50: Vec<(f64, f64)> = points.iter().map(|m| (m.rooms as f64, ms(m.p50))).collect();
        chart.draw_series(LineSeries::new(p99.iter().copied(), colour.stroke_width(2)))?;
        chart.draw_series(p99.iter().map(|&p| Circle::new(p, 4, colour.filled())))?;
        chart.draw_series(DashedLineSeries::new(
            p50.iter().copied(),
            6,
            4,
            colour.into(),
        ))?;
        chart.draw_series(p50.iter().map(|&p| Circle::new(p, 3, colour)))?;
        let y = 70 + 56 * row as i32;
        key.draw(&PathElement::new([(8, y), (40, y)], colour.stroke_width(2)))?;
        key.draw(&Text::new(
            format!("{target} p99"),
            (48, y - 7),
            ("sans-serif", 14),
        ))?;
        for x in [8, 20, 32] {
            key.draw(&PathElement::new([(x, y + 22), (x + 7, y + 22)], colour))?;
        }
        key.draw(&Text::new(
            format!("{target} p50"),
            (48, y + 15),
            ("sans-serif", 14),
        ))?;
    }
    root.present()?;
    Ok(())
}
