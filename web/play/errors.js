// What to tell a person when the server refused something: the words come from the error's
// code and its typed arguments (crates/wire/src/error.rs), never from the English message.

/**
 * An error code as sent, or one of the client's own: `disconnected` (no socket right now).
 * @typedef {import('../types.js').ErrorCode | {code: 'disconnected'}} ClientError
 */

/**
 * @param {import('../types.js').Translate} t
 * @param {ClientError} e
 */
export function errorText(t, e) {
  switch (e.code) {
    case 'undo-wait':
      return t('error-undo-wait', { wait: e.args.secs });
    case 'too-many-groups':
    case 'too-many-sockets':
      return t(`error-${e.code}`, { max: e.args.max });
    case 'illegal-move':
    case 'bad-history':
    case 'not-over':
      // The lesson's and an offline upload's codes (web/offline/ words its own); a table never sends them.
      return t('error-bad-move');
    default:
      return t(`error-${e.code}`);
  }
}
