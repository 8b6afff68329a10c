// The words of the whole interface in English and Russian (the author wrote in both), and the
// locale switch. `t(key, params)` looks a string up in the chosen locale (English when a key is
// missing) and fills `{name}` placeholders; elements with `data-i18n="key"` get their text from
// it, `data-i18n-title` / `data-i18n-placeholder` their attribute.
"use strict";

const STRINGS = {
  en: {
    "app.tagline": "the games of I.G. Kosintsev",
    "nav.play": "Play",
    "nav.rules": "Rules",
    "nav.settings": "Settings",
    "locale.name": "English",

    "lobby.new": "New game",
    "lobby.game": "Game",
    "lobby.rules_link": "How to play this game",
    "lobby.options": "Rule options",
    "lobby.option_default": "standard",
    "lobby.remove_placeholder": "letters or White squares, e.g. H,N or simple",
    "lobby.opponent": "Opponent",
    "lobby.opp_engine": "the engine",
    "lobby.opp_human": "a friend (invite link)",
    "lobby.level": "Engine level",
    "lobby.time": "Time",
    "lobby.clock_none": "correspondence (no clock)",
    "lobby.clock_min_inc": "{m} min + {s} s",
    "lobby.clock_min": "{m} min",
    "lobby.color": "You play",
    "lobby.random": "random",
    "lobby.start": "Start game",
    "lobby.not_yet": "not yet playable",
    "lobby.help_clock": "Without a clock a game is a correspondence game: it stays here until finished. With one, each side's clock starts after both have made their first move.",
    "lobby.help_level": "Level 1 plays almost at random; level 8 is the strongest (about a second a move).",
    "lobby.level_1": "1 — beginner (instant)",
    "lobby.level_2": "2 — casual",
    "lobby.level_3": "3 — club player",
    "lobby.level_4": "4 — strong club player",
    "lobby.level_5": "5 — expert",
    "lobby.level_6": "6 — master",
    "lobby.level_7": "7 — strong master",
    "lobby.level_8": "8 — strongest (about 1 s a move)",
    "lobby.level_nodes": "Each level searches a fixed number of positions per move: {nodes}.",
    "lobby.my_games": "My games",
    "lobby.my_games_none": "Games you start or join in this browser appear here.",
    "lobby.server_games": "Games on this server",
    "lobby.import": "Import a record",
    "lobby.import_help": "A record in the author's notation: a [Game \"mgc\"] tag, then 1. f3-f5 f8-f6 … Every tag is kept.",
    "lobby.import_button": "Import",
    "lobby.col_game": "Game",
    "lobby.col_white": "White",
    "lobby.col_black": "Black",
    "lobby.col_moves": "Moves",
    "lobby.col_status": "Status",
    "lobby.col_date": "Date",
    "lobby.col_you": "You",
    "lobby.in_play": "in play",
    "lobby.your_move": "your move",
    "lobby.unreachable": "Cannot reach the server: {msg}",

    "side.white": "White",
    "side.black": "Black",
    "seat.you": "you",
    "seat.human": "human",
    "seat.engine": "engine, level {level}",
    "seat.waiting": "waiting for a friend…",

    "game.to_move": "{side} to move",
    "game.check": "check!",
    "game.your_move": "your move",
    "game.thinking": "the engine is thinking…",
    "game.watching": "You are watching this game.",
    "game.reviewing": "Position after move {n} of {total}",
    "game.reviewing_start": "Start position ({total} moves played)",
    "game.back_to_game": "back to the game",
    "game.wins": "{side} wins",
    "game.draw": "Draw",
    "reason.checkmate": "by checkmate",
    "reason.no_legal_move_loss": "— {loser} has no legal move",
    "reason.no_legal_move_draw": "— {side} has no legal move (stalemate)",
    "reason.repetition": "by repetition",
    "reason.perpetual": "— {loser} checked with every move of the repetition",
    "reason.fifty": "by the fifty-move rule",
    "reason.royal_captured": "— the King was taken",
    "reason.bare_kings": "— only the Kings are left",
    "reason.resignation": "— {loser} resigned",
    "reason.agreement": "by agreement",
    "reason.time": "— {loser} ran out of time",
    "reason.record": "(result of the record)",

    "btn.first": "Start position",
    "btn.prev": "Previous move",
    "btn.next": "Next move",
    "btn.last": "Back to the game",
    "btn.flip": "Flip board",
    "btn.draw": "Offer a draw",
    "btn.resign": "Resign",
    "btn.analyse": "Analyse this position",
    "btn.rematch": "Rematch",
    "btn.new_game": "New game",
    "btn.download": "Download record",
    "btn.rules": "Rules of this game",
    "layers.all": "All",
    "layers.show": "Layer {layer}",
    "layers.lit": "Layer {layer}: a cell to click now",
    "layers.near": "next to the layer shown",
    "btn.accept": "Accept",
    "btn.decline": "Decline",
    "btn.copy": "Copy",
    "btn.cancel": "Cancel",
    "btn.close": "Close",
    "btn.play_move": "Play",

    "confirm.resign": "Resign this game?",
    "invite.text": "Send this link to your friend (it works once):",
    "draw.offered_by_you": "You offered a draw — waiting for the answer.",
    "draw.offered_to_you": "Your opponent offers a draw.",
    "draw.declined": "Your draw offer was declined.",
    "draw.engine": "The engine plays on: it does not take draws.",
    "draw.wait_friend": "You can offer a draw once your friend has joined.",
    "draw.not_your_game": "Only the players can offer a draw.",
    "rematch.offered_by_you": "Rematch offered — waiting for your opponent.",
    "rematch.offered_to_you": "Your opponent wants a rematch (colours swapped).",
    "rematch.go": "Go to the rematch",
    "chooser.promote": "Promote to:",
    "chooser.which": "Which way?",
    "chooser.part": "Which part of the stack moves?",
    "sets.title": "Movable sets with this checker:",
    "group.moves": "Moves as one group, by rigid translation: {modes}.",
    "group.none": "A group of no movable shape: only parts of it of a movable shape move.",
    "group.to_hand": "The checkers it captures go to its owner's hand.",
    "lobby.reconstructed": "reconstructed",
    "game.reconstructed": "The setup is our reconstruction: the author's diagram is lost (see the rules).",
    "cascade.displaced": "the piece taken on {from} falls to {to}, removing what stood there",
    "cascade.ascended": "the capturer rises from {from} to {to}",
    "cascade.ascent_blocked": "the capturer stays on {from}: {to} is occupied",
    "chooser.whole": "the whole stack",
    "chooser.stay": "stay a {name}",
    "hand.in_hand": "in hand",
    "hand.drop": "Drop a {name} ({count} in hand)",
    "clock.waiting": "The clocks start after both first moves.",
    "clock.correspondence": "Correspondence game · on move for {t}",
    "clock.low": "Low on time!",
    "net.lost": "Connection lost — retrying…",
    "net.back": "Connected again.",
    "analysis.thinking": "The engine is thinking…",
    "analysis.best": "Best move",
    "analysis.line": "Best line",
    "analysis.mate": "mate in {n}",
    "analysis.mated": "mated in {n}",
    "analysis.pawns": "{v} pawns",
    "analysis.for": "for {side}",
    "analysis.depth": "depth {d}, {nodes} positions",
    "analysis.none": "No legal move here.",
    "analysis.of_shown": "Analysis of the position shown",
    "entry.placeholder": "Type a move, e.g. {example}",
    "entry.label": "Move",
    "entry.unknown": "{text}: not a legal move here",
    "premove.set": "Premove {text} — played as soon as it is your turn.",
    "premove.cancel": "cancel",

    "settings.title": "Settings",
    "settings.pieces": "Pieces",
    "settings.pieces_symbols": "move symbols with letters",
    "settings.pieces_glyphs": "move symbols only",
    "settings.pieces_letters": "letters",
    "settings.sound": "Move sounds",
    "settings.animation": "Animate moves",
    "settings.names": "Cell names on every cell",
    "settings.language": "Language",

    "piece.title": "{name} ({letter})",
    "piece.promoted_from": "promoted {name}",
    "piece.promotes": "Promotes to {names}.",
    "piece.royal": "The piece the game is about: lose it and you lose.",
    "legend.both": "moves or captures",
    "legend.move": "moves only (no capture)",
    "legend.capture": "captures only",
    "legend.initial": "on its first move only",
    "legend.unchecked": "until first checked (jump right)",
    "legend.jump": "jumps over an enemy and lands behind",

    "rules.title": "Rules",
    "rules.all_games": "All games",
    "rules.reconstructed": "Reconstructed: parts of this game are not in the author's surviving text; what is shown here is our reconstruction so that it can be played.",
    "rules.board_setup": "Board and setup",
    "rules.pieces": "The pieces",
    "rules.special": "Special rules",
    "rules.end": "End of the game",
    "rules.more": "Our rulings, word for word",
    "rules.more_help": "The rules as implemented, with every ruling we made where the author's text is silent:",
    "rules.source": "The author's text",
    "rules.source_help": "I.G. Kosintsev's own rules, as he published them on his blog (in English; Russian cheskers also in Russian). Where it is silent or contradicts itself, our rulings decide.",
    "rules.play": "Play this game",
    "rules.setup_caption": "The start position (White below).",
    "rules.diagram_caption": "From {cell} on an empty board.",
    "rules.not_implemented": "This game is catalogued but not playable yet.",
    "rules.modes": "In the author's notation: {modes}",
    "rules.symbols": "How to read the pieces",
    "rules.symbols_text": "Each piece shows how it moves: straight spokes slide any distance along the lines (+ files and ranks, × diagonals), short spokes with a dot are steps of that length, rings are leaps to every cell at that distance, loose dots are fixed leaps (the knight's eight). Dashed marks hold only until the piece is first checked, faint marks only on its first move. A double rim marks the King, an octagon a promoted piece, a small disc a pawn.",
    "rules.promotion_zone": "Promotion zone (shaded) of White.",
    "rules.castling_before": "before (the cells between must be empty)",
    "rules.castling_after": "after",
    "rules.options": "Rule options",
    "rules.options_help": "A game can be started with these options (in the lobby):",
  },
  ru: {
    "app.tagline": "игры И.Г. Косинцева",
    "nav.play": "Играть",
    "nav.rules": "Правила",
    "nav.settings": "Настройки",
    "locale.name": "Русский",

    "lobby.new": "Новая партия",
    "lobby.game": "Игра",
    "lobby.rules_link": "Как играть в эту игру",
    "lobby.options": "Варианты правил",
    "lobby.option_default": "обычные",
    "lobby.remove_placeholder": "буквы или поля белых, например H,N или simple",
    "lobby.opponent": "Соперник",
    "lobby.opp_engine": "программа",
    "lobby.opp_human": "друг (по ссылке-приглашению)",
    "lobby.level": "Уровень программы",
    "lobby.time": "Время",
    "lobby.clock_none": "по переписке (без часов)",
    "lobby.clock_min_inc": "{m} мин + {s} с",
    "lobby.clock_min": "{m} мин",
    "lobby.color": "Вы играете",
    "lobby.random": "случайно",
    "lobby.start": "Начать партию",
    "lobby.not_yet": "пока нельзя сыграть",
    "lobby.help_clock": "Без часов партия идёт по переписке и ждёт здесь до конца. С часами время каждой стороны пойдёт после первых ходов обеих сторон.",
    "lobby.help_level": "Уровень 1 ходит почти наугад; уровень 8 — самый сильный (около секунды на ход).",
    "lobby.level_1": "1 — новичок (мгновенно)",
    "lobby.level_2": "2 — любитель",
    "lobby.level_3": "3 — игрок клуба",
    "lobby.level_4": "4 — сильный игрок клуба",
    "lobby.level_5": "5 — кандидат в мастера",
    "lobby.level_6": "6 — мастер",
    "lobby.level_7": "7 — сильный мастер",
    "lobby.level_8": "8 — сильнейший (около 1 с на ход)",
    "lobby.level_nodes": "На каждом уровне программа просматривает за ход заданное число позиций: {nodes}.",
    "lobby.my_games": "Мои партии",
    "lobby.my_games_none": "Здесь появятся партии, начатые или принятые в этом браузере.",
    "lobby.server_games": "Партии на этом сервере",
    "lobby.import": "Загрузить запись партии",
    "lobby.import_help": "Запись в нотации автора: тег [Game \"mgc\"], затем 1. f3-f5 f8-f6 … Все теги сохраняются.",
    "lobby.import_button": "Загрузить",
    "lobby.col_game": "Игра",
    "lobby.col_white": "Белые",
    "lobby.col_black": "Чёрные",
    "lobby.col_moves": "Ходов",
    "lobby.col_status": "Состояние",
    "lobby.col_date": "Дата",
    "lobby.col_you": "Вы",
    "lobby.in_play": "идёт",
    "lobby.your_move": "ваш ход",
    "lobby.unreachable": "Нет связи с сервером: {msg}",

    "side.white": "Белые",
    "side.black": "Чёрные",
    "seat.you": "вы",
    "seat.human": "человек",
    "seat.engine": "программа, уровень {level}",
    "seat.waiting": "ждём друга…",

    "game.to_move": "Ход: {side}",
    "game.check": "шах!",
    "game.your_move": "ваш ход",
    "game.thinking": "программа думает…",
    "game.watching": "Вы смотрите эту партию.",
    "game.reviewing": "Позиция после хода {n} из {total}",
    "game.reviewing_start": "Начальная позиция (сыграно ходов: {total})",
    "game.back_to_game": "вернуться к партии",
    "game.wins": "{side} выиграли",
    "game.draw": "Ничья",
    "reason.checkmate": "матом",
    "reason.no_legal_move_loss": "— у стороны «{loser}» нет ходов",
    "reason.no_legal_move_draw": "— у стороны «{side}» нет ходов (пат)",
    "reason.repetition": "повторением позиции",
    "reason.perpetual": "— сторона «{loser}» давала шах каждым ходом повторения",
    "reason.fifty": "по правилу пятидесяти ходов",
    "reason.royal_captured": "— король взят",
    "reason.bare_kings": "— остались одни короли",
    "reason.resignation": "— {loser} сдались",
    "reason.agreement": "по соглашению",
    "reason.time": "— у стороны «{loser}» кончилось время",
    "reason.record": "(результат записи)",

    "btn.first": "Начальная позиция",
    "btn.prev": "Предыдущий ход",
    "btn.next": "Следующий ход",
    "btn.last": "Вернуться к партии",
    "btn.flip": "Перевернуть доску",
    "btn.draw": "Предложить ничью",
    "btn.resign": "Сдаться",
    "btn.analyse": "Анализ этой позиции",
    "btn.rematch": "Реванш",
    "btn.new_game": "Новая партия",
    "btn.download": "Скачать запись",
    "btn.rules": "Правила этой игры",
    "layers.all": "Все",
    "layers.show": "Слой {layer}",
    "layers.lit": "Слой {layer}: здесь есть клетка для хода",
    "layers.near": "соседний с показанным",
    "btn.accept": "Принять",
    "btn.decline": "Отклонить",
    "btn.copy": "Копировать",
    "btn.cancel": "Отмена",
    "btn.close": "Закрыть",
    "btn.play_move": "Ходить",

    "confirm.resign": "Сдать эту партию?",
    "invite.text": "Отправьте другу эту ссылку (она действует один раз):",
    "draw.offered_by_you": "Вы предложили ничью — ждём ответа.",
    "draw.offered_to_you": "Соперник предлагает ничью.",
    "draw.declined": "Ваше предложение ничьей отклонено.",
    "draw.engine": "Программа играет дальше: ничьих она не принимает.",
    "draw.wait_friend": "Ничью можно будет предложить, когда друг присоединится.",
    "draw.not_your_game": "Ничью могут предложить только игроки.",
    "rematch.offered_by_you": "Реванш предложен — ждём соперника.",
    "rematch.offered_to_you": "Соперник предлагает реванш (цвета меняются).",
    "rematch.go": "Перейти к реваншу",
    "chooser.promote": "Превратить в:",
    "chooser.which": "Каким путём?",
    "chooser.part": "Какая часть пирамиды ходит?",
    "sets.title": "Подвижные группы с этой шашкой:",
    "group.moves": "Ходит всей группой, параллельным переносом: {modes}.",
    "group.none": "Группа неподвижной формы: ходят только её части подвижной формы.",
    "group.to_hand": "Взятые ею шашки идут в руку владельца.",
    "lobby.reconstructed": "реконструкция",
    "game.reconstructed": "Начальная позиция — наша реконструкция: диаграмма автора утрачена (см. правила).",
    "cascade.displaced": "фигура, взятая на {from}, падает на {to} и уничтожает то, что там стояло",
    "cascade.ascended": "бьющая фигура поднимается с {from} на {to}",
    "cascade.ascent_blocked": "бьющая фигура остаётся на {from}: {to} занято",
    "chooser.whole": "вся пирамида",
    "chooser.stay": "остаться: {name}",
    "hand.in_hand": "в руке",
    "hand.drop": "Сбросить: {name} (в руке {count})",
    "clock.waiting": "Часы пойдут после первых ходов обеих сторон.",
    "clock.correspondence": "Партия по переписке · на ходу {t}",
    "clock.low": "Мало времени!",
    "net.lost": "Связь потеряна — пробуем снова…",
    "net.back": "Связь восстановлена.",
    "analysis.thinking": "Программа думает…",
    "analysis.best": "Лучший ход",
    "analysis.line": "Лучший вариант",
    "analysis.mate": "мат в {n}",
    "analysis.mated": "получают мат в {n}",
    "analysis.pawns": "{v} пешки",
    "analysis.for": "за сторону «{side}»",
    "analysis.depth": "глубина {d}, позиций: {nodes}",
    "analysis.none": "Здесь нет ходов.",
    "analysis.of_shown": "Анализ показанной позиции",
    "entry.placeholder": "Введите ход, например {example}",
    "entry.label": "Ход",
    "entry.unknown": "{text}: такого хода здесь нет",
    "premove.set": "Предход {text} — будет сыгран, как только настанет ваш ход.",
    "premove.cancel": "отменить",

    "settings.title": "Настройки",
    "settings.pieces": "Фигуры",
    "settings.pieces_symbols": "знаки ходов с буквами",
    "settings.pieces_glyphs": "только знаки ходов",
    "settings.pieces_letters": "буквы",
    "settings.sound": "Звук ходов",
    "settings.animation": "Анимация ходов",
    "settings.names": "Названия клеток на каждой клетке",
    "settings.language": "Язык",

    "piece.title": "{name} ({letter})",
    "piece.promoted_from": "превращённая фигура: {name}",
    "piece.promotes": "Превращается в: {names}.",
    "piece.royal": "Главная фигура: потеряв её, вы проигрываете.",
    "legend.both": "ходит или бьёт",
    "legend.move": "только ходит (без взятия)",
    "legend.capture": "только бьёт",
    "legend.initial": "только первым ходом",
    "legend.unchecked": "пока не получал шаха (право прыжка)",
    "legend.jump": "перепрыгивает фигуру соперника и встаёт за ней",

    "rules.title": "Правила",
    "rules.all_games": "Все игры",
    "rules.reconstructed": "Реконструкция: части этой игры нет в сохранившемся тексте автора; здесь показана наша реконструкция, чтобы в игру можно было играть.",
    "rules.board_setup": "Доска и начальная расстановка",
    "rules.pieces": "Фигуры",
    "rules.special": "Особые правила",
    "rules.end": "Конец партии",
    "rules.more": "Наши решения дословно",
    "rules.more_help": "Правила в том виде, как они запрограммированы, со всеми решениями там, где текст автора молчит (по-английски):",
    "rules.source": "Текст автора",
    "rules.source_help": "Правила И.Г. Косинцева в том виде, как он опубликовал их в своём блоге (по-английски; русские шашматы — и по-русски). Где текст молчит или противоречит себе, решают наши решения.",
    "rules.play": "Сыграть в эту игру",
    "rules.setup_caption": "Начальная позиция (белые внизу).",
    "rules.diagram_caption": "С поля {cell} на пустой доске.",
    "rules.not_implemented": "Эта игра есть в каталоге, но сыграть в неё пока нельзя.",
    "rules.modes": "В нотации автора: {modes}",
    "rules.symbols": "Как читать фигуры",
    "rules.symbols_text": "Каждая фигура показывает, как она ходит: длинные лучи — ход на любое расстояние по линиям (+ вертикали и горизонтали, × диагонали), короткие лучи с точкой — шаг такой длины, кольца — прыжок на любую клетку на этом расстоянии, отдельные точки — прыжок фиксированной формы (восемь полей коня). Пунктир действует, пока фигура не получила шах, бледные знаки — только первым ходом. Двойной обод у короля, восьмиугольник у превращённой фигуры, маленький кружок у пешки.",
    "rules.promotion_zone": "Зона превращения белых (затенена).",
    "rules.castling_before": "до (клетки между ними свободны)",
    "rules.castling_after": "после",
    "rules.options": "Варианты правил",
    "rules.options_help": "Партию можно начать с такими вариантами правил (в лобби):",
  },
};

const LOCALES = Object.keys(STRINGS);

function detect() {
  try {
    const saved = localStorage.getItem("ccg:locale");
    if (saved && STRINGS[saved]) return saved;
  } catch { /* storage disabled */ }
  const nav = (navigator.language || "en").slice(0, 2);
  return STRINGS[nav] ? nav : "en";
}

export let locale = detect();

export function t(key, params = {}) {
  const s = STRINGS[locale][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/// The name of a side in the current locale.
export function sideName(color) {
  return t(color === "white" ? "side.white" : "side.black");
}

/// Fills every element marked with data-i18n* under `root`.
export function applyStatic(root = document) {
  document.documentElement.lang = locale;
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-title]")) {
    e.title = t(e.dataset.i18nTitle);
    e.setAttribute("aria-label", e.title);
  }
  for (const e of root.querySelectorAll("[data-i18n-placeholder]")) e.placeholder = t(e.dataset.i18nPlaceholder);
}

/// Wires the header's locale select: choosing a locale stores it and re-renders via `onChange`.
export function localeSwitch(select, onChange) {
  select.innerHTML = "";
  for (const l of LOCALES) select.append(new Option(STRINGS[l]["locale.name"], l));
  select.value = locale;
  select.addEventListener("change", () => {
    locale = select.value;
    try { localStorage.setItem("ccg:locale", locale); } catch { /* storage disabled */ }
    applyStatic();
    onChange?.();
  });
}

/// Piece names in Russian, by game and token (English names come from the rules data).
const PIECE_NAMES_RU = {
  mgc: { P: "Пешка", H: "Конь", N: "Ниндзя", B: "Слон", E: "Епископ", C: "Кардинал", L: "Легион", G: "Генерал", M: "Маршал", A: "Советник", Q: "Ферзь", K: "Король" },
  mgc1: { P: "Пешка", H: "Конь", N: "Ниндзя", B: "Слон", E: "Епископ", C: "Кардинал", R: "Ладья", G: "Генерал", M: "Маршал", F: "Ферз", Q: "Ферзь", K: "Король" },
  guru: { K: "Король", J: "Раджа", Q: "Ферзь", M: "Маршал", C: "Кардинал", R: "Ладья", B: "Слон", N: "Конь", P: "Пешка" },
  avantgarde: { K: "Король", Q: "Ферзь", A: "Советник", M: "Маршал", C: "Кардинал", R: "Ладья", B: "Слон", G: "Страж", N: "Конь", P: "Пешка" },
  shogi: { K: "Король", G: "Генерал", R: "Ладья", B: "Слон", H: "Конь", P: "Пешка", "+P": "Пионер", "+G": "Маршал", "+R": "Дракон", "+B": "Епископ", "+H": "Ниндзя" },
  shogi1: { K: "Король", G: "Генерал", R: "Ладья", B: "Слон", N: "Конь", P: "Пешка", "+P": "Превращённая пешка", "+G": "Превращённый генерал", "+R": "Превращённая ладья", "+B": "Превращённый слон", "+N": "Превращённый конь" },
  cheskers: { K: "Король", Q: "Ферзь", R: "Ладья", B: "Слон", N: "Конь", P: "Пешка" },
  cubic: { K: "Король", Q: "Ферзь", R: "Ладья", B: "Слон", H: "Конь", P: "Пешка" },
  "cubic-asym": { K: "Король", Q: "Ферзь", R: "Ладья", B: "Слон", H: "Конь", P: "Пешка" },
  nihongi: { K: "Король", Q: "Ферзь", R: "Ладья", B: "Слон", H: "Конь", P: "Пешка" },
  brilliant: { K: "Король", Q: "Ферзь", R: "Ладья", B: "Слон", N: "Конь", P: "Пешка" },
};

/// A kind's name in the current locale.
export function pieceName(game, kind) {
  if (locale === "ru") {
    const ru = PIECE_NAMES_RU[game]?.[kind.token];
    if (ru) return ru;
  }
  return kind.name;
}

/// Rule options in words (the lobby's choices and game titles).
const OPTIONS = {
  en: {
    "king=step": "King without the jump right",
    "pawns=forward": "pawns never move backward",
    "remove=simple": "Incomplete: classical pieces only (a reconstruction)",
    "remove=complete": "complete set",
    "remove": "Incomplete: without {list}",
    "castling=off": "no castling",
    "bare_kings=play_on": "two lone Kings play on",
    "king_leap=off": "no King's leap over own pieces",
    "knight_march=leap": "the Knight's march may pass over a piece",
    "landing=continue": "flying pieces must land where they can jump on",
    "no_moves=draw": "no legal move is a draw",
    "pawn_jumps=forward": "pawns jump only forward",
  },
  ru: {
    "king=step": "король без права прыжка",
    "pawns=forward": "пешки не ходят назад",
    "remove=simple": "неполная: только классические фигуры (реконструкция)",
    "remove=complete": "полный набор",
    "remove": "неполная: без {list}",
    "castling=off": "без рокировки",
    "bare_kings=play_on": "два одиноких короля играют дальше",
    "king_leap=off": "без прыжка короля через свои фигуры",
    "knight_march=leap": "конь может ходить через фигуру",
    "landing=continue": "дальнобойные фигуры встают туда, откуда можно бить дальше",
    "no_moves=draw": "отсутствие ходов — ничья",
    "pawn_jumps=forward": "пешки бьют только вперёд",
  },
};

const OPTION_KEYS = {
  en: { king: "King", pawns: "Pawns", remove: "Incomplete game: remove pieces", castling: "Castling", bare_kings: "Two lone Kings",
    king_leap: "King's leap", knight_march: "Knight's march", landing: "Landing after a jump", no_moves: "No legal move", pawn_jumps: "Pawn jumps" },
  ru: { king: "Король", pawns: "Пешки", remove: "Неполная игра: снять фигуры", castling: "Рокировка", bare_kings: "Два одиноких короля",
    king_leap: "Прыжок короля", knight_march: "Ход коня", landing: "Приземление после прыжка", no_moves: "Нет ходов", pawn_jumps: "Прыжки пешек" },
};

/// The name of an option key in words.
export function optionKey(key) {
  return (OPTION_KEYS[locale] || OPTION_KEYS.en)[key] || OPTION_KEYS.en[key] || key;
}

/// An option (`key=value`) in words of the current locale; unknown ones as written.
export function optionText(opt) {
  const table = OPTIONS[locale] || OPTIONS.en;
  if (table[opt]) return table[opt];
  const [key, value] = opt.split("=");
  if (key === "remove" && value) return (table.remove || OPTIONS.en.remove).replace("{list}", value);
  return opt;
}

/// Game names in Russian, by id (English names come from the catalogue).
const GAME_NAMES_RU = {
  mgc: "Современные большие шахматы, 2-е издание (10.12.2010)",
  mgc1: "Современные большие шахматы, 1-е издание (20.07.2010)",
  avantgarde: "Авангардные большие шахматы (25.02.2013)",
  guru: "Шахматы Гуру (03.06.2010)",
  shogi: "Современное сёги, 2-е издание (02.05.2011)",
  shogi1: "Современное сёги, 1-е издание (22.04.2011)",
  cheskers: "Русские шашматы (05.07.2010)",
  cubic: "64-клеточные кубические шахматы, симметричная расстановка (03.06.2010)",
  "cubic-asym": "64-клеточные кубические шахматы, несимметричная расстановка (03.06.2010)",
  nihongi: "Нихонги, четырёхмерные шахматы 3x3x3x3 (03.06.2010)",
  brilliant: "Бриллиантовые шахматы, шестиугольные (05.07.2010)",
};

/// A game's name in the current locale (`fallback` is the server's English name).
export function gameName(id, fallback) {
  return (locale === "ru" && GAME_NAMES_RU[id]) || fallback;
}
