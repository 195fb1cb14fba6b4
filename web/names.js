// Default names: a player who has not chosen a name travels as U+E000 and a number, and each
// page shows it in its own language ("Player 4821", "Игрок 4821"; `wire::names` on the
// server). A chosen name is shown as typed.

const MARK = '\uE000';

/**
 * A player's name as this page's reader sees it.
 * @param {import('./types.js').Translate} t
 * @param {string} name
 */
export function shownName(t, name) {
  if (name.startsWith(MARK) && /^\d+$/.test(name.slice(1))) return t('player-default-name', { number: name.slice(1) });
  return name;
}
