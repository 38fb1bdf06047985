import type { Shape } from '../shape';
import type { admin as source } from './en';

/** Spanish: tú, «tabla» for a board, Discord's own words (canal, rol, Gestionar servidor). */
export const admin: Shape<typeof source> = {
  language: {
    name: {
      en: 'inglés',
      es: 'español',
      'pt-BR': 'portugués (Brasil)',
      de: 'alemán',
    },
    reply: {
      picked:
        'Desde ahora, Tally publica en {{language}} en este servidor: revisiones, confirmaciones, tablas en vivo, anuncios de temporada y líneas de auditoría. Las respuestas que solo ve un miembro siguen en el idioma de Discord de cada uno.',
      auto: 'Desde ahora, Tally sigue el idioma de este servidor en Discord y publica en {{language}}. Las respuestas que solo ve un miembro siguen en el idioma de Discord de cada uno.',
      pickedAlready: 'Tally ya publica en {{language}} en este servidor; no se cambió nada.',
      autoAlready:
        'Tally ya sigue el idioma de este servidor en Discord ({{language}}); no se cambió nada.',
    },
    audit: {
      picked: '🌐 {{actor}} cambió el idioma en que Tally publica en este servidor a {{language}}',
      auto: '🌐 {{actor}} hizo que Tally siga el idioma de este servidor en Discord ({{language}})',
    },
  },
  actor: {
    cli: 'el operador (CLI)',
    api: 'la API',
    auto: 'Tally',
    autoConfirmed: 'Tally (ningún rival respondió a tiempo)',
    expired: 'el plazo de revisión',
    demo: 'la demo',
  },
  audit: {
    line: {
      channelOn: '📋 {{actor}} configuró {{channel}} como canal de auditoría de este servidor',
      channelOff: '📋 {{actor}} desactivó el canal de auditoría de este servidor',
      matchResult: 'partida n.º {{number}}: {{outcome}}',
      scoreResult: 'puntuación: {{player}} {{score}}',
      approved: '✅ {{actor}} aprobó {{handle}} en {{board}} ({{result}})',
      adjusted: '✏️ {{actor}} ajustó y aprobó {{handle}} en {{board}} (ahora {{result}})',
      declined: '❌ {{actor}} rechazó {{handle}} en {{board}} ({{result}})',
      declinedWhy: '❌ {{actor}} rechazó {{handle}} en {{board}} ({{result}}): {{reason}}',
      expired: '⌛ {{handle}} en {{board}} venció sin decisión ({{result}}); no se aplicó nada',
      key: 'clave {{type}} {{id}} ({{access}})',
      keyLabelled: 'clave {{type}} {{id}} ({{access}}) «{{label}}»',
      keyMinted: '🔑 {{actor}} creó la {{key}}',
      keyRevoked: '🔒 {{actor}} revocó la {{key}}',
      seasonOn: '{{season}} de {{board}}',
      seasonEnds: 'termina {{when}}',
      seasonEndsRepeats: 'termina {{when}} y luego se repite',
      seasonNoEnd: 'sin fecha de fin',
      seasonStarted: '▶️ {{actor}} inició la {{season}} ({{end}}; al terminar, {{reset}})',
      seasonClosed: '🏁 Terminó la {{season}}: tabla final archivada, {{reset}}',
      seasonClosedNext:
        '🏁 Terminó la {{season}}: tabla final archivada, {{reset}}; empezó la {{next}}',
      seasonEnded: '🏁 {{actor}} terminó la {{season}}: tabla final archivada, {{reset}}',
      seasonEndedNext:
        '🏁 {{actor}} terminó la {{season}}: tabla final archivada, {{reset}}; empezó la {{next}}',
      seasonEnding:
        '⏹️ {{actor}} terminó la {{season}}; se cierra en cuanto se registren los resultados enviados hasta ahora',
      corrected: '🛠️ {{actor}} corrigió {{board}}: {{headline}}',
      correctedWhy: '🛠️ {{actor}} corrigió {{board}}: {{headline}}: {{reason}}',
      boardDeleted:
        '🗑️ {{actor}} eliminó la tabla {{board}} ({{id}}) con todo su contenido: {{contents}}',
    },
    reply: {
      whatGoes:
        'aprobaciones, rechazos, ajustes, vencimientos, correcciones, inicios y finales de temporada, y claves de API creadas y revocadas',
      notInDm: 'el canal de auditoría es un ajuste del servidor: usa /audit en tu servidor',
      already: 'Las líneas de auditoría ya van a {{channel}}.',
      now: 'Las líneas de auditoría ahora van a {{channel}}: {{what}}, una línea por acción. Tally necesita Ver canal y Enviar mensajes ahí; si no puede publicar una línea, la omite.',
      off: 'Las líneas de auditoría ya no se publican (iban a {{channel}}). Vuelve a activarlas con `/audit channel`.',
      offAlready:
        'No había canal de auditoría; no cambió nada. Configura uno con `/audit channel`.',
      shows: 'Las líneas de auditoría van a {{channel}} (configurado por {{actor}}): {{what}}.',
      none: 'No hay canal de auditoría: las acciones se registran, pero no se publican. Configura uno con `/audit channel`.',
    },
  },
  season: {
    title: 'Temporada {{number}}',
    titleNamed: 'Temporada {{number}} «{{name}}»',
    reset: {
      rating: 'sus participaciones se archivan con su puesto final',
      standings: 'la tabla se reinicia',
      hard: 'el elo vuelve a {{start}}',
      soft: 'el elo se acerca un {{percent}} % a {{start}}',
      keep: 'se conserva el elo y se reinician los récords',
    },
    started: 'La **{{season}}** de **{{board}}** ha comenzado.',
    startedRound: 'La **{{season}}** de **{{board}}** ha comenzado como ronda de concurso.',
    endsAt: 'Termina el {{at}} ({{relative}}).',
    endsAtRepeats:
      'Termina el {{at}} ({{relative}}) y entonces empieza la siguiente, con la misma duración.',
    runsUntilEnded: 'Sigue hasta que alguien con Gestionar servidor use `/season end`.',
    roundEndWinner:
      'Al terminar, sus participaciones se archivan con su puesto final y se anuncia al ganador; la siguiente ronda empieza sin participaciones.',
    roundEndTop:
      'Al terminar, sus participaciones se archivan con su puesto final y se anuncia el top {{count}}; la siguiente ronda empieza sin participaciones.',
    standingsEnd: 'Al terminar, la tabla final se archiva y {{reset}}.',
    announcedIn: 'Se anuncia en {{channel}}.',
    notAnnounced: 'No se anuncia (indica `channel` para anunciarla).',
    closing:
      'La {{season}} termina en cuanto se registren los resultados enviados hasta ahora (unos segundos); luego su tabla se archiva y la tabla empieza de cero.',
    endedRound:
      'La {{season}} ha terminado: sus participaciones quedan archivadas por puesto final ({{archive}}); las que se envíen desde ahora van a la siguiente ronda.',
    ended:
      'La {{season}} ha terminado: su tabla final queda archivada ({{archive}}) y la tabla empieza de cero ({{reset}}).',
    ofBoard: '**{{season}}** de **{{board}}**',
    info: {
      none: 'ninguna temporada en curso (la {{season}} terminó el {{at}})',
      ends: 'termina {{relative}}',
      endsRepeating: 'termina {{relative}} y se repite',
      noEnd: 'sin fecha de fin',
      line: 'temporada: {{season}}, {{end}}; después, {{reset}}',
      lineAnnounced:
        'temporada: {{season}}, {{end}}; después, {{reset}}; se anuncia en {{channel}} (top {{top}})',
    },
    announce: {
      started: '🏁 Empieza la {{season}}',
      startsNew: '**{{board}}** empieza una nueva temporada.',
      endsAt: 'Termina el {{at}} ({{relative}}).',
      runsUntilEnded: 'Sigue hasta que los moderadores la terminen.',
      keptForGood: 'Al terminar, la tabla final se guarda para siempre y {{reset}}.',
      soon: '⏳ {{season}}: queda un día',
      closes: '**{{board}}** cierra {{relative}}: última oportunidad para subir.',
      ended: '🏆 Terminó la {{season}}',
      finalOf: 'Tabla final de **{{board}}**:',
      nobody: 'Nadie tuvo resultados.',
      begun: 'Ha empezado la **{{next}}**. {{reset}}.',
      begunEnds: 'Ha empezado la **{{next}}**; termina el {{at}}. {{reset}}.',
      afresh: 'La tabla empieza de cero: {{reset}}.',
      standings: 'Tabla',
      finalStandings: 'Tabla final',
    },
    archive: {
      title: '{{board}} — {{season}}, final',
      nobody: 'Nadie tuvo resultados esta temporada.',
      noMore: 'No hay más participantes.',
      footer: '{{board}} · {{from}} – {{to}} · archivada',
    },
    round: {
      startsNew: '**{{board}}** empieza una nueva ronda de concurso.',
      submit:
        'Envía una participación con `/contest submit board:{{board}}` y puntúa las demás; al terminar, las participaciones se clasifican para siempre y los ganadores se muestran aquí.',
      closes: '**{{board}}** cierra {{relative}}: última oportunidad para votar.',
      by: 'de {{author}} · {{standing}}',
      winnersOf: 'Ganadores de **{{board}}**:',
      noneRanked: 'Ninguna participación tuvo suficientes votos para clasificarse.',
      more: '…y {{count}} más en la clasificación final.',
    },
    errors: {
      roundAfresh:
        'una ronda de concurso siempre empieza de cero: sus participaciones se archivan al terminar',
      daysOrEnd: 'indica una duración en días o una fecha de fin, no ambas',
      endInFuture: 'el fin debe estar en el futuro y dentro de diez años',
      reset: 'reset debe ser uno de estos: {{resets}}',
      onlyElo:
        'solo el elo de las tablas ELO se puede conservar o reiniciar a medias; las tablas {{type}} siempre empiezan de cero',
      repeatNeedsEnd: 'una temporada que se repite necesita una duración o una fecha de fin',
      running:
        'La temporada {{number}} está en curso; termínala primero (/season end o tally season end)',
      runningUntil:
        'La temporada {{number}} está en curso hasta el {{until}}; termínala primero (/season end o tally season end)',
      noneRunning:
        '{{board}} no tiene ninguna temporada en curso; empieza una con /season start (o tally season start)',
      stillRunning: 'La temporada {{number}} sigue en curso; su tabla es la tabla actual',
      noEnded: '{{board}} no tiene una temporada {{number}} terminada; /season list las muestra',
    },
  },
  contents: {
    entries_one: '{{count, number}} participante',
    entries_many: '{{count, number}} participantes',
    entries_other: '{{count, number}} participantes',
    matches_one: '{{count, number}} partida',
    matches_many: '{{count, number}} partidas',
    matches_other: '{{count, number}} partidas',
    scores_one: '{{count, number}} puntuación',
    scores_many: '{{count, number}} puntuaciones',
    scores_other: '{{count, number}} puntuaciones',
    seasons_one: '{{count, number}} temporada',
    seasons_many: '{{count, number}} temporadas',
    seasons_other: '{{count, number}} temporadas',
    contestEntries_one: '{{count, number}} participación de concurso',
    contestEntries_many: '{{count, number}} participaciones de concurso',
    contestEntries_other: '{{count, number}} participaciones de concurso',
    evidenceImages_one: '{{count, number}} imagen de prueba',
    evidenceImages_many: '{{count, number}} imágenes de prueba',
    evidenceImages_other: '{{count, number}} imágenes de prueba',
    nothing: 'nada registrado todavía',
  },
  errors: {
    wholeInRange: '`{{name}}` debe ser un número entero de {{min}} a {{max}}',
  },
};
