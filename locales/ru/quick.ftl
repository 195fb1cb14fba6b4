# Быстрые сообщения между игроками (web/play/quick-messages.js): готовые фразы на языке читателя.
play-quick-heading = Быстрые сообщения
play-quick-hello = Привет!
play-quick-good-luck = Удачи!
play-quick-good-game = Хорошая игра!
play-quick-thanks = Спасибо!
play-quick-oops = Ой!
play-quick-well-played = Хорошо сыграно!
play-quick-sorry = Извините!
play-quick-must-go = Мне пора.
# Читается экранным диктором, когда игрок говорит фразу.
play-quick-said = { $name }: { $phrase }
# Переключатель: скрывает фразы другого игрока за этим столом.
play-quick-mute = Скрывать сообщения
error-no-opponent = Быстрые сообщения можно отправлять только человеку на другом месте.
