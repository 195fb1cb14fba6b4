## Mga larong hindi pa tapos: sa home page at sa "Mga laro mo"; bawat isa ay bumubukas sa puwesto mo.

playing-heading = Mga larong hindi pa tapos
playing-empty = Walang larong hindi pa tapos sa device na ito.
playing-against = laban kay { $name }
playing-your-turn = Ikaw na
playing-waiting = Turno ni { $name }
playing-time-left = { $time } na lang
playing-last-move = Huling galaw: { $when }
playing-started = Sinimulan: { $when }
playing-error = Hindi ma-load ang mga larong hindi pa tapos.
