# Mga laro laban sa CPU nang walang network (web/offline/): nakatago sa device, ia-upload mamaya.
offline-offer-title = Laban sa CPU nang offline
offline-offer-text = Walang koneksyon: sa device na ito maglalaro ang CPU, sa antas na pinili sa itaas. Dito masi-save ang laro at madadagdag sa mga laro mo pagbalik mo online.
offline-offer-start = Simulan nang offline
offline-seat-name = Manlalaro
offline-note-playing = Larong offline: bawat galaw ay nasi-save sa device na ito.
offline-note-over = Naka-save sa device na ito. Madadagdag ito sa mga laro mo, kasama ang balikan, pagbalik mo online.
offline-my-games = Mga laro mo
offline-cpu-failed = Hindi nakagalaw ang CPU sa device na ito. I-reload ang pahina para subukan ulit.
offline-status-waiting = Nilaro nang offline, hindi pa na-upload
offline-status-playing = May larong offline na tuloy pa
offline-continue = Ituloy
offline-show = Tingnan
offline-refused-illegal-move = Tinanggihan ng server: hindi pinapayagan ang galaw { $move }.
offline-refused-not-over = Tinanggihan ng server: hindi pa tapos ang laro.
offline-refused-too-large = Tinanggihan ng server: masyadong malaki ang laro para i-upload.
offline-refused-bad-field = Tinanggihan ng server: hindi mabasa ang laro.
offline-refused-other = Tinanggihan ng server.
