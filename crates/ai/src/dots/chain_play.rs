//! How a good player plays the chains once boxes are on offer or every line gives something
//! away: take or decline at a chain's end, and the cheapest sacrifice. The levels, the
//! expert and the expert's playouts all play their endgames this way, so it sits below all
//! three of them (it was in `levels.rs`, which made levels -> expert -> mcts -> playout ->
//! levels a circle).

use super::board::{Board, NONE};
use super::chains::{EndgameTable, LOOP, simple_components};

/// The undrawn lines, from the centre out.
pub(super) fn undrawn_list(board: &Board, drawn: u64) -> Vec<u8> {
    board.centre_out.iter().copied().filter(|&e| drawn & 1 << e == 0).collect()
}

/// Lines that complete a box.
pub(super) fn captures(board: &Board, drawn: u64) -> Vec<u8> {
    in_centre_out(board, capture_mask(board, drawn)).collect()
}

/// The undrawn lines that complete a box (the fourth sides of boxes with three drawn).
#[inline]
fn capture_mask(board: &Board, drawn: u64) -> u64 {
    let mut m = 0u64;
    for &b in &board.box_edges {
        if (drawn & b).count_ones() == 3 {
            m |= b;
        }
    }
    m & !drawn
}

/// The lines of `mask`, from the centre out: the order the rules below pick lines in.
/// Playouts call them at every step, so they walk a mask rather than collect a list.
#[inline]
fn in_centre_out(board: &Board, mask: u64) -> impl Iterator<Item = u8> + '_ {
    board.centre_out.iter().copied().filter(move |&e| mask & 1 << e != 0)
}

/// With a box on offer: take it, or decline the last two boxes of a chain (four of a loop)
/// when the position after is simple and the table says keeping control pays; when it is
/// not simple, decline when a long chain or a loop remains (the long-chain rule).
pub fn capture_or_decline(board: &Board, drawn: u64, table: &mut EndgameTable) -> Option<u8> {
    let caps = capture_mask(board, drawn);
    // A capture that offers nothing new is always right.
    for e in in_centre_out(board, caps) {
        if !board.offers(drawn, e) {
            return Some(e);
        }
    }
    // Every capture offers the next box of a chain or loop. Keep taking wherever more than
    // the last two boxes of a chain (four of a loop) are left; the decision to decline is
    // made only at the very last such end, once everything else has been taken.
    let mut last = None;
    for e in in_centre_out(board, caps) {
        match chain_end(board, drawn, e) {
            None => return Some(e),
            // The other end of the same opened loop: the same decision.
            Some((_, after, _)) if last.is_some_and(|(_, (_, a, _))| a == after) => {}
            Some(_) if last.is_some() => return Some(e),
            Some(end) => last = Some((e, end)),
        }
    }
    let (e, (decline, after, boxes)) = last?;
    let keep = match simple_components(board, after) {
        // Take them and move on (+boxes + rest) or hand them over (-boxes - rest).
        Some(comps) => {
            let rest = table.value(&comps);
            boxes + rest < -boxes - rest
        }
        // Not yet simple: the long-chain rule: control pays while long chains remain.
        None => long_structures(board, after),
    };
    Some(if keep { decline } else { e })
}

/// When capture `e` (which offers the next box `n`) is at the last two boxes of a chain or
/// the last four of a loop: the declining line, the position once those boxes are gone, and
/// how many there are. `None` when the chain goes on past them, or when `e` offers nothing
/// (then taking is simply right).
pub fn chain_end(board: &Board, drawn: u64, e: u8) -> Option<(u8, u64, i32)> {
    let other = |edge: u8, of: u8| {
        let [x, y] = board.edge_boxes[edge as usize];
        if x == of { y } else { x }
    };
    let [p, q] = board.edge_boxes[e as usize];
    let n = if p != NONE && board.sides(drawn, p) == 3 { q } else { p };
    if n == NONE || board.sides(drawn, n) != 2 {
        return None;
    }
    let f = (board.box_edges[n as usize] & !drawn & !(1u64 << e)).trailing_zeros() as u8;
    let m = other(f, n);
    if m == NONE || board.sides(drawn, m) < 2 {
        // The last two boxes of a chain: decline by drawing `f`, the far side of `n`.
        return Some((f, drawn | 1 << e | 1 << f, 2));
    }
    if board.sides(drawn, m) != 2 {
        return None;
    }
    let g = (board.box_edges[m as usize] & !drawn & !(1u64 << f)).trailing_zeros() as u8;
    let k = other(g, m);
    if k == NONE || board.sides(drawn, k) != 3 {
        return None; // a longer chain
    }
    // The last four boxes of a loop, b-n-m-k with b and k on offer: decline by drawing the
    // middle line `f`, handing over two pairs.
    Some((f, drawn | 1 << e | 1 << f | 1 << g, 4))
}

/// Whether a chain of three or more, or a loop, is already visible in `drawn`: boxes with
/// two sides drawn, linked, three or more in a row.
pub fn long_structures(board: &Board, drawn: u64) -> bool {
    // Box masks: a board has at most 64 lines, so fewer than 64 boxes.
    let mut two = 0u64;
    for b in 0..board.boxes {
        if board.sides(drawn, b) == 2 {
            two |= 1 << b;
        }
    }
    let mut seen = 0u64;
    let mut stack = [0u8; 64];
    for start in 0..board.boxes {
        if two & 1 << start == 0 || seen & 1 << start != 0 {
            continue;
        }
        stack[0] = start;
        let mut top = 1;
        seen |= 1 << start;
        let mut size = 0;
        while top > 0 {
            top -= 1;
            let b = stack[top];
            size += 1;
            for e in bits(board.box_edges[b as usize] & !drawn) {
                let o = board.across(e, b);
                if o != NONE && two & 1 << o != 0 && seen & 1 << o == 0 {
                    seen |= 1 << o;
                    stack[top] = o;
                    top += 1;
                }
            }
        }
        if size >= 3 {
            return true;
        }
    }
    false
}

/// Every line gives something away: open the component that is best to open when the
/// position is simple (exactly), else the line that offers the fewest boxes.
pub fn cheapest_sacrifice(board: &Board, drawn: u64, table: &mut EndgameTable) -> u8 {
    let undrawn = board.all & !drawn;
    if let Some(comps) = simple_components(board, drawn)
        && let Some(i) = table.best_opening(&comps)
    {
        let want = comps[i];
        // Find a line of a component of that kind, in the middle for a chain of two.
        for e in in_centre_out(board, undrawn) {
            let (kind, middle) = component_of(board, drawn, e);
            if kind == want && (want != 2 || middle) {
                return e;
            }
        }
    }
    // The first line (from the centre out) that gives away the fewest boxes. Every line here
    // gives at least one (it is the third side of a box), so the first that gives one is it.
    let mut best = (u32::MAX, NONE);
    for e in in_centre_out(board, undrawn) {
        let g = given_away(board, drawn, e);
        if g < best.0 {
            best = (g, e);
            if g <= 1 {
                break;
            }
        }
    }
    assert!(best.1 != NONE, "the game is not over");
    best.1
}

/// The component (as `chains::Component`) the undrawn line `e` belongs to in a simple
/// position, and whether `e` lies between two boxes of it.
fn component_of(board: &Board, drawn: u64, e: u8) -> (u8, bool) {
    let [x, y] = board.edge_boxes[e as usize];
    let start = if x != NONE { x } else { y };
    let mut seen = 0u64;
    let mut stack = [0u8; 64];
    stack[0] = start;
    let mut top = 1;
    seen |= 1 << start;
    let mut ground = false;
    while top > 0 {
        top -= 1;
        let b = stack[top];
        for f in bits(board.box_edges[b as usize] & !drawn) {
            let [p, q] = board.edge_boxes[f as usize];
            let o = if p == b { q } else { p };
            if o == NONE {
                ground = true;
            } else if seen & 1 << o == 0 {
                seen |= 1 << o;
                stack[top] = o;
                top += 1;
            }
        }
    }
    let len = seen.count_ones() as u8;
    (if ground { len } else { LOOP | len }, x != NONE && y != NONE)
}

/// Boxes the opponent can take at once after `e`, by greedy capture.
pub fn given_away(board: &Board, drawn: u64, e: u8) -> u32 {
    let mut d = drawn | 1 << e;
    let mut n = 0;
    loop {
        // The lowest line that completes a box.
        let caps = capture_mask(board, d);
        if caps == 0 {
            return n;
        }
        let c = caps.trailing_zeros() as u8;
        n += board.completes(d, c);
        d |= 1 << c;
    }
}

fn bits(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            i
        })
    })
}
