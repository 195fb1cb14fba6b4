// The page's locale: its data and a `t(id, args)` over the same Fluent messages the server
// renders pages with. A missing message shows its id and is recorded, so tests can catch it.

import { FluentBundle, FluentResource } from './vendor/fluent-bundle/index.js';

/** @typedef {import('./types.js').PageData} PageData */

/** @returns {PageData} */
export function pageData() {
  const el = document.getElementById('qdan-data');
  if (!el || !el.textContent) throw new Error('page data missing');
  return JSON.parse(el.textContent);
}

/** Message ids that were asked for but do not exist (read by the browser tests). */
export const missing = /** @type {string[]} */ ([]);
/** @type {any} */ (window).__qdanMissing = missing;

/**
 * @param {string} lang
 * @param {string} source
 * @returns {import('./types.js').Translate}
 */
export function translator(lang, source) {
  const bundle = new FluentBundle(lang === 'tl' ? ['tl', 'fil'] : [lang], { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(source));
  if (errors.length) console.warn('fluent', errors);
  return (id, args) => {
    const msg = bundle.getMessage(id);
    if (!msg || !msg.value) {
      if (!missing.includes(id)) missing.push(id);
      return id;
    }
    /** @type {Error[]} */
    const errs = [];
    const out = bundle.formatPattern(msg.value, args ?? null, errs);
    if (errs.length && !missing.includes(id)) missing.push(id);
    return out;
  };
}
