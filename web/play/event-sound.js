// The table's sounds (off until turned on, sound.js): each event's kind, and a burst of events
// (caught up after a reconnect, or a move with its captures) playing one sound, the weightiest.

/**
 * The sound an event makes, if any: Children taken or a box closed, a plain move, the end.
 * @param {import('../types.js').Event} e
 * @returns {import('../sound.js').SoundKind | null}
 */
export function soundOf(e) {
  if (e.kind === 'resign' || e.kind === 'end' || (e.kind === 'move' && e.result)) return 'end';
  if (e.kind !== 'move') return null;
  return e.taken?.length || e.completed?.length ? 'take' : 'move';
}

/** Of several sounds due at once, the one to play. */
const SOUND_RANK = { move: 0, take: 1, end: 2 };

/**
 * Plays, once the current task's events are all in, the weightiest sound asked for meanwhile.
 * @param {import('../sound.js').Sound} sound
 * @returns {(kind: import('../sound.js').SoundKind) => void}
 */
export function soundQueue(sound) {
  /** @type {import('../sound.js').SoundKind | null} */
  let due = null;
  return (kind) => {
    if (due === null) {
      queueMicrotask(() => {
        if (due) sound.play(due);
        due = null;
      });
    }
    if (due === null || SOUND_RANK[kind] > SOUND_RANK[due]) due = kind;
  };
}
