//! `qdan solve dots WxH [--drawn e1,e2,...]`: the exact value of a Dots and Boxes position.

use clap::Args as ClapArgs;
use rules::dots::Size;

#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Board size in boxes, WxH (W, H from 3 to 5).
    size: Size,
    /// Edges already drawn, comma separated.
    #[arg(long, value_delimiter = ',')]
    drawn: Vec<u8>,
    /// Print time and nodes too.
    #[arg(long)]
    stats: bool,
}

pub fn run(a: Args) -> anyhow::Result<()> {
    anyhow::bail!("the Dots and Boxes solver is being built (issue 6); asked for {} with {:?}", a.size, a.drawn)
}
