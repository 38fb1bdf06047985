import type { Shape } from '../shape';
import type { play as source } from './en';

/**
 * Colas y concursos, de tú: «cola», «partida», «elo», «Unirse / Salir» y «Listo» como en los
 * botones, «participación» para una entrada de un concurso.
 */
export const play: Shape<typeof source> = {
  queue: {
    left: 'Saliste de la cola.',
    leftBoard: 'Saliste de la cola de {{board}} ({{waiting}}).',
    waiting_one: '{{count, number}} en espera',
    waiting_many: '{{count, number}} en espera',
    waiting_other: '{{count, number}} en espera',
    howTeams:
      'Cuando hay {{players}} en espera, Tally arma partidas {{size}} con los equipos tan parejos como lo permita el elo',
    howPairs: 'Tally empareja a los dos jugadores con el elo más parecido',
    howItMatches:
      '{{who}}, con un margen de ±{{start}} al unirse que crece {{growth}} por minuto hasta ±{{max}}. A los emparejados se les menciona para que pulsen Listo en {{ready}} s (quien no aparece sale de la cola y los demás vuelven a su lugar); luego tienen {{report}} min para reportar el resultado desde el mensaje de la partida, que cuenta igual que un /match report.',
    opened: 'Abriste la cola de {{board}}.',
    updated: 'Actualizaste la cola de {{board}}.',
    postedSoon: 'En un momento se publica su mensaje de Unirse / Salir en {{channel}}.',
    staysIn: 'Su mensaje sigue en {{channel}}.',
    noMessage:
      'Todavía no tiene mensaje: indica `channel` para publicar uno; mientras tanto, los miembros pueden unirse con `/queue join`.',
    closed:
      'Cerraste la cola de {{board}}: quienes esperaban salieron de ella y sus partidas abiertas se cancelaron; los resultados ya reportados se mantienen.',
    noQueue: '{{board}} no tiene cola; no cambió nada.',
    youAreIn: 'Estás en la cola de {{board}} ({{waiting}}).',
    teamIsIn: '{{team}} está en la cola de {{board}} ({{waiting}}).',
    youAreInBoard: 'Estás en la cola de {{board}}.',
    yourWindow:
      'Tu elo es {{rating}}; te emparejan dentro de ±{{window}}, un margen que crece cuanto más esperas.',
    itsWindow:
      'Su elo es {{rating}}; lo emparejan dentro de ±{{window}}, un margen que crece cuanto más espera.',
    pingIn: 'Cuando te emparejen, Tally te menciona en {{channel}} para que pulses Listo.',
    waiterLine: '{{who}} — {{rating}}, ±{{window}}, se unió {{since}}',
    nobodyWaits: 'No hay nadie esperando.',
    more_one: '… y {{count, number}} más',
    more_many: '… y {{count, number}} más',
    more_other: '… y {{count, number}} más',
    matchOn: 'Tu partida en {{board}}',
    matchOnIn: 'Tu partida en {{board}} en {{channel}}',
    readyBy: '{{state}}; pulsa Listo (el plazo vence {{when}})',
    reportBy: '{{state}}; repórtala (el plazo vence {{when}})',
    state: {
      ready: 'esperando a que todos pulsen Listo',
      playing: 'en juego',
      reporting: 'ya reportada',
      reported: 'ya reportada',
      cancelled: 'cancelada',
    },
    youWait:
      'Esperas en la cola de {{board}} (te uniste {{since}}): elo {{rating}}, te emparejan ahora dentro de ±{{window}} (hasta ±{{max}}).',
    notWaiting: 'No estás esperando en ninguna cola.',
    queueOf: 'Cola de {{board}} ({{waiting}}, {{matches}}):',
    openMatches_one: '{{count, number}} partida abierta',
    openMatches_many: '{{count, number}} partidas abiertas',
    openMatches_other: '{{count, number}} partidas abiertas',
    noQueueOpen: '{{board}} no tiene cola; un admin la abre con /queue open',
    botsCannot: 'los bots no pueden entrar en la cola; solo las personas juegan partidas',
  },
  press: {
    notOurs: 'Ese botón no lo creó Tally; no se cambió nada.',
    queueGone: 'Esa cola está cerrada o no es de este servidor; no se cambió nada.',
    matchNotHere: 'Esa partida no es de este servidor; no se cambió nada.',
    botsCannot: 'Los bots no pueden entrar en la cola; solo las personas juegan partidas.',
    fixedTeams:
      '{{board}} tiene equipos fijos: pon a tu equipo en la cola con `/queue join board:{{id}} team:<nombre>`.',
    otherQueue:
      'Estás esperando en la cola de otra tabla, no en esta; `/queue status` te dice dónde y `/queue leave` te saca de ella.',
    notInThis: 'No estás esperando en la cola de {{board}}; no cambió nada.',
    allReady: 'Todos están listos: ¡a jugar! Reporta la partida desde su mensaje.',
    allReadyBy:
      'Todos están listos: ¡a jugar! Reporta la partida desde su mensaje (el plazo vence {{when}}).',
    youAreReady:
      'Estás listo; la partida empieza cuando todos hayan pulsado Listo (el plazo vence {{when}}).',
    declined:
      'Quedas fuera de esta partida; los demás vuelven a la cola en su lugar. Vuelve a unirte cuando puedas jugar.',
    cannotReport: 'Esta partida no se puede reportar: {{state}}.',
    cancelDenied:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden cancelar una partida; no se cambió nada.',
    cancelled: 'Cancelaste esta partida en {{board}}; nadie gana ni pierde elo.',
    onlyPlayers: 'solo los jugadores de esta partida pueden reportarla',
    badScore:
      'El marcador va con tu lado primero, por ejemplo 3-1; no se reportó nada. Pulsa Reportar marcador otra vez.',
    modalTitle: 'Reportar el marcador',
    modalLabel: 'Marcador, tu lado primero (3-1)',
  },
  queuePost: {
    title: 'Cola · {{board}}',
    nobody: 'No hay nadie esperando. Pulsa **Unirse** para ser el primero.',
    waiting: '**En espera ({{count}})**',
    more: '… y {{count}} más',
    playingNow_one: '**En juego:** {{count, number}} partida',
    playingNow_many: '**En juego:** {{count, number}} partidas',
    playingNow_other: '**En juego:** {{count, number}} partidas',
    footer:
      'A los emparejados se les menciona y tienen {{seconds}} s para pulsar Listo. Solo puedes esperar en una cola a la vez.',
    join: 'Unirse',
    leave: 'Salir',
    closed:
      'Esta cola está cerrada: no hay nadie esperando y no arma partidas. Un admin la vuelve a abrir con `/queue open` o desde el panel.',
    formRatings: 'elo de forma (según resultados)',
    ratings: 'elo',
    widening:
      'a lo sumo {{start}} de diferencia al principio, un margen que crece {{growth}} por minuto hasta {{max}}',
    teamVsTeam:
      '**Equipo contra equipo** · empareja a los equipos con el {{ratings}} más parecido, {{widening}}.',
    oneVsOne: '**1v1** · empareja a los jugadores con el {{ratings}} más parecido, {{widening}}.',
    teams:
      '**{{size}}** · los equipos más parejos entre jugadores con {{ratings}} parecido: {{widening}}.',
    waiterLine: '{{who}} · {{rating}} · se unió {{since}}',
    ids: 'partida de la cola {{match}} · tabla {{board}}',
    matchTitle: 'Partida de la cola · {{board}}',
    checkOver: '{{pings}}: terminó la confirmación de esta partida de {{board}}.',
    checkOn:
      '{{pings}}: tu partida de {{board}} está lista. Pulsa **Listo** antes de que termine la confirmación ({{when}}); quien no lo haga sale de la cola y los demás vuelven a su lugar.',
    deadline: 'antes de las {{time}} ({{when}})',
    howScore: 'pulsa **Reportar marcador** (con el marcador de tu lado primero)',
    howButtons: 'reporta el resultado con los botones de abajo (hablan por tu lado)',
    play: 'Todos están listos: ¡jueguen su partida de {{board}}! Después, uno de ustedes {{how}}. Una partida que nadie reporta a tiempo se cancela y no se registra nada.',
    playBy:
      'Todos están listos: ¡jueguen su partida de {{board}}! Después, uno de ustedes {{how}} {{deadline}}. Una partida que nadie reporta a tiempo se cancela y no se registra nada.',
    reporting: '{{who}} está reportando el resultado…',
    reported: 'Reportada por {{who}}. {{after}}',
    reportedAs: 'Reportada por {{who}} como `{{handle}}`. {{after}}',
    aPlayer: 'un jugador',
    afterOpponents: 'Los rivales la confirman o la disputan, como cualquier reporte en esta tabla.',
    afterAtOnce: 'Se aplica al momento, como cualquier reporte en esta tabla.',
    afterModerators: 'La moderación la revisa, como cualquier reporte en esta tabla.',
    unreported: 'Cancelada: nadie reportó el resultado a tiempo. No se registró nada.',
    closedInCheck: 'Cancelada: la cola se cerró durante la confirmación. No se registró nada.',
    notReady_one: 'Cancelada: {{who}} no estaba listo. Los demás vuelven a la cola en su lugar.',
    notReady_many: 'Cancelada: {{who}} no estaban listos. Los demás vuelven a la cola en su lugar.',
    notReady_other:
      'Cancelada: {{who}} no estaban listos. Los demás vuelven a la cola en su lugar.',
    cancelledBy: 'Cancelada por {{who}}. No se registró nada.',
    cancelledWhy: 'Cancelada ({{why}}). No se registró nada.',
    noReason: 'sin motivo',
    someone: 'alguien',
    and: '{{list}} y {{last}}',
    side: 'Equipo {{side}} · {{chance}} de probabilidad',
    cancel: 'Cancelar (moderación)',
    ready: 'Listo',
    cantPlay: 'No puedo jugar',
    reportScore: 'Reportar marcador',
    weWon: 'Ganamos',
    weLost: 'Perdimos',
    iWon: 'Gané',
    iLost: 'Perdí',
    draw: 'Empate',
  },
  queueRefused: {
    notQueueBoard: 'las colas son para tablas ELO y de Liga; {{board}} es una tabla {{type}}',
    sayTeam:
      'esta tabla tiene equipos fijos: di con qué equipo entras en la cola (team: un nombre o team_N)',
    notTeam: 'ese equipo no es un equipo de {{board}}',
    noQueue: '{{board}} no tiene cola; un admin la abre con /queue open o desde el panel',
    youWait:
      'Ya estás esperando en la cola de {{board}}; sal de ella primero (/queue leave o su botón Salir)',
    yourTeamWaits:
      'El equipo que pusiste en la cola ya está esperando en la cola de {{board}}; sácalo primero (/queue leave o su botón Salir)',
    teamWaits:
      'Ese equipo ya está esperando en la cola de {{board}}; tiene que salir primero (/queue leave o su botón Salir)',
    inMatch:
      'estás en una partida de la cola que aún no terminó; repórtala (o deja que venza su plazo) antes de volver a la cola',
    joinedJustNow:
      'te uniste a una cola hace un momento (otro intento tuyo llegó primero); sal de ella primero (/queue leave o su botón Salir)',
    notWaiting: 'no estás esperando en ninguna cola; no cambió nada',
    onlyPlayers: 'solo los jugadores de esta partida pueden hacer eso',
    noMatch: 'esa partida de la cola no existe',
    readyAlready: 'ya estás listo',
    checkOver: 'la confirmación ya terminó',
    readyOver: {
      ready: 'la confirmación ya terminó: esperando a que todos pulsen Listo',
      playing: 'la confirmación ya terminó: la partida está en juego',
      reporting: 'la confirmación ya terminó: la partida ya se reportó',
      reported: 'la confirmación ya terminó: la partida ya se reportó',
      cancelled: 'la confirmación ya terminó: la partida se canceló',
    },
    cannotReport: {
      late: 'esta partida no se puede reportar: se acabó el tiempo para reportarla',
      ready: 'esta partida no se puede reportar: esperando a que todos pulsen Listo',
      playing: 'esta partida no se puede reportar: está en juego',
      reporting: 'esta partida no se puede reportar: ya se reportó',
      reported: 'esta partida no se puede reportar: ya se reportó',
      cancelled: 'esta partida no se puede reportar: se canceló',
    },
    reportedJustNow: 'alguien reportó esta partida hace un momento',
    cannotCancel: {
      ready: 'esta partida no se puede cancelar: esperando a que todos pulsen Listo',
      playing: 'esta partida no se puede cancelar: está en juego',
      reporting: 'esta partida no se puede cancelar: ya se reportó',
      reported: 'esta partida no se puede cancelar: ya se reportó',
      cancelled: 'esta partida no se puede cancelar: ya se canceló',
    },
  },
  contest: {
    entryName: '**{{title}}** (participación #{{entry}})',
    pending:
      '{{name}} está en **{{board}}** y espera la aprobación de la moderación; la verás publicada cuando la aprueben.',
    live: '{{name}} está en **{{board}}**. {{where}}',
    postedSoon: 'En un momento se publica en {{channel}} para que la voten.',
    noChannel:
      'Todavía no hay canal del concurso, así que no se publica para votar hasta que alguien que lo gestione elija uno (`/contest settings channel`).',
    withdrew: 'Retiraste **{{title}}** de **{{board}}**; se borraron su publicación y su imagen.',
    mayNotModerate:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden hacer eso.',
    removed: 'Participación #{{entry}} **{{title}}** quitada; su autor recibe el motivo por MD.',
    approved: 'Participación #{{entry}} **{{title}}** aprobada: ya está en el concurso.',
    declined: 'Participación #{{entry}} **{{title}}** rechazada; su autor recibe un aviso por MD.',
    onlyServers: 'channel: solo los concursos de un servidor se publican en un canal',
    settings: '**{{board}}**: {{summary}}',
    changed: 'Concurso **{{board}}**: {{summary}}',
    votedInServer: 'Los concursos se votan en su servidor.',
    notOurVote: 'Ese botón de voto no lo creó Tally.',
    notOurs: 'Ese botón no lo creó Tally.',
    reportedThanks:
      'Gracias: **{{title}}** se reportó a la moderación, que la ve en `/review list`.',
    reportedAlready: 'Ya reportaste **{{title}}**; la moderación ya lo tiene.',
    reviewDenied:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden revisar participaciones; no se cambió nada.',
    approvedPress: 'Aprobada: **{{title}}** está en el concurso y se publica para votar.',
    declinedPress:
      'Rechazada: **{{title}}**; su autor recibe un aviso por MD. Para darle un motivo, la próxima vez usa `/contest decline`.',
    vote: 'Tu voto para "{{title}}": **{{value}}**/10. Pulsa otro número cuando quieras para cambiarlo.',
    voteSame:
      'Tu voto para "{{title}}": **{{value}}**/10 (sin cambios). Pulsa otro número cuando quieras para cambiarlo.',
    voteWas:
      'Tu voto para "{{title}}": **{{value}}**/10 (antes {{previous}}). Pulsa otro número cuando quieras para cambiarlo.',
  },
  contestPost: {
    by: 'de <@{{author}}> · **{{board}}**',
    closes: 'La votación cierra {{when}}.',
    closed: 'La votación está cerrada.',
    rateIt: 'Puntúala del 1 al 10 con los botones de abajo; puedes cambiar tu voto.',
    soFar: '{{votes}} hasta ahora',
    unranked: 'Sin clasificar',
    finalRank: 'Puesto final #{{rank}}',
    average: 'media {{average, number(minimumFractionDigits: 2; maximumFractionDigits: 2)}}',
    ended: 'Esta ronda del concurso terminó.',
    report: 'Reportar',
    outcome: {
      live: 'Aprobada: está en el concurso.',
      declined: 'Rechazada.',
      declinedWhy: 'Rechazada: {{reason}}',
      withdrawn: 'Retirada por su autor.',
      removed: 'Quitada.',
      removedWhy: 'Quitada: {{reason}}',
      archived: 'Su ronda del concurso terminó.',
    },
    submitted: 'Presentada {{when}}; apruébala para ponerla en el concurso.',
    toReview: 'Participación por revisar: {{title}}',
    reviewed: 'Participación revisada: {{title}}',
    reviewFooter: 'participación #{{entry}} · tabla {{board}}',
    approve: 'Aprobar',
    decline: 'Rechazar',
    noticeDeclined:
      'La moderación no aprobó tu participación "{{title}}" para el concurso **{{board}}**. Tally ya no guarda su imagen.',
    noticeDeclinedWhy:
      'La moderación no aprobó tu participación "{{title}}" para el concurso **{{board}}**. Tally ya no guarda su imagen. Motivo: {{reason}}',
    noticeRemoved:
      'La moderación quitó tu participación "{{title}}" del concurso **{{board}}**. Tally ya no guarda su imagen.',
    noticeRemovedWhy:
      'La moderación quitó tu participación "{{title}}" del concurso **{{board}}**. Tally ya no guarda su imagen. Motivo: {{reason}}',
  },
  contestRefused: {
    notRating: '{{board}} es una tabla {{type}}; los concursos van en tablas de Valoración',
    notADate: '{{what}}: no es una fecha',
    pastDate: '{{what}}: la fecha tiene que ser futura (o indica `closed`)',
    stoppedTaking: '**{{board}}** dejó de aceptar participaciones {{when}}',
    titleLong: 'title: como mucho {{max}} caracteres',
    image: {
      not_an_image:
        'Ese archivo no es una imagen que Tally acepte: envía un PNG, JPEG, WebP o GIF ({{why}}). No se presentó nada.',
      too_large: 'Esa imagen es demasiado grande ({{why}}). No se presentó nada.',
      too_many_pixels: 'Esa imagen tiene demasiados píxeles ({{why}}). No se presentó nada.',
      unreadable: 'No se pudo leer esa imagen ({{why}}). No se presentó nada.',
    },
    cap_one:
      'Tienes {{count, number}} participación en **{{board}}** y cada miembro puede tener {{cap}}: retira una primero (`/contest withdraw`). No se presentó nada.',
    cap_many:
      'Tienes {{count, number}} participaciones en **{{board}}** y cada miembro puede tener {{cap}}: retira una primero (`/contest withdraw`). No se presentó nada.',
    cap_other:
      'Tienes {{count, number}} participaciones en **{{board}}** y cada miembro puede tener {{cap}}: retira una primero (`/contest withdraw`). No se presentó nada.',
    noEntry: 'aquí no hay ninguna participación {{entry}}',
    ownVote: 'No puedes votar tu propia participación.',
    votingClosed: 'La votación de **{{board}}** cerró {{when}}; tu voto no se contó.',
    goneVote: 'Esa participación ya no está en el concurso; tu voto no se contó.',
    onlyAuthor:
      'Solo su autor puede retirar una participación; la moderación la quita en su lugar.',
    gone: 'Esa participación ya no está en el concurso.',
    reasonLong: 'reason: como mucho 200 caracteres',
    expired: 'Esa participación superó el plazo de revisión y se rechazó por eso.',
    decided: 'Esa participación ya se decidió.',
    ownReport: 'Es tu propia participación: mejor retírala (`/contest withdraw`).',
    stillRunning:
      'La temporada {{season}} sigue en curso; su clasificación es la actual de la tabla',
  },
  entryQueue: {
    submitted: 'presentada {{when}}',
    neverExpires: 'no caduca',
    expires: 'caduca {{when}}',
    reviewMessage: 'mensaje de revisión',
    post: 'publicación',
    reports_one: '🚩 {{count, number}} reporte',
    reports_many: '🚩 {{count, number}} reportes',
    reports_other: '🚩 {{count, number}} reportes',
    title: 'Participaciones de concursos: {{pending}} por aprobar, {{reported}} reportadas',
    footer:
      'Las más antiguas primero. Decide con /contest approve o /contest decline (entry: el #) o en el mensaje de revisión; /contest remove quita una participación reportada.',
    waiting: '**Esperan aprobación**',
    reported: '**Reportadas**',
    more: '…y {{count}} más',
  },
  participants: {
    atLeastOne: '{{field}}: menciona al menos a un miembro',
    everyone: '{{field}}: @everyone no es un jugador; menciona a miembros, o un rol para un equipo',
    notMention: '{{field}}: {{token}} no es una mención de un miembro ni de un rol',
    notTeam: '{{field}}: {{team}} no es un equipo de esta tabla (mira /team list)',
    bot: '<@{{id}}> es un bot; los bots no pueden ser jugadores. Nombra a las personas que jugaron.',
  },
  audit: {
    contestSet: '🖼️ {{actor}} configuró el concurso de **{{board}}**: {{summary}}',
    removed:
      '🖼️ {{actor}} quitó la participación #{{entry}} "{{title}}" de {{author}} de **{{board}}**: {{reason}}',
    approved:
      '🖼️ {{actor}} aprobó la participación #{{entry}} "{{title}}" de {{author}} en **{{board}}**',
    approvedWhy:
      '🖼️ {{actor}} aprobó la participación #{{entry}} "{{title}}" de {{author}} en **{{board}}**: {{reason}}',
    declined:
      '🖼️ {{actor}} rechazó la participación #{{entry}} "{{title}}" de {{author}} en **{{board}}**',
    declinedWhy:
      '🖼️ {{actor}} rechazó la participación #{{entry}} "{{title}}" de {{author}} en **{{board}}**: {{reason}}',
  },
  round: {
    started: '🏁 {{title}} ha comenzado',
    oneDayLeft: '⏳ {{title}}: queda un día',
    begun: '**{{title}}** ha comenzado: participa con `/contest submit board:{{board}}`.',
    begunEnds:
      '**{{title}}** ha comenzado y termina el {{when}}: participa con `/contest submit board:{{board}}`.',
    over: 'La ronda terminó: las participaciones que se presenten a partir de ahora van a la siguiente.',
  },
};
