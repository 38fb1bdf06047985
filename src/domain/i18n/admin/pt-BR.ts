import type { Shape } from '../shape';
import type { admin as source } from './en';

/** Brazilian Portuguese: você, «ranking» for a board, «cargo» for a role, Discord's own words. */
export const admin: Shape<typeof source> = {
  language: {
    name: {
      en: 'inglês',
      es: 'espanhol',
      'pt-BR': 'português (Brasil)',
      de: 'alemão',
    },
    reply: {
      picked:
        'A partir de agora, o Tally publica em {{language}} neste servidor: revisões, confirmações, rankings ao vivo, anúncios de temporada e linhas de auditoria. As respostas que só um membro vê continuam no idioma do Discord de cada um.',
      auto: 'A partir de agora, o Tally segue o idioma deste servidor no Discord e publica em {{language}}. As respostas que só um membro vê continuam no idioma do Discord de cada um.',
      pickedAlready: 'O Tally já publica em {{language}} neste servidor; nada foi alterado.',
      autoAlready:
        'O Tally já segue o idioma deste servidor no Discord ({{language}}); nada foi alterado.',
    },
    audit: {
      picked: '🌐 {{actor}} mudou o idioma em que o Tally publica neste servidor para {{language}}',
      auto: '🌐 {{actor}} fez o Tally seguir o idioma deste servidor no Discord ({{language}})',
    },
  },
  actor: {
    cli: 'o operador (CLI)',
    api: 'a API',
    auto: 'Tally',
    autoConfirmed: 'Tally (nenhum adversário respondeu a tempo)',
    expired: 'o prazo de revisão',
    demo: 'a demo',
  },
  audit: {
    line: {
      channelOn: '📋 {{actor}} definiu {{channel}} como canal de auditoria deste servidor',
      channelOff: '📋 {{actor}} desativou o canal de auditoria deste servidor',
      matchResult: 'partida nº {{number}}: {{outcome}}',
      scoreResult: 'pontuação: {{player}} {{score}}',
      approved: '✅ {{actor}} aprovou {{handle}} em {{board}} ({{result}})',
      adjusted: '✏️ {{actor}} ajustou e aprovou {{handle}} em {{board}} (agora {{result}})',
      declined: '❌ {{actor}} recusou {{handle}} em {{board}} ({{result}})',
      declinedWhy: '❌ {{actor}} recusou {{handle}} em {{board}} ({{result}}): {{reason}}',
      expired: '⌛ {{handle}} em {{board}} expirou sem decisão ({{result}}); nada foi aplicado',
      key: 'chave {{type}} {{id}} ({{access}})',
      keyLabelled: 'chave {{type}} {{id}} ({{access}}) “{{label}}”',
      keyMinted: '🔑 {{actor}} criou a {{key}}',
      keyRevoked: '🔒 {{actor}} revogou a {{key}}',
      seasonOn: '{{season}} de {{board}}',
      seasonEnds: 'termina {{when}}',
      seasonEndsRepeats: 'termina {{when}} e depois se repete',
      seasonNoEnd: 'sem data de término',
      seasonStarted: '▶️ {{actor}} iniciou a {{season}} ({{end}}; no fim, {{reset}})',
      seasonClosed: '🏁 A {{season}} terminou: ranking final arquivado, {{reset}}',
      seasonClosedNext:
        '🏁 A {{season}} terminou: ranking final arquivado, {{reset}}; a {{next}} começou',
      seasonEnded: '🏁 {{actor}} encerrou a {{season}}: ranking final arquivado, {{reset}}',
      seasonEndedNext:
        '🏁 {{actor}} encerrou a {{season}}: ranking final arquivado, {{reset}}; a {{next}} começou',
      seasonEnding:
        '⏹️ {{actor}} encerrou a {{season}}; ela fecha assim que os resultados enviados até agora forem registrados',
      corrected: '🛠️ {{actor}} corrigiu {{board}}: {{headline}}',
      correctedWhy: '🛠️ {{actor}} corrigiu {{board}}: {{headline}}: {{reason}}',
      boardDeleted:
        '🗑️ {{actor}} excluiu o ranking {{board}} ({{id}}) e tudo o que havia nele: {{contents}}',
    },
    reply: {
      whatGoes:
        'aprovações, recusas, ajustes, expirações, correções, inícios e fins de temporada, e chaves de API criadas e revogadas',
      notInDm: 'o canal de auditoria é uma configuração do servidor: use /audit no seu servidor',
      already: 'As linhas de auditoria já vão para {{channel}}.',
      now: 'As linhas de auditoria agora vão para {{channel}}: {{what}}, uma linha cada. O Tally precisa de Ver canal e Enviar mensagens lá; uma linha que ele não puder publicar é pulada.',
      off: 'As linhas de auditoria não são mais publicadas (iam para {{channel}}). Ative de novo com `/audit channel`.',
      offAlready: 'Não havia canal de auditoria; nada mudou. Defina um com `/audit channel`.',
      shows: 'As linhas de auditoria vão para {{channel}} (quem definiu: {{actor}}): {{what}}.',
      none: 'Nenhum canal de auditoria: as ações são registradas, mas não publicadas. Defina um com `/audit channel`.',
    },
  },
  season: {
    title: 'Temporada {{number}}',
    titleNamed: 'Temporada {{number}} “{{name}}”',
    reset: {
      rating: 'as inscrições são arquivadas com a colocação final',
      standings: 'o ranking recomeça do zero',
      hard: 'os ratings voltam a {{start}}',
      soft: 'os ratings se aproximam {{percent}}% de {{start}}',
      keep: 'os ratings ficam e os históricos recomeçam',
    },
    started: 'A **{{season}}** de **{{board}}** começou.',
    startedRound: 'A **{{season}}** de **{{board}}** começou como uma rodada de concurso.',
    endsAt: 'Ela termina em {{at}} ({{relative}}).',
    endsAtRepeats:
      'Ela termina em {{at}} ({{relative}}) e a próxima começa em seguida, com a mesma duração.',
    runsUntilEnded: 'Ela segue até alguém com Gerenciar servidor usar `/season end`.',
    roundEndWinner:
      'No fim, as inscrições são arquivadas com a colocação final e o vencedor é anunciado; a próxima rodada começa sem inscrições.',
    roundEndTop:
      'No fim, as inscrições são arquivadas com a colocação final e o top {{count}} é anunciado; a próxima rodada começa sem inscrições.',
    standingsEnd: 'No fim, o ranking final é arquivado e {{reset}}.',
    announcedIn: 'Anunciada em {{channel}}.',
    notAnnounced: 'Sem anúncio (informe `channel` para anunciar).',
    closing:
      'A {{season}} termina assim que os resultados enviados até agora forem registrados (alguns segundos); depois o ranking dela é arquivado e o ranking recomeça do zero.',
    endedRound:
      'A {{season}} terminou: as inscrições foram arquivadas pela colocação final ({{archive}}); as enviadas a partir de agora vão para a próxima rodada.',
    ended:
      'A {{season}} terminou: o ranking final foi arquivado ({{archive}}) e o ranking recomeça do zero ({{reset}}).',
    ofBoard: '**{{season}}** de **{{board}}**',
    info: {
      none: 'nenhuma temporada em andamento (a {{season}} terminou em {{at}})',
      ends: 'termina {{relative}}',
      endsRepeating: 'termina {{relative}} e se repete',
      noEnd: 'sem data de término',
      line: 'temporada: {{season}}, {{end}}; depois, {{reset}}',
      lineAnnounced:
        'temporada: {{season}}, {{end}}; depois, {{reset}}; anunciada em {{channel}} (top {{top}})',
    },
    announce: {
      started: '🏁 A {{season}} começou',
      startsNew: '**{{board}}** começa uma nova temporada.',
      endsAt: 'Ela termina em {{at}} ({{relative}}).',
      runsUntilEnded: 'Ela segue até os moderadores a encerrarem.',
      keptForGood: 'No fim, o ranking final fica guardado para sempre e {{reset}}.',
      soon: '⏳ {{season}}: falta um dia',
      closes: '**{{board}}** fecha {{relative}}: última chance de subir.',
      ended: '🏆 A {{season}} terminou',
      finalOf: 'Ranking final de **{{board}}**:',
      nobody: 'Ninguém teve resultados.',
      begun: 'A **{{next}}** começou. {{reset}}.',
      begunEnds: 'A **{{next}}** começou; ela termina em {{at}}. {{reset}}.',
      afresh: 'O ranking recomeça do zero: {{reset}}.',
      standings: 'Ranking',
      finalStandings: 'Ranking final',
    },
    archive: {
      title: '{{board}} — {{season}}, final',
      nobody: 'Ninguém teve resultados nesta temporada.',
      noMore: 'Não há mais participantes.',
      footer: '{{board}} · {{from}} – {{to}} · arquivada',
    },
    round: {
      startsNew: '**{{board}}** começa uma nova rodada de concurso.',
      submit:
        'Envie uma inscrição com `/contest submit board:{{board}}` e avalie as outras; no fim, as inscrições são classificadas para sempre e os vencedores aparecem aqui.',
      closes: '**{{board}}** fecha {{relative}}: última chance de votar.',
      by: 'por {{author}} · {{standing}}',
      winnersOf: 'Vencedores de **{{board}}**:',
      noneRanked: 'Nenhuma inscrição teve votos suficientes para ser classificada.',
      more: '…e mais {{count}} na classificação final.',
    },
    errors: {
      roundAfresh:
        'uma rodada de concurso sempre recomeça do zero: as inscrições são arquivadas no fim',
      daysOrEnd: 'informe uma duração em dias ou uma data de término, não as duas',
      endInFuture: 'o término precisa ser no futuro e dentro de dez anos',
      reset: 'reset precisa ser um destes: {{resets}}',
      onlyElo:
        'só os ratings de rankings ELO podem ser mantidos ou reiniciados em parte; rankings {{type}} sempre recomeçam',
      repeatNeedsEnd:
        'uma temporada que se repete precisa de uma duração ou de uma data de término',
      running:
        'A temporada {{number}} está em andamento; encerre-a antes (/season end ou tally season end)',
      runningUntil:
        'A temporada {{number}} está em andamento até {{until}}; encerre-a antes (/season end ou tally season end)',
      noneRunning:
        '{{board}} não tem temporada em andamento; comece uma com /season start (ou tally season start)',
      stillRunning:
        'A temporada {{number}} ainda está em andamento; o ranking dela é o ranking atual',
      noEnded:
        '{{board}} não tem uma temporada {{number}} encerrada; /season list mostra as temporadas',
    },
  },
  contents: {
    entries_one: '{{count, number}} participante',
    entries_many: '{{count, number}} participantes',
    entries_other: '{{count, number}} participantes',
    matches_one: '{{count, number}} partida',
    matches_many: '{{count, number}} partidas',
    matches_other: '{{count, number}} partidas',
    scores_one: '{{count, number}} pontuação',
    scores_many: '{{count, number}} pontuações',
    scores_other: '{{count, number}} pontuações',
    seasons_one: '{{count, number}} temporada',
    seasons_many: '{{count, number}} temporadas',
    seasons_other: '{{count, number}} temporadas',
    contestEntries_one: '{{count, number}} inscrição de concurso',
    contestEntries_many: '{{count, number}} inscrições de concurso',
    contestEntries_other: '{{count, number}} inscrições de concurso',
    evidenceImages_one: '{{count, number}} imagem de prova',
    evidenceImages_many: '{{count, number}} imagens de prova',
    evidenceImages_other: '{{count, number}} imagens de prova',
    nothing: 'nada registrado ainda',
  },
  errors: {
    wholeInRange: '`{{name}}` precisa ser um número inteiro de {{min}} a {{max}}',
  },
};
