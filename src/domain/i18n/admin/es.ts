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
    unknown: 'el idioma debe ser una de las opciones',
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
  setup: {
    title: '**Configurar Tally**',
    notInServer: '/setup configura un servidor; úsalo ahí (tus propias tablas: /board create)',
    notOurs: 'Ese no es un paso de /setup hecho por Tally; no se cambió nada.',
    notYours:
      'Solo {{member}}, que ejecutó `/setup`, puede responder aquí; no se cambió nada. Ejecuta `/setup` tú mismo para configurar Tally.',
    boardGone: 'Esa tabla ya no existe; no se cambió nada.',
    movedOn:
      'Este /setup ya avanzó (su tabla ya está creada); no se cambió nada. Ejecuta `/setup` de nuevo para otra tabla.',
    noRole: 'ninguno (revisan los miembros con Gestionar servidor)',
    noChannel: 'ninguno (los resultados por revisar esperan en `/review list`)',
    step1:
      '{{title}} · paso 1 de 4: ¿quién puede aprobar o rechazar los resultados enviados? Elige el rol de moderador u omítelo: los miembros con Gestionar servidor siempre pueden revisar.',
    rolePlaceholder: 'El rol de moderador',
    skipRole: 'Omitir: sin rol de moderador',
    step2:
      '{{title}} · paso 2 de 4: rol de moderador {{role}}. ¿Dónde debe publicar Tally los resultados para revisar? Elige el canal de revisión (Tally necesita Ver canal, Enviar mensajes e Insertar enlaces ahí) u omítelo.',
    channelPlaceholder: 'El canal de revisión',
    skipChannel: 'Omitir: sin canal de revisión',
    types: {
      Classic: 'puntos que se suman',
      Highscore: 'cuenta la mejor puntuación',
      Time: 'cuenta el tiempo más rápido',
      ELO: 'partidas 1v1 o por equipos, elo',
      League: 'partidas, puntos por victoria/empate/derrota',
      Rating: 'un concurso de imágenes, votan los miembros',
    },
    step3:
      '{{title}} · paso 3 de 4: rol de moderador {{role}}, canal de revisión {{channel}}. Ahora una primera tabla: elige su tipo y luego ponle nombre.',
    typePlaceholder: 'El tipo de tabla',
    modalTitle: 'Configurar Tally: una tabla {{type}}',
    nameLabel: 'Nombre de la tabla',
    namePlaceholder: 'p. ej. Liga semanal',
    step4:
      '{{title}} · paso 4 de 4: se creó **{{board}}** ({{id}}). ¿Quieres que Tally mantenga su top 10 publicado y al día en un canal? Elígelo u omítelo.',
    livePlaceholder: 'El canal de la tabla en vivo',
    skipLive: 'Omitir: sin tabla en vivo',
    done: '{{title}} · listo. **{{board}}** ({{id}}, {{type}}) está lista:',
    doneRole: '- rol de moderador: {{role}}',
    doneChannel: '- canal de revisión: {{channel}}',
    doneWindow:
      '- plazo de revisión: {{hours}} h (`/board edit window_hours:0` aplica los resultados al instante)',
    doneLive: '- tabla en vivo: {{channel}}, se publica en un momento',
    doneNoLive: '- tabla en vivo: ninguna (`/board standings` la añade más tarde)',
    next: 'Siguiente:',
    firstMatch: '- `/match report board:{{board}} opponents:@alguien` reporta una partida',
    firstContest:
      '- `/contest settings board:{{board}}` configura el concurso y luego `/contest submit` envía una imagen',
    firstScore: '- `/score submit board:{{board}} score:…` envía una puntuación',
    nextLeaderboard: '- `/leaderboard board:{{board}}` muestra la tabla',
    nextEdit:
      '- `/board edit board:{{board}}` cambia el plazo de revisión y más; `/board info` lo muestra todo',
    nextApi:
      '- `/api key create` crea una clave para la API HTTP; `/setup` otra vez crea otra tabla',
  },
  board: {
    created: 'Se creó **{{board}}** ({{id}}).',
    updated: 'Se actualizó **{{board}}**.',
    updatedResumed:
      'Se actualizó **{{board}}**. Los mensajes de revisión estaban detenidos; Tally intenta publicar ahora los pendientes.',
    liveOn:
      'El top de **{{board}}** se publica en {{channel}} en un momento y se mantiene al día (se revisa cada 30 s).',
    liveOff:
      'Tally ya no mantiene la tabla en vivo de **{{board}}**; el último mensaje queda como está.',
    decayOff: 'El decaimiento está desactivado en {{board}}.',
    decayChanged:
      'El decaimiento en {{board}} ahora es: {{rule}}. El próximo paso es {{when}}; la inactividad cuenta desde {{since}}.',
    decaySet:
      'Decaimiento en {{board}}: {{rule}}. El primer paso es {{when}}; la inactividad cuenta desde ahora.',
    points: 'points: tres números enteros para victoria, empate y derrota, p. ej. 3,1,0',
    decay: {
      percent: '{{amount}} %',
      points: '{{amount}} puntos',
      rule: '{{amount}} cada {{hours}} h tras {{days}} días sin resultados, sin bajar de {{floor}}',
      ruleRoleFloor:
        '{{amount}} cada {{hours}} h tras {{days}} días sin resultados, sin bajar de {{floor}} ni del rol de rango que alcanzó el elo',
    },
    info: {
      privateUser: 'Privada: fuera de las páginas públicas (la API sigue igual)',
      privateServer:
        'Privada: solo los miembros que iniciaron sesión ven sus páginas; fuera del índice y de las vistas previas de enlaces (la API sigue igual)',
      reviewDm: 'por MD al propietario',
      reviewRole: 'en {{channel}} por {{role}} o Gestionar servidor',
      reviewManagers: 'en {{channel}} por Gestionar servidor',
      reviewCli: 'con `tally review` (sin canal de moderación)',
      typeHighest: 'Tipo **{{type}}**, gana el valor más alto',
      typeLowest: 'Tipo **{{type}}**, gana el valor más bajo',
      elo: 'k {{k}}, inicio {{start}}',
      points: 'puntos {{win}}/{{draw}}/{{loss}}',
      fixedTeams: 'equipos fijos',
      perSide: '{{count}} por lado',
      atOnce: 'se aplica al instante',
      reviewed: 'se revisa {{review}}, plazo {{hours}} h',
      opponents:
        'reportes de partidas de miembros: primero los confirma un rival (en el canal donde se reportaron), con {{hours}} h para responder; después, {{then}}; una disputa va a los moderadores',
      silenceConfirms: 'se confirman solos',
      silenceEscalates: 'pasan a los moderadores',
      evidence: 'se exige prueba en los reportes por chat (una captura o un enlace)',
      decay: 'decaimiento: {{rule}}',
      live: 'tabla en vivo en {{channel}}',
      contest: 'concurso: {{contest}}',
      stopped: '⚠️ Mensajes de revisión detenidos',
      stoppedWhy:
        'Desde {{since}}: {{reason}}. Los envíos esperan, aún pendientes. Arregla el canal para Tally o elige otro con `/board edit`; entonces se publican las revisiones pendientes.',
      api: 'API: {{endpoint}}',
      readOnly: 'API: solo lectura',
    },
    delete: {
      deleteButton: 'Eliminar',
      cancelButton: 'Cancelar',
      confirm:
        '¿Eliminar **{{board}}** ({{id}}) para siempre? Se va con ella: {{contents}}, con su historial, su cola de revisión, sus roles de rango y sus ajustes. Su página pública y toda lectura por la API responden 404; las claves de API siguen funcionando para las demás tablas.',
      staysLive:
        'El mensaje de la tabla en vivo en {{channel}} y sus publicaciones quedan en Discord como están; bórralos a mano si quieres.',
      stays: 'Los mensajes que Tally publicó para ella quedan en Discord como están.',
      pressBy: 'Pulsa Eliminar {{when}} como muy tarde.',
      deleted: 'Se eliminó **{{board}}** ({{id}}) con todo su contenido: {{contents}}.',
      notOurs: 'Ese botón no lo hizo Tally.',
      notYours:
        'Solo {{member}}, que pidió eliminar esta tabla, puede responder aquí; no se eliminó nada.',
      cancelled: 'Cancelado: no se eliminó nada.',
      expired:
        'Esta confirmación caducó; no se eliminó nada. Ejecuta `/board delete` otra vez para eliminar la tabla.',
      gone: 'Esa tabla ya está eliminada; no se cambió nada más.',
    },
  },
  roles: {
    title: 'Roles de rango de {{board}}',
    none: 'Ninguno todavía; alguien con Gestionar servidor añade uno con `/roles add` o `/roles top`.',
    fromGames: 'Desde {{count}} resultados',
    fromFirst: 'Desde el primer resultado',
    stack: 'se conservan todos los roles ganados',
    single: 'un rol a la vez, el mejor ganado',
    rules: '{{from}}; {{how}}.',
    line: 'roles de rango: {{count}}',
    lineRefused:
      'roles de rango: {{count}} (⚠️ {{refused}} rechazados por Discord: mira `/roles list`)',
    added:
      '{{role}} ahora es un rol de rango de **{{board}}**; Tally lo da y lo quita en 30 s según cambie la tabla. Necesita el permiso Gestionar roles, con su propio rol por encima de {{role}}.',
    removed:
      '{{role}} ya no es un rol de rango de **{{board}}**; Tally se lo quita a los miembros a los que se lo dio.',
    settings: 'Roles de rango de **{{board}}**: {{from}}, {{how}}.',
    settingsFromGames: 'desde {{count}} resultados',
    settingsFromFirst: 'desde el primer resultado',
    settingsSingle: 'un rol a la vez (el mejor ganado)',
    refresh:
      'Tally vuelve a revisar ahora los roles de rango de cada miembro en **{{board}}**, incluidos los que Discord rechazó antes.',
    problem: {
      hierarchy:
        'Tally no puede dar este rol: necesita el permiso Gestionar roles y su propio rol debe estar por encima de este en Ajustes del servidor → Roles',
      missingAccess:
        'Tally no puede dar este rol (Missing Access): necesita el permiso Gestionar roles',
      gone: 'el rol ya no existe; quítalo con /roles remove',
    },
    rule: {
      top: '{{role}}: top {{n}}',
      topKept: '{{role}}: top {{n}} (se conserva hasta el puesto {{keep}})',
      up: '{{role}}: {{value}} {{threshold}}+',
      upKept: '{{role}}: {{value}} {{threshold}}+ (se conserva hasta {{keep}})',
      down: '{{role}}: {{value}} {{threshold}} o mejor',
      downKept: '{{role}}: {{value}} {{threshold}} o mejor (se conserva hasta {{keep}})',
    },
  },
  api: {
    access: {
      open: 'El acceso a la API está abierto: puedes crear claves con `/api key create`.',
      none: 'Todavía no hay acceso a la API. Pídelo con `/api access action:request`; un operador lo concede.',
      requested: 'El acceso a la API está pedido y espera a que un operador lo conceda.',
      withdrawn:
        'El acceso a la API está retirado: las claves live están revocadas y no se pueden crear nuevas.',
    },
    revoked: 'Se revocó **{{id}}**; deja de funcionar ahora.',
    minted: 'Se creó **{{id}}** ({{type}}, {{scopes}}).',
    secret: 'Secreto — se muestra solo esta vez, guárdalo ahora:',
    use: 'Úsalo como `Authorization: Bearer <secret>`; revócalo con `/api key revoke key:{{id}}`.',
  },
  team: {
    created:
      'Se creó el equipo **{{team}}** ({{id}}) en {{board}}. Reporta sus partidas con `/match report team:{{teamId}}`.',
  },
  errors: {
    wholeInRange: '`{{name}}` debe ser un número entero de {{min}} a {{max}}',
    type: 'type debe ser uno de estos: {{types}}',
    sort: 'sort debe ser asc o desc',
    teamsMatchesOnly:
      'el tamaño de equipo, los equipos fijos y el todos contra todos solo valen para tablas ELO y Liga',
    eloOnly: 'el factor k y el elo inicial solo valen para tablas ELO',
    pointsLeagueOnly: 'los puntos solo valen para tablas Liga',
    boardIdLength: 'el ID de la tabla debe tener de 1 a 100 caracteres',
    boardExists: '{{owner}} ya tiene una tabla "{{id}}"',
    notFixedTeams: 'la tabla "{{board}}" no es de equipos fijos',
    reviewMode: 'el modo de revisión debe ser uno de estos: {{modes}}',
    opponentsMatchesOnly:
      'la confirmación por rivales solo vale para tablas ELO y Liga (las puntuaciones no tienen rival)',
    onSilence: 'on_silence debe ser uno de estos: {{values}}',
    displayRating:
      'los ajustes de visualización son para tablas con clasificación; el concurso de una tabla Rating tiene los suyos',
    nothingToChange: 'no hay nada que cambiar',
    noBoard: 'No existe la tabla "{{board}}"',
    accessWithdrawn: 'el acceso a la API de {{owner}} está retirado; no se pueden crear claves',
    noAccess:
      '{{owner}} todavía no tiene acceso a la API; pídelo y un operador lo concede (tally owner access {{owner}} open)',
    tooManyKeys: '{{owner}} ya tiene {{max}} claves activas (spec 5.6); revoca una primero',
    keyId: 'el ID de la clave debe tener la forma key_<n>, se recibió "{{id}}"',
    noKey: 'no existe la clave {{id}}',
    rolesPersonal:
      'los roles de rango son roles de un servidor de Discord; las tablas personales no tienen',
    rolesRating: 'las tablas Rating no tienen clasificación, así que no tienen roles de rango',
    roleId: 'role: un ID de rol de Discord',
    roleEveryone: 'role: @everyone son todos los miembros; elige un rol',
    roleKind: 'kind debe ser value o top',
    keepTop:
      'keep: un puesto {{threshold}} o peor (un número mayor): el rol se conserva hasta ese puesto',
    keepAtLeast:
      'keep: al menos {{threshold}}: el rol se conserva mientras el valor siga siendo así de bueno',
    keepAtMost:
      'keep: como mucho {{threshold}}: el rol se conserva mientras el valor siga siendo así de bueno',
    rolesMax: 'una tabla tiene como máximo {{max}} roles de rango; quita uno primero',
    notRankRole: '{{role}} no es un rol de rango de {{board}}',
    decayEloOnly: 'el decaimiento es para tablas ELO; {{board}} es {{type}}',
  },
};
