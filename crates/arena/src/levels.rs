//! Level against level, on any game, through the engine's own requests: each move is the
//! answer to the JSON request the page's worker sends (`qdan_engine::handle`), either from the
//! native engine or from the checked-in WebAssembly module run under Node. Levels are work
//! budgets and each move's seed is fixed by the game and the ply, so the two engines must play
//! the very same games; [`Summary::digest`] sums every move of every game up to compare them.
//! The Musashi tables are never installed here: the series measure what a fresh clone and a
//! browser have.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use ai::Level;
use rules::{AnyGame, AnyOptions, GameKind, Side};
use serde_json::{Value, json};

/// Where the moves come from.
pub trait Engine {
    /// The engine's answer to one request (`{"move": ..}` or `{"error": ..}`).
    fn answer(&mut self, req: &Value) -> anyhow::Result<Value>;
}

/// The native build of the engine, in this process.
#[derive(Debug, Default)]
pub struct Native;

impl Engine for Native {
    fn answer(&mut self, req: &Value) -> anyhow::Result<Value> {
        Ok(serde_json::to_value(qdan_engine::handle(&req.to_string()))?)
    }
}

/// The checked-in WebAssembly module under Node, one request per line.
pub struct Wasm {
    node: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Wasm {
    /// Starts Node on `module` with the engine's test host (`crates/engine/tests/wasm-host.mjs`),
    /// its clock stopped: only the work budget ends a search, as natively (a loaded machine
    /// would otherwise let the module's time cap cut a search short).
    pub fn start(module: &Path) -> anyhow::Result<Wasm> {
        let host = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/wasm-host.mjs");
        let mut node = Command::new("node")
            .arg(host)
            .arg(module)
            .arg("--no-time-cap")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = node.stdin.take().ok_or_else(|| anyhow::anyhow!("no stdin"))?;
        let output = BufReader::new(node.stdout.take().ok_or_else(|| anyhow::anyhow!("no stdout"))?);
        Ok(Wasm { node, input, output })
    }
}

impl Engine for Wasm {
    fn answer(&mut self, req: &Value) -> anyhow::Result<Value> {
        writeln!(self.input, "{req}")?;
        let mut line = String::new();
        if self.output.read_line(&mut line)? == 0 {
            anyhow::bail!("node stopped answering");
        }
        Ok(serde_json::from_str(&line)?)
    }
}

impl Drop for Wasm {
    fn drop(&mut self) {
        let _ = self.node.kill();
        let _ = self.node.wait();
    }
}

/// A series: level `a` against level `b`, `a` taking side 0 in the even games.
#[derive(Debug, Clone)]
pub struct Config {
    pub options: AnyOptions,
    pub a: Level,
    pub b: Level,
    pub games: u32,
    /// Names the series in the move seeds (`ai::move_seed("arena-SEED-GAME", 1, ply)`).
    pub seed: u64,
    /// `b`'s requests name its level's work budget, so that it searches every move: the
    /// engine's Dots expert then plays without its opening book (`ai::choose_on`).
    pub b_no_book: bool,
    /// Each game's line in the log ends with its moves (to replay and study the losses).
    pub show_moves: bool,
    /// `a` plays this side in every game (None: side 0 in the even games, side 1 in the odd).
    pub a_side: Option<Side>,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The side `a` played.
    pub a_side: Side,
    /// The winning side, none for a draw.
    pub winner: Option<Side>,
    pub moves: Vec<String>,
}

/// What a series came to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    /// `a`'s wins, draws and losses, with `a` on side 0 and on side 1.
    pub by_side: [[u32; 3]; 2],
    /// FNV-1a over every move of every game, in order: equal digests, equal games.
    pub digest: u64,
    pub plies: u64,
}

impl Summary {
    pub fn wins_draws_losses(&self) -> [u32; 3] {
        [0, 1, 2].map(|i| self.by_side[0][i] + self.by_side[1][i])
    }
}

fn level_name(l: Level) -> &'static str {
    match l {
        Level::Beginner => "beginner",
        Level::Intermediate => "intermediate",
        Level::Expert => "expert",
    }
}

/// Plays game `i` of the series.
pub fn play(cfg: &Config, i: u32, engine: &mut impl Engine) -> anyhow::Result<Played> {
    let a_side: Side = cfg.a_side.unwrap_or((i % 2) as u8);
    let mut game = AnyGame::new(cfg.options);
    let kind: GameKind = cfg.options.kind();
    let mut options = serde_json::to_value(cfg.options)?;
    if let Some(o) = options.as_object_mut() {
        o.remove("game");
    }
    let code = format!("arena-{}-{i}", cfg.seed);
    while game.outcome().is_none() {
        let side = game.turn();
        let level = if side == a_side { cfg.a } else { cfg.b };
        let seed = ai::move_seed(&code, 1, game.plies() as u32);
        let mut req = json!({
            "op": "move", "kind": kind.as_str(), "options": options, "moves": game.moves(),
            "level": level_name(level), "seed": seed.to_string(),
        });
        if side != a_side && cfg.b_no_book {
            req["work"] = ai::budget::work(kind, level).into();
        }
        let answer = engine.answer(&req)?;
        let Some(mv) = answer.get("move").and_then(Value::as_str) else {
            anyhow::bail!("game {i} ply {}: the engine answered {answer}", game.plies());
        };
        // A move cut short by the time cap is not the level's move: the series would not
        // measure the level, nor compare two engines.
        if answer.get("capped").and_then(Value::as_bool) == Some(true) {
            anyhow::bail!("game {i} ply {}: the time cap cut the search short", game.plies());
        }
        game.play(side, mv).map_err(|e| anyhow::anyhow!("game {i}: {mv} refused: {e:?}"))?;
    }
    let winner = game.outcome().and_then(|o| o.winner);
    Ok(Played { a_side, winner, moves: game.moves() })
}

/// Plays the series, writing a line per game to `log`.
pub fn run(cfg: &Config, engine: &mut impl Engine, log: &mut impl Write) -> anyhow::Result<Summary> {
    let mut sum = Summary { digest: 0xcbf2_9ce4_8422_2325, ..Summary::default() };
    for i in 0..cfg.games {
        let g = play(cfg, i, engine)?;
        let s = g.a_side as usize;
        let r = match g.winner {
            Some(w) if w == g.a_side => 0,
            None => 1,
            Some(_) => 2,
        };
        sum.by_side[s][r] += 1;
        sum.plies += g.moves.len() as u64;
        for m in &g.moves {
            for b in m.bytes().chain([b' ']) {
                sum.digest = (sum.digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        sum.digest = (sum.digest ^ u64::from(b'\n')).wrapping_mul(0x0100_0000_01b3);
        write!(log, "game {i}: a on side {s}, {} in {} plies", ["a wins", "draw", "b wins"][r], g.moves.len())?;
        if cfg.show_moves {
            write!(log, ": {}", g.moves.join(" "))?;
        }
        writeln!(log)?;
    }
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WebAssembly module plays the native engine's games, move for move (small boards,
    /// so that the test stays quick; the documented series use the default boards).
    #[test]
    fn native_and_wasm_play_the_same_series() {
        let module = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/engine/qdan_engine.wasm");
        for options in [
            serde_json::from_value::<AnyOptions>(json!({"game": "dots", "size": "3x3"})).unwrap(),
            AnyOptions::default_for(GameKind::BaghChal),
        ] {
            let cfg = Config {
                options,
                a: Level::Intermediate,
                b: Level::Beginner,
                games: 2,
                seed: 7,
                b_no_book: false,
                show_moves: false,
                a_side: None,
            };
            let native = run(&cfg, &mut Native, &mut Vec::new()).unwrap();
            let wasm = run(&cfg, &mut Wasm::start(&module).unwrap(), &mut Vec::new()).unwrap();
            assert_eq!(native, wasm, "{options:?}");
            assert_eq!(native.wins_draws_losses().iter().sum::<u32>(), 2);
        }
    }
}
