//! The app's icons for the home screen (the web app manifest's and the
//! iPhone's `apple-touch-icon`), drawn from the favicon's shapes
//! (`web-client/favicon.svg`: a cowrie on the theme colour) with
//! tiny-skia, once per size, and kept.

use std::sync::OnceLock;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Transform};

/// An icon the server draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// The favicon as it is, rounded corners on a clear ground, 192 pixels.
    Any192,
    /// The same, 512 pixels.
    Any512,
    /// Full-bleed 512 pixels, the cowrie inside the middle 80% that every
    /// launcher's mask keeps (`purpose: maskable`).
    Maskable512,
    /// Full-bleed 180 pixels for iPhones, which round the corners themselves.
    Apple180,
}

impl Icon {
    /// Every icon.
    pub const ALL: [Icon; 4] = [
        Icon::Any192,
        Icon::Any512,
        Icon::Maskable512,
        Icon::Apple180,
    ];

    /// Its address on the site.
    pub fn path(self) -> &'static str {
        match self {
            Icon::Any192 => "/icon-192.png",
            Icon::Any512 => "/icon-512.png",
            Icon::Maskable512 => "/icon-maskable-512.png",
            Icon::Apple180 => "/apple-touch-icon.png",
        }
    }

    /// Its width and height in pixels.
    pub fn size(self) -> u32 {
        match self {
            Icon::Any192 => 192,
            Icon::Any512 | Icon::Maskable512 => 512,
            Icon::Apple180 => 180,
        }
    }

    /// Whether its ground fills the square (no rounded corners).
    fn full_bleed(self) -> bool {
        matches!(self, Icon::Maskable512 | Icon::Apple180)
    }

    /// The PNG, drawn at the first request and kept (each is a few kB).
    pub fn png(self) -> &'static [u8] {
        static DRAWN: [OnceLock<Vec<u8>>; 4] = [const { OnceLock::new() }; 4];
        let at = Icon::ALL.iter().position(|i| *i == self).unwrap_or(0);
        DRAWN[at].get_or_init(|| draw(self).unwrap_or_default())
    }
}

/// The theme colour, the favicon's ground (`#7a2e1d`).
pub const THEME: [u8; 3] = [0x7a, 0x2e, 0x1d];
/// The cowrie's shell (`#f6ead2`).
const SHELL: [u8; 3] = [0xf6, 0xea, 0xd2];
/// The cowrie's slit (`#3b2415`).
const SLIT: [u8; 3] = [0x3b, 0x24, 0x15];

fn paint(rgb: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], 255));
    p.anti_alias = true;
    p
}

/// The favicon's 64-unit drawing at the icon's size. `None` only if
/// tiny-skia refuses a shape, which fixed shapes never make it do.
fn draw(icon: Icon) -> Option<Vec<u8>> {
    let size = icon.size();
    let mut pixmap = Pixmap::new(size, size)?;
    let unit = size as f32 / 64.0;
    let whole = Transform::from_scale(unit, unit);
    let ground = if icon.full_bleed() {
        PathBuilder::from_rect(tiny_skia::Rect::from_xywh(0.0, 0.0, 64.0, 64.0)?)
    } else {
        rounded_square(64.0, 12.0)?
    };
    pixmap.fill_path(&ground, &paint(THEME), FillRule::Winding, whole, None);
    // A maskable icon keeps its shell well inside the safe circle.
    let shrink = if icon == Icon::Maskable512 { 0.8 } else { 1.0 };
    let shell_at = whole
        .pre_translate(32.0, 32.0)
        .pre_scale(shrink, shrink)
        .pre_translate(-32.0, -32.0);
    let shell = PathBuilder::from_oval(tiny_skia::Rect::from_xywh(15.0, 9.0, 34.0, 46.0)?)?;
    pixmap.fill_path(&shell, &paint(SHELL), FillRule::Winding, shell_at, None);
    // `M32 13c4 12 4 26 0 38-4-12-4-26 0-38z`
    let mut slit = PathBuilder::new();
    slit.move_to(32.0, 13.0);
    slit.cubic_to(36.0, 25.0, 36.0, 39.0, 32.0, 51.0);
    slit.cubic_to(28.0, 39.0, 28.0, 25.0, 32.0, 13.0);
    slit.close();
    pixmap.fill_path(
        &slit.finish()?,
        &paint(SLIT),
        FillRule::Winding,
        shell_at,
        None,
    );
    pixmap.encode_png().ok()
}

/// A square of side `side` with corners of radius `r` (the SVG's `rx`).
fn rounded_square(side: f32, r: f32) -> Option<tiny_skia::Path> {
    // The control points' distance that makes a cubic a quarter circle.
    let k = r * 0.552_284_8;
    let mut p = PathBuilder::new();
    p.move_to(r, 0.0);
    p.line_to(side - r, 0.0);
    p.cubic_to(side - r + k, 0.0, side, r - k, side, r);
    p.line_to(side, side - r);
    p.cubic_to(side, side - r + k, side - r + k, side, side - r, side);
    p.line_to(r, side);
    p.cubic_to(r - k, side, 0.0, side - r + k, 0.0, side - r);
    p.line_to(0.0, r);
    p.cubic_to(0.0, r - k, r - k, 0.0, r, 0.0);
    p.close();
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_icon_is_a_png_of_its_size_in_the_theme_colour() {
        for icon in Icon::ALL {
            let png = icon.png();
            let pixmap = Pixmap::decode_png(png).expect("a PNG");
            assert_eq!(
                (pixmap.width(), pixmap.height()),
                (icon.size(), icon.size())
            );
            let at = |x: u32, y: u32| pixmap.pixel(x, y).expect("inside").demultiply();
            let s = icon.size();
            // The ground beside the shell is the theme colour.
            let ground = at(s / 10, s / 2);
            assert_eq!(
                [ground.red(), ground.green(), ground.blue()],
                THEME,
                "{icon:?}"
            );
            // The middle is the slit, a little off it the shell.
            let slit = at(s / 2, s / 2);
            assert_eq!([slit.red(), slit.green(), slit.blue()], SLIT, "{icon:?}");
            let shell = at(s / 2 + s / 8, s / 2);
            assert_eq!(
                [shell.red(), shell.green(), shell.blue()],
                SHELL,
                "{icon:?}"
            );
            // Only the plain icons have clear (rounded) corners.
            assert_eq!(at(0, 0).alpha() == 0, !icon.full_bleed(), "{icon:?}");
        }
    }
}
