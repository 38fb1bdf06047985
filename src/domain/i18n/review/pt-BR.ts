import type { Shape } from '../shape';
import type { review as source } from './en';

/**
 * Reportes, revisões, confirmações e correções em português do Brasil: você, «ranking» para um
 * board, «envio» para uma submission, «reporte» para um match report, «adversário» para um
 * opponent, «classificação» para as standings, «cargo» para um role e os termos do Discord
 * («Gerenciar servidor», DM).
 */
export const review: Shape<typeof source> = {
  submit: {
    applied:
      'Registrado em {{board}} e aplicado ({{handle}}). `/leaderboard board:{{boardId}}` mostra a classificação.',
    failed: '{{handle}} não foi registrado: {{reason}}.',
    failedReason: 'deu erro',
    pending: 'Enviado para {{board}} como {{handle}}. {{next}}',
    queuedApplies:
      'Enviado para {{board}} como {{handle}}; está na fila e é aplicado em instantes.',
    queuedReview:
      'Enviado para {{board}} como {{handle}}; está na fila e vai para revisão em instantes.',
    awaiting: 'Reportado em {{board}} como {{handle}}. {{next}}',
    awaitingCounts:
      'Vale assim que um adversário confirmar; o Tally pergunta a eles aqui em instantes. Se ninguém responder em {{hours}} h, vale assim mesmo.',
    awaitingEscalates:
      'Vale assim que um adversário confirmar; o Tally pergunta a eles aqui em instantes. Se ninguém responder em {{hours}} h, a moderação decide.',
    expiresBy: 'Se ninguém decidir até {{when}}, ele expira.',
    sentToOwner: 'Foi enviado por DM ao dono do ranking para revisão; vale assim que for aprovado.',
    postedIn: 'Publicado para revisão em {{channel}}; vale assim que um moderador aprovar.',
    noChannel:
      'Aguarda revisão; este ranking não tem canal de moderação, então um operador decide com `tally review`.',
    evidenceRequired:
      '{{board}} exige provas em todo reporte: anexe uma captura de tela com a opção `evidence` ou mande um link (de um vídeo, por exemplo) com `evidence_link`. Nada foi enviado.',
    scorelineNeeded: 'score: uma partida de Liga precisa do placar, o seu lado primeiro (3-1)',
    resultNeeded: 'result: diga se o seu lado ganhou, perdeu ou empatou',
  },
  message: {
    title: 'Revisão: {{board}}',
    titleDone: 'Revisado: {{board}}',
    team: 'Time {{n}}',
    score: 'Resultado',
    player: 'Jogador',
    evidence: 'Prova',
    evidenceFile: 'Arquivo de prova',
    evidenceImage: 'a imagem anexada, logo abaixo',
    submittedBy: 'Enviado por',
    theApi: 'a API',
    expires: 'Expira',
    neverExpires: 'nunca (sem prazo de revisão)',
    outcome: 'Decisão',
    footer: '{{handle}} · ranking {{boardId}}',
    footerMatch: '{{handle}} · partida nº {{number}} · ranking {{boardId}}',
    approve: 'Aprovar',
    decline: 'Recusar',
    adjust: 'Ajustar',
  },
  outcome: {
    adjusted: 'Ajustado {{reviewer}} para o resultado mostrado; já conta na classificação.',
    removedLater: 'Aprovado {{reviewer}}; depois removido {{corrector}}: não conta mais.',
    correctedLater:
      'Aprovado {{reviewer}}; depois corrigido {{corrector}} para o resultado mostrado: conta como está.',
    approved: 'Aprovado {{reviewer}}; já conta na classificação.',
    expired: 'Expirou: nenhum moderador decidiu dentro do prazo de revisão. Nada foi aplicado.',
    declinedBecause: 'Recusado {{reviewer}}: {{reason}}. Nada foi aplicado.',
    declined: 'Recusado {{reviewer}}. Nada foi aplicado.',
  },
  reason: {
    withdrawn: 'retirado por quem o reportou',
    expired: 'o prazo de revisão acabou sem decisão',
  },
  reviewer: {
    member: 'por {{member}}',
    auto: 'automaticamente (nenhum adversário respondeu a tempo)',
    cli: 'pela CLI do operador',
    operator: 'por um operador do servidor',
    other: 'por {{name}}',
  },
  notice: {
    match: 'Sua partida nº {{number}} em {{board}} ({{handle}})',
    score: 'Sua pontuação de {{score}} em {{board}} ({{handle}})',
    adjusted:
      '{{subject}} foi corrigida {{reviewer}} e aprovada; já conta na classificação com a correção.',
    approved: '{{subject}} foi aprovada {{reviewer}}; já conta na classificação.',
    expired:
      '{{subject}} expirou: nenhum moderador decidiu dentro do prazo de revisão do ranking. Nada foi registrado; você pode reportar de novo.',
    declinedBecause: '{{subject}} foi recusada {{reviewer}}: {{reason}}\nNada foi registrado.',
    declined: '{{subject}} foi recusada {{reviewer}}. Nada foi registrado.',
  },
  blocked: {
    cannotPost:
      'O Tally não consegue publicar mensagens de revisão de {{board}} ({{boardId}}) em {{server}}: {{reason}}.',
    whatNow:
      'Os envios para este ranking continuam pendentes, aguardando; nada se perde. Corrija as permissões do canal para o Tally ou escolha outro canal com `/board edit board:{{boardId}} moderator_channel:…`, e as revisões pendentes serão publicadas. Até lá, um operador pode decidi-las com `tally review`.',
  },
  confirm: {
    title: 'Reporte de partida: {{board}}',
    asked:
      '{{opponents}}: {{reporter}} reportou esta partida. Se estiver certa, clique em **Confirmar**; se não, clique em **Contestar** e a moderação decide.',
    byCounts: 'Se ninguém responder até {{when}} ({{relative}}), ela conta como confirmada.',
    byEscalates: 'Se ninguém responder até {{when}} ({{relative}}), ela vai para a moderação.',
    withdrawUntil: '{{reporter}} pode clicar em **Retirar** até lá.',
    confirm: 'Confirmar',
    dispute: 'Contestar',
    withdraw: 'Retirar',
    team: '**Time {{n}}**{{result}}: {{names}}',
    score: 'Placar: {{team1}} – {{team2}}',
    confirmed: '✅ Confirmada por {{who}}; já conta na classificação.',
    anOpponent: 'um adversário',
    auto: '✅ Confirmada automaticamente: nenhum adversário respondeu em {{hours}} h. Já conta na classificação.',
    withdrawn: '↩️ Retirada por {{who}}; nada foi aplicado.',
    theReporter: 'quem a reportou',
    disputed: '⚖️ Contestada por {{who}}. {{decided}}',
    escalated: '⏳ Nenhum adversário respondeu em {{hours}} h. {{decided}}',
    modsApproved: 'A moderação aprovou; já conta na classificação.',
    modsDeclined: 'A moderação não aprovou ({{reason}}); nada foi aplicado.',
    declinedReason: 'recusada',
    modsDecideIn: 'A moderação decide em {{channel}}.',
    modsDecideCli:
      'A moderação decide com `tally review` (este ranking não tem canal de moderação).',
    aModApproved: 'Um moderador aprovou; já conta na classificação.',
    notApproved: 'Não foi aprovada; nada foi aplicado.',
  },
  answer: {
    notOurs: 'Este botão não é do Tally.',
    notAReport: '{{handle}} não é um reporte de partida deste servidor; nada foi alterado.',
    refused: '{{refusal}} Nada foi alterado.',
    onlyReporter: 'Só quem reportou esta partida pode retirá-la.',
    youReported:
      'Você reportou esta partida, então um adversário precisa confirmar ou contestar. Você pode retirá-la, se quiser.',
    onlyOpponents: 'Só um jogador do outro lado desta partida pode confirmar ou contestar.',
    notChanged: 'Nada foi alterado: {{detail}}',
    failed:
      'O Tally não conseguiu registrar isso agora; nada foi alterado. Tente de novo em instantes.',
  },
  already: {
    confirmed: '{{handle}} já foi confirmado.',
    confirmedBy: '{{handle}} já foi confirmado por {{member}}.',
    auto: '{{handle}} foi confirmado automaticamente quando o prazo acabou.',
    disputed: '{{handle}} foi contestado; agora a moderação decide.',
    disputedBy: '{{handle}} foi contestado por {{member}}; agora a moderação decide.',
    escalated: '{{handle}} foi para a moderação quando o prazo acabou.',
    withdrawn: '{{handle}} foi retirado por quem o reportou.',
    notWaiting: '{{handle}} não está mais esperando os adversários (status: `{{status}}`).',
    gone: '{{handle}} não existe mais',
    noReport: 'nenhum reporte {{handle}} esperando os adversários',
  },
  press: {
    notOurs: 'Este botão não é um dos botões de revisão do Tally.',
    notOurForm: 'Este formulário não é do Tally.',
    alreadyDecided: '{{handle}} já foi decidido; nada foi alterado.',
    notChanged: 'Nada foi alterado: {{detail}}',
    notHere: '{{handle}} não é um envio deste servidor.',
    mayNotReview:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem revisar envios.',
    recorded: 'Registrado.',
    notRecorded: 'Sua decisão não foi registrada: {{detail}}.',
    failed:
      'O Tally não conseguiu registrar essa decisão; nada foi alterado. Tente de novo em instantes.',
  },
  decide: {
    noSubmission: 'nenhum envio {{handle}}',
    boardGone: 'o ranking de {{handle}} não existe mais',
    seasonClosing:
      'a temporada do ranking acabou de terminar e os resultados enviados antes do fim ainda estão sendo registrados; tente {{handle}} de novo em alguns segundos',
    notPending: '{{handle}} não está aguardando revisão (status: `{{status}}`)',
    badHandle: 'o handle precisa ter a forma sub_<n>',
    noHandle: 'Nenhum envio {{handle}}',
    expired:
      '{{handle}} expirou em {{when}}, quando o prazo de revisão acabou; foi recusado e nada foi aplicado',
  },
  modal: {
    adjustTitle: 'Ajustar {{handle}}',
    declineTitle: 'Recusar {{handle}}',
    time: 'Tempo (m:ss.mmm)',
    score: 'Pontuação',
    team1Score: 'Placar do time 1',
    team2Score: 'Placar do time 2',
    winner: 'Vencedor: team1, team2 ou draw',
    reason: 'Motivo (opcional, quem enviou vai ver)',
    reasonPlaceholder: 'ex.: a captura mostra outro placar',
  },
  list: {
    mayNotListAny:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação de um ranking podem ver os envios aguardando revisão.',
    mayNotList:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem ver os envios aguardando revisão.',
    nothing: 'Nada aguardando revisão. 🎉',
    nothingOn: 'Nada aguardando revisão em {{board}}. 🎉',
    more: '…e mais {{more}}. A lista completa: `tally review list {{owner}}{{board}}` na máquina que roda o Tally.',
    title: 'Aguardando revisão: {{total}}',
    footer: 'Os mais antigos primeiro. Aprove ou recuse em cada mensagem de revisão.',
    by: 'por {{who}}',
    submitted: 'enviado {{when}}',
    neverExpires: 'não expira',
    expires: 'expira {{when}}',
    message: 'mensagem de revisão',
    undecided: '{{team1}} x {{team2}}, sem resultado',
    aMatch: 'uma partida',
    aScore: 'uma pontuação',
    missingMatch: 'partida (o registro dela sumiu)',
    missingScore: 'pontuação (o registro dela sumiu)',
    theApi: 'a API',
  },
  correct: {
    mayNotCorrect:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem corrigir resultados.',
    done: '{{headline}} em {{board}} por {{member}}.',
    reason: 'Motivo: {{reason}}',
    scoreOf: 'Pontuação {{score}} de {{player}}',
    match: 'Partida nº {{number}}',
    removed: '{{label}}: removida (era “{{was}}”); as mudanças dela foram desfeitas',
    corrected: '{{label}}: corrigida para “{{now}}” (antes: “{{was}}”)',
    left: '{{name}} saiu do ranking (nenhum resultado restante nesta temporada)',
    team1Won: 'time 1 venceu',
    team2Won: 'time 2 venceu',
    draw: 'empate',
    noResult: 'sem resultado',
  },
  fix: {
    pendingMatch: 'A partida nº {{number}} ainda aguarda revisão: aprove, ajuste ou recuse',
    pendingScore:
      'A pontuação {{score}} de {{player}} ainda aguarda revisão: aprove, ajuste ou recuse',
    declinedMatch: 'A partida nº {{number}} foi recusada e nunca contou; não há nada para corrigir',
    declinedScore:
      'A pontuação {{score}} de {{player}} foi recusada e nunca contou; não há nada para corrigir',
    archivedMatch:
      'A partida nº {{number}} contou numa temporada que já terminou; a classificação final dessa temporada está arquivada e não muda',
    archivedScore:
      'A pontuação {{score}} de {{player}} contou numa temporada que já terminou; a classificação final dessa temporada está arquivada e não muda',
    removedMatch: 'A partida nº {{number}} já foi removida por um moderador',
    removedScore: 'A pontuação {{score}} de {{player}} já foi removida por um moderador',
    matchReads: 'A partida nº {{number}} já está {{result}}; nada foi alterado',
    matchReadsTeam1: 'A partida nº {{number}} já diz que o time 1 venceu; nada foi alterado',
    matchReadsTeam2: 'A partida nº {{number}} já diz que o time 2 venceu; nada foi alterado',
    matchReadsDraw: 'A partida nº {{number}} já está como empate; nada foi alterado',
    scoreReads: 'A pontuação {{score}} de {{player}} já é essa; nada foi alterado',
    seasonClosing:
      'a temporada do ranking acabou de terminar e os resultados enviados antes do fim ainda estão sendo registrados; tente de novo em alguns segundos',
    noBoard: 'Nenhum ranking "{{boardId}}"',
    notMatches: '{{boardId}} é um ranking do tipo {{type}}: registra pontuações, não partidas',
    noMatch: '{{boardId}} não tem a partida nº {{number}}',
    noScore: 'nenhuma pontuação {{score}} aplicada desse jogador em {{boardId}}',
    noResult: '{{handle}} não tem resultado registrado para corrigir (status: `{{status}}`)',
  },
};
