# Pagharang sa isang manlalaro (web/play/block.js sa mesa, web/blocked-list.js sa "Mga laro mo").
block-button = Harangin si { $name }
block-confirm = Harangin si { $name }? Hindi na kayo kailanman pagpapares ng mabilis na pagpapares, at hindi na makikita ng isa't isa ang mga hamong naghihintay ninyo. Tuloy ang larong ito.
block-yes = Harangin
block-cancel = Kanselahin
block-done = Hinarang na si { $name }.
block-unblock = Alisin ang harang
block-error = Hindi iyon natuloy. Subukan muli.
blocks-heading = Mga hinarang na manlalaro
blocks-intro = Hindi ka kailanman ipapares ng mabilis na pagpapares sa manlalarong hinarang mo, at hindi ninyo makikita ang mga hamong naghihintay ng isa't isa.
blocks-empty = Wala ka pang hinarang.
