//! The static value of a position at a search's horizon, for the Children, in score units (a
//! Child is worth 100). Each level weighs the same terms its own way ([`Weights`]).

use rules::Mask;
use rules::musashi::{Point, Position, Role};

/// What each term of [`evaluate`] costs the Children, per unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Each point the Parent can walk to through empty points (the Children win by shrinking
    /// that to nothing).
    pub region: i32,
    /// Each empty neighbour of the Parent.
    pub exits: i32,
    /// Each Child the Parent's best next step would take (the Parent to move).
    pub threat: i32,
    /// Each line that the Parent's point has fewer than the board's best points (eight): a
    /// point of three lines takes three Children to close, so the Parent is trapped sooner on
    /// the edge and in the Setchin's corners.
    pub few_lines: i32,
}

/// The plain search's weights (the intermediate, and the expert's Children).
pub const PLAIN: Weights = Weights { region: 6, exits: 20, threat: 80, few_lines: 0 };

/// The expert Parent's search. Its losses against the intermediate ended with the Parent shut
/// in on a point of few lines (`docs/design.md` §9.1).
pub const EXPERT_PARENT: Weights = Weights { few_lines: 15, ..PLAIN };

/// The most lines at one point (a point with diagonals, inside the square).
const MOST_LINES: i32 = 8;

/// The Children's value with the plain weights.
#[inline]
pub fn evaluate_children(pos: &Position) -> i32 {
    evaluate(pos, &PLAIN)
}

/// The Children's value: material, then the Parent's room and the captures it threatens.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let geo = pos.geometry();
    let around = geo.neighbours[pos.parent.index()];
    let exits = (around & pos.empty()).count() as i32;
    let threat = if pos.turn == Role::Parent {
        pos.parent_exits().map(|to| pos.captures_at(Point(to)).count()).max().unwrap_or(0) as i32
    } else {
        0
    };
    let few_lines = MOST_LINES - around.count() as i32;
    pos.children.count() as i32 * 100 - region(pos).count() as i32 * w.region - exits * w.exits - threat * w.threat
        + few_lines * w.few_lines
}

/// The points the Parent can reach by walking through empty points, its own included.
fn region(pos: &Position) -> Mask {
    let geo = pos.geometry();
    let empty = pos.empty();
    let mut region = pos.parent.mask();
    let mut frontier = region;
    while frontier.any() {
        let mut next = Mask::EMPTY;
        for p in frontier {
            next |= geo.neighbours[p as usize] & empty;
        }
        frontier = next & !region;
        region |= next;
    }
    region
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::musashi::BoardKind;

    #[test]
    fn the_plain_value_of_the_start() {
        // 16 Children; the Parent on c3 with its eight neighbours free (the region: those and
        // c3), and a step to d2 takes two (c1 and e3).
        let p = Position::start(BoardKind::Setchin33, Role::Parent);
        assert_eq!(evaluate_children(&p), 1_600 - 9 * 6 - 8 * 20 - 2 * 80);
    }

    #[test]
    fn a_point_of_few_lines_is_worse_for_the_parent_only_with_its_weight() {
        let centre: Position = "33:c3:a1,e5:p:0".parse().unwrap();
        let edge: Position = "33:e4:a1,a5:p:0".parse().unwrap();
        // The same material and region, no threat; e4 has three lines, c3 eight.
        let d_plain = evaluate(&edge, &PLAIN) - evaluate(&centre, &PLAIN);
        let d_expert = evaluate(&edge, &EXPERT_PARENT) - evaluate(&centre, &EXPERT_PARENT);
        assert_eq!(d_expert - d_plain, 5 * EXPERT_PARENT.few_lines);
    }
}
