import type { Shape } from '../shape';
import type { play as source } from './en';

/**
 * Filas e concursos, de você: «fila», «partida», «rating», «Entrar / Sair» e «Pronto» como nos
 * botões, «participação» para uma inscrição em um concurso.
 */
export const play: Shape<typeof source> = {
  queue: {
    left: 'Você saiu da fila.',
    leftBoard: 'Você saiu da fila de {{board}} ({{waiting}}).',
    waiting_one: '{{count, number}} aguardando',
    waiting_many: '{{count, number}} aguardando',
    waiting_other: '{{count, number}} aguardando',
    howTeams:
      'Quando {{players}} estão aguardando, o Tally monta partidas {{size}} com times tão equilibrados quanto os ratings permitem',
    howPairs: 'O Tally junta os dois jogadores com os ratings mais próximos',
    howItMatches:
      '{{who}}, com uma margem de ±{{start}} ao entrar que aumenta {{growth}} por minuto até ±{{max}}. Os jogadores pareados são marcados para apertar Pronto em até {{ready}} s (quem não aparece sai da fila e os outros voltam para os seus lugares) e depois têm {{report}} min para reportar o resultado pela mensagem da partida; vale como um /match report.',
    opened: 'Você abriu a fila de {{board}}.',
    updated: 'Você atualizou a fila de {{board}}.',
    postedSoon: 'A mensagem de Entrar / Sair é publicada em {{channel}} em instantes.',
    staysIn: 'A mensagem dela continua em {{channel}}.',
    noMessage:
      'Ela ainda não tem mensagem: informe `channel` para publicar uma; enquanto isso, os membros podem entrar com `/queue join`.',
    closed:
      'Você fechou a fila de {{board}}: quem estava aguardando saiu e as partidas abertas foram canceladas; os resultados já reportados continuam valendo.',
    noQueue: '{{board}} não tem fila; nada mudou.',
    youAreIn: 'Você está na fila de {{board}} ({{waiting}}).',
    teamIsIn: '{{team}} está na fila de {{board}} ({{waiting}}).',
    youAreInBoard: 'Você está na fila de {{board}}.',
    yourWindow:
      'Seu rating é {{rating}}; você é pareado dentro de ±{{window}}, uma margem que aumenta quanto mais você espera.',
    itsWindow:
      'O rating dele é {{rating}}; ele é pareado dentro de ±{{window}}, uma margem que aumenta quanto mais ele espera.',
    pingIn: 'Quando você for pareado, o Tally marca você em {{channel}} para apertar Pronto.',
    waiterLine: '{{who}} — {{rating}}, ±{{window}}, entrou {{since}}',
    nobodyWaits: 'Ninguém está aguardando.',
    more_one: '… e mais {{count, number}}',
    more_many: '… e mais {{count, number}}',
    more_other: '… e mais {{count, number}}',
    matchOn: 'Sua partida em {{board}}',
    matchOnIn: 'Sua partida em {{board}} em {{channel}}',
    readyBy: '{{state}}; aperte Pronto (o prazo termina {{when}})',
    reportBy: '{{state}}; reporte o resultado (o prazo termina {{when}})',
    state: {
      ready: 'aguardando todos apertarem Pronto',
      playing: 'em andamento',
      reporting: 'já reportada',
      reported: 'já reportada',
      cancelled: 'cancelada',
    },
    youWait:
      'Você está na fila de {{board}} (entrou {{since}}): rating {{rating}}, pareado agora dentro de ±{{window}} (até ±{{max}}).',
    notWaiting: 'Você não está aguardando em nenhuma fila.',
    queueOf: 'Fila de {{board}} ({{waiting}}, {{matches}}):',
    openMatches_one: '{{count, number}} partida aberta',
    openMatches_many: '{{count, number}} partidas abertas',
    openMatches_other: '{{count, number}} partidas abertas',
    noQueueOpen: '{{board}} não tem fila; um admin abre uma com /queue open',
    botsCannot: 'bots não podem entrar na fila; só pessoas jogam partidas',
  },
  press: {
    notOurs: 'Esse botão não foi criado pelo Tally; nada foi alterado.',
    queueGone: 'Essa fila está fechada ou não é deste servidor; nada foi alterado.',
    matchNotHere: 'Essa partida não é deste servidor; nada foi alterado.',
    botsCannot: 'Bots não podem entrar na fila; só pessoas jogam partidas.',
    fixedTeams:
      '{{board}} tem times fixos: coloque o seu na fila com `/queue join board:{{id}} team:<nome>`.',
    otherQueue:
      'Você está na fila de outro ranking, não nesta; `/queue status` mostra onde e `/queue leave` tira você de lá.',
    notInThis: 'Você não está aguardando na fila de {{board}}; nada mudou.',
    allReady: 'Todos estão prontos: a partida começou. Reporte o resultado pela mensagem dela.',
    allReadyBy:
      'Todos estão prontos: a partida começou. Reporte o resultado pela mensagem dela (o prazo termina {{when}}).',
    youAreReady:
      'Você está pronto; a partida começa quando todos apertarem Pronto (o prazo termina {{when}}).',
    declined:
      'Você está fora desta partida; os outros voltam para a fila nos seus lugares. Entre de novo quando puder jogar.',
    cannotReport: 'Esta partida não pode ser reportada: {{state}}.',
    cancelDenied:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem cancelar uma partida; nada foi alterado.',
    cancelled: 'Você cancelou esta partida em {{board}}; ninguém ganha nem perde rating.',
    onlyPlayers: 'só os jogadores desta partida podem reportá-la',
    badScore:
      'O placar vem com o seu lado primeiro, como 3-1; nada foi reportado. Aperte Reportar placar de novo.',
    modalTitle: 'Reportar o placar',
    modalLabel: 'Placar, seu lado primeiro (3-1)',
  },
  queuePost: {
    title: 'Fila · {{board}}',
    nobody: 'Ninguém está aguardando. Aperte **Entrar** para ser o primeiro.',
    waiting: '**Aguardando ({{count}})**',
    more: '… e mais {{count}}',
    playingNow_one: '**Em andamento:** {{count, number}} partida',
    playingNow_many: '**Em andamento:** {{count, number}} partidas',
    playingNow_other: '**Em andamento:** {{count, number}} partidas',
    footer:
      'Os jogadores pareados são marcados e têm {{seconds}} s para apertar Pronto. Você só pode aguardar em uma fila por vez.',
    join: 'Entrar',
    leave: 'Sair',
    closed:
      'Esta fila está fechada: ninguém aguarda nela e ela não forma partidas. Um admin reabre com `/queue open` ou pelo painel.',
    formRatings: 'ratings de forma (pelos resultados)',
    ratings: 'ratings',
    widening:
      'com no máximo {{start}} de diferença no início, margem que aumenta {{growth}} por minuto até {{max}}',
    teamVsTeam:
      '**Time contra time** · junta os times com os {{ratings}} mais próximos, {{widening}}.',
    oneVsOne: '**1v1** · junta os jogadores com os {{ratings}} mais próximos, {{widening}}.',
    teams:
      '**{{size}}** · os times mais equilibrados entre jogadores com {{ratings}} próximos: {{widening}}.',
    waiterLine: '{{who}} · {{rating}} · entrou {{since}}',
    ids: 'partida da fila {{match}} · ranking {{board}}',
    matchTitle: 'Partida da fila · {{board}}',
    checkOver: '{{pings}}: a confirmação desta partida de {{board}} terminou.',
    checkOn:
      '{{pings}}: sua partida de {{board}} está pronta. Aperte **Pronto** antes que a confirmação termine ({{when}}); quem não apertar até lá sai da fila, e os outros voltam para os seus lugares.',
    deadline: 'até {{time}} ({{when}})',
    howScore: 'aperta **Reportar placar** (com o placar do seu lado primeiro)',
    howButtons: 'reporta o resultado com os botões abaixo (eles falam pelo seu lado)',
    play: 'Todos estão prontos: joguem a partida de {{board}}! Depois, um de vocês {{how}}. Uma partida que ninguém reporta a tempo é cancelada e nada é registrado.',
    playBy:
      'Todos estão prontos: joguem a partida de {{board}}! Depois, um de vocês {{how}} {{deadline}}. Uma partida que ninguém reporta a tempo é cancelada e nada é registrado.',
    reporting: '{{who}} está reportando o resultado…',
    reported: 'Reportada por {{who}}. {{after}}',
    reportedAs: 'Reportada por {{who}} como `{{handle}}`. {{after}}',
    aPlayer: 'um jogador',
    afterOpponents: 'Os adversários confirmam ou contestam, como qualquer reporte neste ranking.',
    afterAtOnce: 'Vale na hora, como qualquer reporte neste ranking.',
    afterModerators: 'A moderação revisa, como qualquer reporte neste ranking.',
    unreported: 'Cancelada: ninguém reportou o resultado a tempo. Nada foi registrado.',
    closedInCheck: 'Cancelada: a fila foi fechada durante a confirmação. Nada foi registrado.',
    notReady_one:
      'Cancelada: {{who}} não estava pronto. Os outros voltaram para a fila nos seus lugares.',
    notReady_many:
      'Cancelada: {{who}} não estavam prontos. Os outros voltaram para a fila nos seus lugares.',
    notReady_other:
      'Cancelada: {{who}} não estavam prontos. Os outros voltaram para a fila nos seus lugares.',
    cancelledBy: 'Cancelada por {{who}}. Nada foi registrado.',
    cancelledWhy: 'Cancelada ({{why}}). Nada foi registrado.',
    noReason: 'sem motivo informado',
    someone: 'alguém',
    and: '{{list}} e {{last}}',
    side: 'Time {{side}} · {{chance}} de chance',
    cancel: 'Cancelar (moderação)',
    ready: 'Pronto',
    cantPlay: 'Não posso jogar',
    reportScore: 'Reportar placar',
    weWon: 'Ganhamos',
    weLost: 'Perdemos',
    iWon: 'Ganhei',
    iLost: 'Perdi',
    draw: 'Empate',
  },
  queueRefused: {
    notQueueBoard: 'filas são para rankings ELO e de Liga; {{board}} é um ranking {{type}}',
    sayTeam:
      'este ranking tem times fixos: diga com qual time você entra na fila (team: um nome ou team_N)',
    notTeam: 'esse time não é um time de {{board}}',
    noQueue: '{{board}} não tem fila; um admin abre uma com /queue open ou pelo painel',
    youWait:
      'Você já está aguardando na fila de {{board}}; saia dela primeiro (/queue leave ou o botão Sair)',
    yourTeamWaits:
      'O time que você colocou na fila já está aguardando na fila de {{board}}; tire ele de lá primeiro (/queue leave ou o botão Sair)',
    teamWaits:
      'Esse time já está aguardando na fila de {{board}}; ele precisa sair primeiro (/queue leave ou o botão Sair)',
    inMatch:
      'você está em uma partida da fila que ainda não acabou; reporte o resultado (ou deixe o prazo passar) antes de entrar na fila de novo',
    joinedJustNow:
      'você entrou em uma fila agora há pouco (outra tentativa sua chegou antes); saia dela primeiro (/queue leave ou o botão Sair)',
    notWaiting: 'você não está aguardando em nenhuma fila; nada mudou',
    onlyPlayers: 'só os jogadores desta partida podem fazer isso',
    noMatch: 'essa partida da fila não existe',
    readyAlready: 'você já está pronto',
    checkOver: 'a confirmação já terminou',
    readyOver: {
      ready: 'a confirmação já terminou: aguardando todos apertarem Pronto',
      playing: 'a confirmação já terminou: a partida está em andamento',
      reporting: 'a confirmação já terminou: a partida já foi reportada',
      reported: 'a confirmação já terminou: a partida já foi reportada',
      cancelled: 'a confirmação já terminou: a partida foi cancelada',
    },
    cannotReport: {
      late: 'esta partida não pode ser reportada: o prazo para reportar acabou',
      ready: 'esta partida não pode ser reportada: aguardando todos apertarem Pronto',
      playing: 'esta partida não pode ser reportada: está em andamento',
      reporting: 'esta partida não pode ser reportada: já foi reportada',
      reported: 'esta partida não pode ser reportada: já foi reportada',
      cancelled: 'esta partida não pode ser reportada: foi cancelada',
    },
    reportedJustNow: 'alguém reportou esta partida agora há pouco',
    cannotCancel: {
      ready: 'esta partida não pode ser cancelada: aguardando todos apertarem Pronto',
      playing: 'esta partida não pode ser cancelada: está em andamento',
      reporting: 'esta partida não pode ser cancelada: já foi reportada',
      reported: 'esta partida não pode ser cancelada: já foi reportada',
      cancelled: 'esta partida não pode ser cancelada: já foi cancelada',
    },
  },
  contest: {
    entryName: '**{{title}}** (participação #{{entry}})',
    pending:
      '{{name}} está em **{{board}}** e aguarda a aprovação da moderação; você vai vê-la publicada quando for aprovada.',
    live: '{{name}} está em **{{board}}**. {{where}}',
    postedSoon: 'Ela é publicada em {{channel}} para votação em instantes.',
    noChannel:
      'Ainda não há canal do concurso, então ela não é publicada para votação até alguém da gestão definir um (`/contest settings channel`).',
    withdrew:
      'Você retirou **{{title}}** de **{{board}}**; a publicação e a imagem foram apagadas.',
    mayNotModerate:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem fazer isso.',
    removed: 'Participação #{{entry}} **{{title}}** removida; o autor recebe o motivo por DM.',
    approved: 'Participação #{{entry}} **{{title}}** aprovada: ela está no concurso.',
    declined: 'Participação #{{entry}} **{{title}}** recusada; o autor é avisado por DM.',
    onlyServers: 'channel: só concursos de servidor são publicados em um canal',
    settings: '**{{board}}**: {{summary}}',
    changed: 'Concurso **{{board}}**: {{summary}}',
    votedInServer: 'Concursos são votados no servidor deles.',
    notOurVote: 'Esse botão de voto não foi criado pelo Tally.',
    notOurs: 'Esse botão não foi criado pelo Tally.',
    reportedThanks:
      'Obrigado: **{{title}}** foi denunciada à moderação, que a vê em `/review list`.',
    reportedAlready: 'Você já denunciou **{{title}}**; a moderação já está sabendo.',
    reviewDenied:
      'Só membros com a permissão Gerenciar servidor ou o cargo de moderação do ranking podem revisar participações; nada foi alterado.',
    approvedPress: 'Aprovada: **{{title}}** está no concurso e é publicada para votação.',
    declinedPress:
      'Recusada: **{{title}}**; o autor é avisado por DM. Para dar um motivo, use `/contest decline` da próxima vez.',
    vote: 'Seu voto em "{{title}}": **{{value}}**/10. Aperte outro número quando quiser para mudar.',
    voteSame:
      'Seu voto em "{{title}}": **{{value}}**/10 (sem mudança). Aperte outro número quando quiser para mudar.',
    voteWas:
      'Seu voto em "{{title}}": **{{value}}**/10 (antes {{previous}}). Aperte outro número quando quiser para mudar.',
  },
  contestPost: {
    by: 'por <@{{author}}> · **{{board}}**',
    closes: 'A votação termina {{when}}.',
    closed: 'A votação foi encerrada.',
    rateIt: 'Dê uma nota de 1 a 10 com os botões abaixo; você pode mudar seu voto.',
    soFar: '{{votes}} até agora',
    unranked: 'Sem classificação',
    finalRank: 'Posição final #{{rank}}',
    average: 'média {{average, number(minimumFractionDigits: 2; maximumFractionDigits: 2)}}',
    ended: 'Esta rodada do concurso terminou.',
    report: 'Denunciar',
    outcome: {
      live: 'Aprovada: está no concurso.',
      declined: 'Recusada.',
      declinedWhy: 'Recusada: {{reason}}',
      withdrawn: 'Retirada pelo autor.',
      removed: 'Removida.',
      removedWhy: 'Removida: {{reason}}',
      archived: 'A rodada do concurso terminou.',
    },
    submitted: 'Enviada {{when}}; aprove para colocá-la no concurso.',
    toReview: 'Participação para revisar: {{title}}',
    reviewed: 'Participação revisada: {{title}}',
    reviewFooter: 'participação #{{entry}} · ranking {{board}}',
    approve: 'Aprovar',
    decline: 'Recusar',
    noticeDeclined:
      'Sua participação "{{title}}" não foi aprovada pela moderação do concurso **{{board}}**. O Tally não guarda mais a imagem.',
    noticeDeclinedWhy:
      'Sua participação "{{title}}" não foi aprovada pela moderação do concurso **{{board}}**. O Tally não guarda mais a imagem. Motivo: {{reason}}',
    noticeRemoved:
      'Sua participação "{{title}}" foi removida do concurso **{{board}}** pela moderação. O Tally não guarda mais a imagem.',
    noticeRemovedWhy:
      'Sua participação "{{title}}" foi removida do concurso **{{board}}** pela moderação. O Tally não guarda mais a imagem. Motivo: {{reason}}',
  },
  contestRefused: {
    notRating: '{{board}} é um ranking {{type}}; concursos rodam em rankings de Avaliação',
    notADate: '{{what}}: não é uma data',
    pastDate: '{{what}}: a data precisa estar no futuro (ou informe `closed`)',
    stoppedTaking: '**{{board}}** parou de aceitar participações {{when}}',
    titleLong: 'title: no máximo {{max}} caracteres',
    image: {
      not_an_image:
        'Esse arquivo não é uma imagem que o Tally aceita: envie PNG, JPEG, WebP ou GIF ({{why}}). Nada foi enviado.',
      too_large: 'Essa imagem é grande demais ({{why}}). Nada foi enviado.',
      too_many_pixels: 'Essa imagem tem pixels demais ({{why}}). Nada foi enviado.',
      unreadable: 'Não foi possível ler essa imagem ({{why}}). Nada foi enviado.',
    },
    cap_one:
      'Você tem {{count, number}} participação em **{{board}}**, e cada membro pode ter {{cap}}: retire uma primeiro (`/contest withdraw`). Nada foi enviado.',
    cap_many:
      'Você tem {{count, number}} participações em **{{board}}**, e cada membro pode ter {{cap}}: retire uma primeiro (`/contest withdraw`). Nada foi enviado.',
    cap_other:
      'Você tem {{count, number}} participações em **{{board}}**, e cada membro pode ter {{cap}}: retire uma primeiro (`/contest withdraw`). Nada foi enviado.',
    noEntry: 'não há participação {{entry}} aqui',
    ownVote: 'Você não pode votar na sua própria participação.',
    votingClosed: 'A votação de **{{board}}** terminou {{when}}; seu voto não foi contado.',
    goneVote: 'Essa participação não está mais no concurso; seu voto não foi contado.',
    onlyAuthor: 'Só o autor pode retirar uma participação; a moderação remove em vez disso.',
    gone: 'Essa participação não está mais no concurso.',
    reasonLong: 'reason: no máximo 200 caracteres',
    expired: 'Essa participação passou do prazo de revisão e foi recusada por isso.',
    decided: 'Essa participação já foi decidida.',
    ownReport: 'Essa participação é sua: retire-a em vez disso (`/contest withdraw`).',
    stillRunning:
      'A temporada {{season}} ainda está em andamento; a classificação dela é a atual do ranking',
  },
  entryQueue: {
    submitted: 'enviada {{when}}',
    neverExpires: 'não expira',
    expires: 'expira {{when}}',
    reviewMessage: 'mensagem de revisão',
    post: 'publicação',
    reports_one: '🚩 {{count, number}} denúncia',
    reports_many: '🚩 {{count, number}} denúncias',
    reports_other: '🚩 {{count, number}} denúncias',
    title: 'Participações de concursos: {{pending}} aguardando aprovação, {{reported}} denunciadas',
    footer:
      'As mais antigas primeiro. Decida com /contest approve ou /contest decline (entry: o #) ou na mensagem de revisão; /contest remove tira uma participação denunciada.',
    waiting: '**Aguardando aprovação**',
    reported: '**Denunciadas**',
    more: '…e mais {{count}}',
  },
  participants: {
    atLeastOne: '{{field}}: mencione pelo menos um membro',
    everyone: '{{field}}: @everyone não é um jogador; mencione membros, ou um cargo para um time',
    notMention: '{{field}}: {{token}} não é uma menção de membro nem de cargo',
    notTeam: '{{field}}: {{team}} não é um time deste ranking (veja /team list)',
    bot: '<@{{id}}> é um bot; bots não podem ser jogadores. Indique as pessoas que jogaram.',
  },
  audit: {
    contestSet: '🖼️ {{actor}} configurou o concurso de **{{board}}**: {{summary}}',
    removed:
      '🖼️ {{actor}} removeu a participação #{{entry}} "{{title}}" de {{author}} de **{{board}}**: {{reason}}',
    approved:
      '🖼️ {{actor}} aprovou a participação #{{entry}} "{{title}}" de {{author}} em **{{board}}**',
    approvedWhy:
      '🖼️ {{actor}} aprovou a participação #{{entry}} "{{title}}" de {{author}} em **{{board}}**: {{reason}}',
    declined:
      '🖼️ {{actor}} recusou a participação #{{entry}} "{{title}}" de {{author}} em **{{board}}**',
    declinedWhy:
      '🖼️ {{actor}} recusou a participação #{{entry}} "{{title}}" de {{author}} em **{{board}}**: {{reason}}',
  },
  round: {
    started: '🏁 {{title}} começou',
    oneDayLeft: '⏳ {{title}}: falta um dia',
    begun: '**{{title}}** começou: participe com `/contest submit board:{{board}}`.',
    begunEnds:
      '**{{title}}** começou e termina em {{when}}: participe com `/contest submit board:{{board}}`.',
    over: 'A rodada acabou: as participações enviadas a partir de agora vão para a próxima rodada.',
  },
};
