import type { Shape } from '../shape';
import type { review as source } from './en';

/**
 * Reportes, revisiones, confirmaciones y correcciones en español neutro: tú, «tabla» para un
 * board, «envío» para una submission, «reporte» para un match report, «rival» para un opponent,
 * «clasificación» para las standings; los botones con los verbos que usa Discord (Aprobar,
 * Rechazar).
 */
export const review: Shape<typeof source> = {
  submit: {
    applied:
      'Registrado en {{board}} y aplicado ({{handle}}). `/leaderboard board:{{boardId}}` muestra la clasificación.',
    failed: '{{handle}} no se registró: {{reason}}.',
    failedReason: 'falló',
    pending: 'Enviado a {{board}} como {{handle}}. {{next}}',
    queuedApplies: 'Enviado a {{board}} como {{handle}}; está en cola y se aplica en un momento.',
    queuedReview:
      'Enviado a {{board}} como {{handle}}; está en cola y pasa a revisión en un momento.',
    awaiting: 'Reportado en {{board}} como {{handle}}. {{next}}',
    awaitingCounts:
      'Cuenta en cuanto un rival lo confirme; Tally se lo pide aquí en un momento. Si nadie responde en {{hours}} h, cuenta igualmente.',
    awaitingEscalates:
      'Cuenta en cuanto un rival lo confirme; Tally se lo pide aquí en un momento. Si nadie responde en {{hours}} h, deciden los moderadores.',
    expiresBy: 'Si nadie decide antes del {{when}}, caduca.',
    sentToOwner:
      'Se envió por MD al dueño de la tabla para que lo revise; cuenta en cuanto lo apruebe.',
    postedIn: 'Publicado para revisión en {{channel}}; cuenta en cuanto un moderador lo apruebe.',
    noChannel:
      'Espera revisión; esta tabla no tiene canal de moderación, así que lo decide un operador con `tally review`.',
    evidenceRequired:
      '{{board}} pide pruebas en cada reporte: adjunta una captura con la opción `evidence` o da un enlace (a un vídeo, por ejemplo) con `evidence_link`. No se envió nada.',
    scorelineNeeded: 'score: una partida de Liga necesita el marcador, tu lado primero (3-1)',
    resultNeeded: 'result: di si tu lado ganó, perdió o empató',
  },
  message: {
    title: 'Revisión: {{board}}',
    titleDone: 'Revisado: {{board}}',
    team: 'Equipo {{n}}',
    score: 'Resultado',
    player: 'Jugador',
    evidence: 'Pruebas',
    evidenceFile: 'Archivo de prueba',
    evidenceImage: 'la imagen adjunta, abajo',
    submittedBy: 'Enviado por',
    theApi: 'la API',
    expires: 'Caduca',
    neverExpires: 'nunca (sin plazo de revisión)',
    outcome: 'Resultado de la revisión',
    footer: '{{handle}} · tabla {{boardId}}',
    footerMatch: '{{handle}} · partida n.º {{number}} · tabla {{boardId}}',
    approve: 'Aprobar',
    decline: 'Rechazar',
    adjust: 'Ajustar',
  },
  outcome: {
    adjusted: 'Ajustado {{reviewer}} al resultado mostrado; ya cuenta en la clasificación.',
    removedLater: 'Aprobado {{reviewer}}; después lo eliminó {{corrector}}: ya no cuenta.',
    correctedLater:
      'Aprobado {{reviewer}}; después lo corrigió {{corrector}} al resultado mostrado: cuenta así.',
    approved: 'Aprobado {{reviewer}}; ya cuenta en la clasificación.',
    expired: 'Caducado: ningún moderador decidió dentro del plazo de revisión. No se aplicó nada.',
    declinedBecause: 'Rechazado {{reviewer}}: {{reason}}. No se aplicó nada.',
    declined: 'Rechazado {{reviewer}}. No se aplicó nada.',
  },
  reason: {
    withdrawn: 'retirado por quien lo reportó',
    expired: 'el plazo de revisión terminó sin una decisión',
  },
  reviewer: {
    member: 'por {{member}}',
    auto: 'automáticamente (ningún rival respondió a tiempo)',
    cli: 'desde la CLI del operador',
    operator: 'por un operador del servidor',
    other: 'por {{name}}',
  },
  notice: {
    match: 'Tu partida n.º {{number}} en {{board}} ({{handle}})',
    score: 'Tu puntuación de {{score}} en {{board}} ({{handle}})',
    adjusted:
      '{{subject}} fue corregida {{reviewer}} y aprobada; cuenta en la clasificación tal como quedó corregida.',
    approved: '{{subject}} fue aprobada {{reviewer}}; ya cuenta en la clasificación.',
    expired:
      '{{subject}} caducó: ningún moderador decidió dentro del plazo de revisión de la tabla. No se registró nada; puedes reportarla de nuevo.',
    declinedBecause: '{{subject}} fue rechazada {{reviewer}}: {{reason}}\nNo se registró nada.',
    declined: '{{subject}} fue rechazada {{reviewer}}. No se registró nada.',
  },
  blocked: {
    cannotPost:
      'Tally no puede publicar mensajes de revisión de {{board}} ({{boardId}}) en {{server}}: {{reason}}.',
    whatNow:
      'Los envíos a esta tabla esperan, todavía pendientes; no se pierde nada. Arregla los permisos del canal para Tally o elige otro canal con `/board edit board:{{boardId}} moderator_channel:…`, y se publicarán las revisiones pendientes. Mientras tanto, un operador puede decidirlas con `tally review`.',
  },
  confirm: {
    title: 'Reporte de partida: {{board}}',
    asked:
      '{{opponents}}: {{reporter}} reportó esta partida. Si es correcta, pulsa **Confirmar**; si no, pulsa **Disputar** y deciden los moderadores.',
    byCounts: 'Si nadie responde antes del {{when}} ({{relative}}), cuenta como confirmada.',
    byEscalates: 'Si nadie responde antes del {{when}} ({{relative}}), pasa a los moderadores.',
    withdrawUntil: '{{reporter}} puede pulsar **Retirar** hasta entonces.',
    confirm: 'Confirmar',
    dispute: 'Disputar',
    withdraw: 'Retirar',
    team: '**Equipo {{n}}**{{result}}: {{names}}',
    score: 'Marcador: {{team1}} – {{team2}}',
    confirmed: '✅ Confirmada por {{who}}; ya cuenta en la clasificación.',
    anOpponent: 'un rival',
    auto: '✅ Confirmada automáticamente: ningún rival respondió en {{hours}} h. Ya cuenta en la clasificación.',
    withdrawn: '↩️ Retirada por {{who}}; no se aplicó nada.',
    theReporter: 'quien la reportó',
    disputed: '⚖️ Disputada por {{who}}. {{decided}}',
    escalated: '⏳ Ningún rival respondió en {{hours}} h. {{decided}}',
    modsApproved: 'Los moderadores la aprobaron; ya cuenta en la clasificación.',
    modsDeclined: 'Los moderadores no la aprobaron ({{reason}}); no se aplicó nada.',
    declinedReason: 'rechazada',
    modsDecideIn: 'Los moderadores la deciden en {{channel}}.',
    modsDecideCli:
      'Los moderadores la deciden con `tally review` (esta tabla no tiene canal de moderación).',
    aModApproved: 'Un moderador la aprobó; ya cuenta en la clasificación.',
    notApproved: 'No se aprobó; no se aplicó nada.',
  },
  answer: {
    notOurs: 'Este botón no es de Tally.',
    notAReport: '{{handle}} no es un reporte de partida de este servidor; no se cambió nada.',
    refused: '{{refusal}} No se cambió nada.',
    onlyReporter: 'Solo quien reportó esta partida puede retirarla.',
    youReported:
      'Tú reportaste esta partida, así que un rival tiene que confirmarla o disputarla. Puedes retirarla si quieres.',
    onlyOpponents: 'Solo un jugador del otro lado de esta partida puede confirmarla o disputarla.',
    notChanged: 'No se cambió nada: {{detail}}',
    failed:
      'Tally no pudo registrarlo ahora mismo; no se cambió nada. Inténtalo de nuevo en un momento.',
  },
  already: {
    confirmed: '{{handle}} ya estaba confirmado.',
    confirmedBy: '{{handle}} ya lo confirmó {{member}}.',
    auto: '{{handle}} se confirmó automáticamente al terminar su plazo.',
    disputed: '{{handle}} fue disputado; ahora lo deciden los moderadores.',
    disputedBy: '{{handle}} lo disputó {{member}}; ahora lo deciden los moderadores.',
    escalated: '{{handle}} pasó a los moderadores al terminar su plazo.',
    withdrawn: '{{handle}} lo retiró quien lo reportó.',
    notWaiting: '{{handle}} ya no espera a sus rivales (estado: `{{status}}`).',
    gone: '{{handle}} ya no existe',
    noReport: 'no hay ningún reporte {{handle}} esperando a sus rivales',
  },
  press: {
    notOurs: 'Este botón no es uno de los botones de revisión de Tally.',
    notOurForm: 'Este formulario no es de Tally.',
    alreadyDecided: '{{handle}} ya estaba decidido; no se cambió nada.',
    notChanged: 'No se cambió nada: {{detail}}',
    notHere: '{{handle}} no es un envío de este servidor.',
    mayNotReview:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden revisar envíos.',
    recorded: 'Registrado.',
    notRecorded: 'Tu decisión no se registró: {{detail}}.',
    failed:
      'Tally no pudo registrar esa decisión; no se cambió nada. Inténtalo de nuevo en un momento.',
  },
  decide: {
    noSubmission: 'no existe el envío {{handle}}',
    boardGone: 'la tabla de {{handle}} ya no existe',
    seasonClosing:
      'la temporada de la tabla acaba de terminar y aún se están registrando resultados enviados antes del final; vuelve a intentar {{handle}} en unos segundos',
    notPending: '{{handle}} no está pendiente de revisión (estado: `{{status}}`)',
    badHandle: 'el handle debe tener la forma sub_<n>',
    noHandle: 'No existe el envío {{handle}}',
    expired:
      '{{handle}} caducó el {{when}}, al terminar su plazo de revisión; se rechazó y no se aplicó nada',
  },
  modal: {
    adjustTitle: 'Ajustar {{handle}}',
    declineTitle: 'Rechazar {{handle}}',
    time: 'Tiempo (m:ss.mmm)',
    score: 'Puntuación',
    team1Score: 'Marcador del equipo 1',
    team2Score: 'Marcador del equipo 2',
    winner: 'Ganador: team1, team2 o draw',
    reason: 'Motivo (opcional, lo ve quien lo envió)',
    reasonPlaceholder: 'p. ej., la captura muestra otro resultado',
  },
  list: {
    mayNotListAny:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de una tabla pueden ver los envíos pendientes de revisión.',
    mayNotList:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden ver los envíos pendientes de revisión.',
    nothing: 'No hay nada pendiente de revisión. 🎉',
    nothingOn: 'No hay nada pendiente de revisión en {{board}}. 🎉',
    more: '…y {{more}} más. La lista completa: `tally review list {{owner}}{{board}}` en la máquina donde corre Tally.',
    title: 'Pendientes de revisión: {{total}}',
    footer: 'Los más antiguos primero. Aprueba o rechaza en cada mensaje de revisión.',
    by: 'por {{who}}',
    submitted: 'enviado {{when}}',
    neverExpires: 'no caduca',
    expires: 'caduca {{when}}',
    message: 'mensaje de revisión',
    undecided: '{{team1}} contra {{team2}}, sin resultado',
    aMatch: 'una partida',
    aScore: 'una puntuación',
    missingMatch: 'partida (falta su registro)',
    missingScore: 'puntuación (falta su registro)',
    theApi: 'la API',
  },
  correct: {
    mayNotCorrect:
      'Solo los miembros con el permiso Gestionar servidor o el rol de moderación de la tabla pueden corregir resultados.',
    done: '{{headline}} en {{board}} por {{member}}.',
    reason: 'Motivo: {{reason}}',
    scoreOf: 'La puntuación {{score}} de {{player}}',
    match: 'Partida n.º {{number}}',
    removed: '{{label}}: eliminada (era «{{was}}»); se revirtieron sus cambios',
    corrected: '{{label}}: corregida a «{{now}}» (antes: «{{was}}»)',
    left: '{{name}} salió de la tabla (no le queda ningún resultado esta temporada)',
    team1Won: 'ganó el equipo 1',
    team2Won: 'ganó el equipo 2',
    draw: 'un empate',
    noResult: 'sin resultado',
  },
  fix: {
    pendingMatch:
      'La partida n.º {{number}} sigue pendiente de revisión: apruébala, ajústala o recházala',
    pendingScore:
      'La puntuación {{score}} de {{player}} sigue pendiente de revisión: apruébala, ajústala o recházala',
    declinedMatch: 'La partida n.º {{number}} se rechazó y nunca contó; no hay nada que corregir',
    declinedScore:
      'La puntuación {{score}} de {{player}} se rechazó y nunca contó; no hay nada que corregir',
    archivedMatch:
      'La partida n.º {{number}} contó en una temporada ya terminada; la clasificación final de esa temporada está archivada y no cambia',
    archivedScore:
      'La puntuación {{score}} de {{player}} contó en una temporada ya terminada; la clasificación final de esa temporada está archivada y no cambia',
    removedMatch: 'Un moderador ya eliminó la partida n.º {{number}}',
    removedScore: 'Un moderador ya eliminó la puntuación {{score}} de {{player}}',
    matchReads: 'La partida n.º {{number}} ya es {{result}}; no se cambió nada',
    matchReadsTeam1: 'La partida n.º {{number}} ya dice que ganó el equipo 1; no se cambió nada',
    matchReadsTeam2: 'La partida n.º {{number}} ya dice que ganó el equipo 2; no se cambió nada',
    matchReadsDraw: 'La partida n.º {{number}} ya es un empate; no se cambió nada',
    scoreReads: 'La puntuación {{score}} de {{player}} ya es esa; no se cambió nada',
    seasonClosing:
      'la temporada de la tabla acaba de terminar y aún se están registrando resultados enviados antes del final; vuelve a intentarlo en unos segundos',
    noBoard: 'No existe la tabla "{{boardId}}"',
    notMatches: '{{boardId}} es una tabla de tipo {{type}}: registra puntuaciones, no partidas',
    noMatch: '{{boardId}} no tiene la partida n.º {{number}}',
    noScore: 'ese jugador no tiene ninguna puntuación {{score}} aplicada en {{boardId}}',
    noResult: '{{handle}} no tiene un resultado registrado que corregir (estado: `{{status}}`)',
  },
};
