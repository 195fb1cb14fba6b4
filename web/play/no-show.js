// A table the lobby made whose other player did not come (event `noShow`): nothing was played,
// so the page says so and leads back to the game's lobby.

import { h } from '../dom.js';

/**
 * @param {{t: import('../types.js').Translate, lang: string, game: string | null | undefined,
 *   announce: (text: string) => void, close: () => void}} o
 */
export function showNoShow({ t, lang, game, announce, close }) {
  close();
  const back = h('a', { class: 'btn primary', href: game ? `/${lang}/games/${game}#lobby` : `/${lang}/` }, t('play-no-show-back'));
  const box = h('div', { class: 'no-show', id: 'no-show', role: 'alert' }, h('p', {}, t('play-no-show')), back);
  document.querySelector('main')?.prepend(box);
  announce(t('play-no-show'));
}
