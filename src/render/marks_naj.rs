//! NAJ's marks: control, read off the end of the analyses (N-18, N-19), so drawn from the
//! case's expected control diagrams.

use super::legend::draw_control;
use super::Diagram;
use crate::parse::case::Check;
use crate::parse::case_naj::NajCheck;

/// Control from the case's `control`, `black-control` or `white-control`.
pub(super) fn control(
    d: &mut Diagram,
    check: &Check,
    n: &NajCheck,
    source: &str,
) -> Result<(), String> {
    let len = d.geometry.len();
    let [b, w] = &n.control;
    if b.is_none() && w.is_none() {
        return Err(format!(
            "check `{}` has no expected control diagram (NAJ control is drawn from the case's `control`, `black-control` or `white-control`)",
            check.name
        ));
    }
    let conv = |m: &Option<Vec<bool>>| match m {
        Some(v) => v.iter().map(|&x| Some(x)).collect(),
        None => vec![Some(false); len],
    };
    draw_control(d, &[conv(b), conv(w)], Vec::new(), source);
    Ok(())
}
