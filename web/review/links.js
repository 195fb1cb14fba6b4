// Addresses between the pages after the game.

/**
 * The analysis board at move `ply` of a finished game: its rules and moves travel in the
 * address's fragment, so the link works anywhere and is never sent to the server. A position
 * set up by hand travels too (`s`, the game's `setup.text`): the moves start from it.
 * @param {string} lang
 * @param {{game: import('../types.js').GameKind, options: import('../types.js').AnyOptions, moves: string[],
 *   code?: string, gameNo?: number, setup?: string | null}} g
 * @param {number} ply
 */
export function analysisLink(lang, g, ply) {
  const p = new URLSearchParams();
  p.set('o', JSON.stringify(g.options));
  if (g.setup) p.set('s', g.setup);
  p.set('m', g.moves.slice(0, ply).join(','));
  if (g.code && g.gameNo) p.set('from', `${g.code}/${g.gameNo}`);
  return `/${lang}/games/${g.game}/analysis#${p.toString()}`;
}

/**
 * What an analysis link carries (see `analysisLink`), or null.
 * @param {string} hash  `location.hash`
 * @returns {{options: Record<string, any>, moves: string[], from: string | null, setup: string | null} | null}
 */
export function readAnalysisLink(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const o = p.get('o');
  if (!o) return null;
  try {
    const options = JSON.parse(o);
    if (!options || typeof options !== 'object') return null;
    const m = p.get('m') ?? '';
    return { options, moves: m ? m.split(',') : [], from: p.get('from'), setup: p.get('s') };
  } catch {
    return null;
  }
}
