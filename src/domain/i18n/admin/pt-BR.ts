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
    unknown: 'o idioma precisa ser uma das opções',
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
  setup: {
    title: '**Configurar o Tally**',
    notInServer: 'o /setup configura um servidor; use-o lá (seus próprios rankings: /board create)',
    notOurs: 'Isso não é uma etapa do /setup feita pelo Tally; nada foi alterado.',
    notYours:
      'Só {{member}}, que usou o `/setup`, pode responder aqui; nada foi alterado. Use `/setup` você mesmo para configurar o Tally.',
    boardGone: 'Esse ranking não existe mais; nada foi alterado.',
    movedOn:
      'Este /setup já avançou (o ranking dele já foi criado); nada foi alterado. Use `/setup` de novo para outro ranking.',
    noRole: 'nenhum (membros com Gerenciar servidor revisam)',
    noChannel: 'nenhum (resultados a revisar esperam em `/review list`)',
    step1:
      '{{title}} · etapa 1 de 4: quem pode aprovar ou recusar os resultados enviados? Escolha o cargo de moderador ou pule: membros com Gerenciar servidor sempre podem revisar.',
    rolePlaceholder: 'O cargo de moderador',
    skipRole: 'Pular: sem cargo de moderador',
    step2:
      '{{title}} · etapa 2 de 4: cargo de moderador {{role}}. Onde o Tally deve publicar os resultados para revisão? Escolha o canal de revisão (o Tally precisa de Ver canal, Enviar mensagens e Inserir links lá) ou pule.',
    channelPlaceholder: 'O canal de revisão',
    skipChannel: 'Pular: sem canal de revisão',
    types: {
      Classic: 'pontos que se somam',
      Highscore: 'vale a melhor pontuação',
      Time: 'vale o tempo mais rápido',
      ELO: 'partidas 1v1 ou em equipe, rating',
      League: 'partidas, pontos por vitória/empate/derrota',
      Rating: 'um concurso de imagens, os membros votam',
    },
    step3:
      '{{title}} · etapa 3 de 4: cargo de moderador {{role}}, canal de revisão {{channel}}. Agora um primeiro ranking: escolha o tipo e depois dê um nome.',
    typePlaceholder: 'O tipo de ranking',
    modalTitle: 'Configurar o Tally: um ranking {{type}}',
    nameLabel: 'Nome do ranking',
    namePlaceholder: 'ex.: Liga semanal',
    step4:
      '{{title}} · etapa 4 de 4: **{{board}}** ({{id}}) foi criado. O Tally deve manter o top 10 dele publicado e atualizado em um canal? Escolha o canal ou pule.',
    livePlaceholder: 'O canal do ranking ao vivo',
    skipLive: 'Pular: sem ranking ao vivo',
    done: '{{title}} · pronto. **{{board}}** ({{id}}, {{type}}) está pronto:',
    doneRole: '- cargo de moderador: {{role}}',
    doneChannel: '- canal de revisão: {{channel}}',
    doneWindow:
      '- prazo de revisão: {{hours}} h (`/board edit window_hours:0` aplica os resultados na hora)',
    doneLive: '- ranking ao vivo: {{channel}}, publicado em instantes',
    doneNoLive: '- ranking ao vivo: nenhum (`/board standings` adiciona depois)',
    next: 'Próximos passos:',
    firstMatch: '- `/match report board:{{board}} opponents:@alguém` reporta uma partida',
    firstContest:
      '- `/contest settings board:{{board}}` configura o concurso e depois `/contest submit` envia uma imagem',
    firstScore: '- `/score submit board:{{board}} score:…` envia uma pontuação',
    nextLeaderboard: '- `/leaderboard board:{{board}}` mostra o ranking',
    nextEdit:
      '- `/board edit board:{{board}}` muda o prazo de revisão e mais; `/board info` mostra tudo',
    nextApi:
      '- `/api key create` cria uma chave para a API HTTP; `/setup` de novo cria outro ranking',
  },
  board: {
    created: '**{{board}}** ({{id}}) foi criado.',
    updated: '**{{board}}** foi atualizado.',
    updatedResumed:
      '**{{board}}** foi atualizado. As mensagens de revisão estavam paradas; o Tally tenta publicar as pendentes agora.',
    liveOn:
      'O top de **{{board}}** é publicado em {{channel}} em instantes e fica atualizado (verificado a cada 30 s).',
    liveOff:
      'O Tally não mantém mais o ranking ao vivo de **{{board}}**; a última mensagem fica como está.',
    decayOff: 'O decaimento está desligado em {{board}}.',
    decayChanged:
      'O decaimento em {{board}} agora é: {{rule}}. A próxima etapa é {{when}}; a inatividade conta desde {{since}}.',
    decaySet:
      'Decaimento em {{board}}: {{rule}}. A primeira etapa é {{when}}; a inatividade conta a partir de agora.',
    points: 'points: três números inteiros para vitória, empate e derrota, ex.: 3,1,0',
    decay: {
      percent: '{{amount}}%',
      points: '{{amount}} pontos',
      rule: '{{amount}} a cada {{hours}} h após {{days}} dias sem resultado, nunca abaixo de {{floor}}',
      ruleRoleFloor:
        '{{amount}} a cada {{hours}} h após {{days}} dias sem resultado, nunca abaixo de {{floor}} nem do cargo de rank que o rating alcançou',
    },
    info: {
      privateUser: 'Privado: fora das páginas públicas (a API continua igual)',
      privateServer:
        'Privado: só membros conectados veem as páginas; fora do índice e das prévias de links (a API continua igual)',
      reviewDm: 'por DM ao dono',
      reviewRole: 'em {{channel}} por {{role}} ou Gerenciar servidor',
      reviewManagers: 'em {{channel}} por Gerenciar servidor',
      reviewCli: 'com `tally review` (sem canal de moderação)',
      typeHighest: 'Tipo **{{type}}**, vence o maior valor',
      typeLowest: 'Tipo **{{type}}**, vence o menor valor',
      elo: 'k {{k}}, início {{start}}',
      points: 'pontos {{win}}/{{draw}}/{{loss}}',
      fixedTeams: 'equipes fixas',
      perSide: '{{count}} por lado',
      atOnce: 'aplica na hora',
      reviewed: 'revisado {{review}}, prazo de {{hours}} h',
      opponents:
        'reportes de partidas dos membros: confirmados primeiro por um adversário (no canal do reporte), {{hours}} h para responder; depois, {{then}}; uma contestação vai para os moderadores',
      silenceConfirms: 'confirmados automaticamente',
      silenceEscalates: 'enviados aos moderadores',
      evidence: 'prova obrigatória nos reportes pelo chat (um print ou um link)',
      decay: 'decaimento: {{rule}}',
      live: 'ranking ao vivo em {{channel}}',
      contest: 'concurso: {{contest}}',
      stopped: '⚠️ Mensagens de revisão paradas',
      stoppedWhy:
        'Desde {{since}}: {{reason}}. Os envios esperam, ainda pendentes. Ajuste o canal para o Tally ou escolha outro com `/board edit`; as revisões pendentes são publicadas em seguida.',
      api: 'API: {{endpoint}}',
      readOnly: 'API: só leitura',
    },
    delete: {
      deleteButton: 'Excluir',
      cancelButton: 'Cancelar',
      confirm:
        'Excluir **{{board}}** ({{id}}) de vez? Vão junto: {{contents}}, com o histórico, a fila de revisão, os cargos de rank e as configurações. A página pública e toda leitura pela API respondem 404; as chaves de API continuam valendo para os outros rankings.',
      staysLive:
        'A mensagem do ranking ao vivo em {{channel}} e as publicações dela ficam no Discord como estão; apague-as à mão se quiser.',
      stays: 'As mensagens que o Tally publicou para ele ficam no Discord como estão.',
      pressBy: 'Clique em Excluir {{when}}, no máximo.',
      deleted: '**{{board}}** ({{id}}) foi excluído com tudo o que havia nele: {{contents}}.',
      notOurs: 'Esse botão não foi feito pelo Tally.',
      notYours:
        'Só {{member}}, que pediu para excluir este ranking, pode responder aqui; nada foi excluído.',
      cancelled: 'Cancelado: nada foi excluído.',
      expired:
        'Esta confirmação expirou; nada foi excluído. Use `/board delete` de novo para excluir o ranking.',
      gone: 'Esse ranking já foi excluído; nada mais foi alterado.',
    },
  },
  roles: {
    title: 'Cargos de rank de {{board}}',
    none: 'Nenhum ainda; alguém com Gerenciar servidor adiciona um com `/roles add` ou `/roles top`.',
    fromGames: 'A partir de {{count}} resultados',
    fromFirst: 'A partir do primeiro resultado',
    stack: 'todos os cargos conquistados ficam',
    single: 'um cargo por vez, o melhor conquistado',
    rules: '{{from}}; {{how}}.',
    line: 'cargos de rank: {{count}}',
    lineRefused:
      'cargos de rank: {{count}} (⚠️ {{refused}} recusados pelo Discord: veja `/roles list`)',
    added:
      '{{role}} agora é um cargo de rank de **{{board}}**; o Tally dá e tira o cargo em até 30 s conforme o ranking muda. Ele precisa da permissão Gerenciar cargos, com o próprio cargo acima de {{role}}.',
    removed:
      '{{role}} não é mais um cargo de rank de **{{board}}**; o Tally tira o cargo dos membros a quem o deu.',
    settings: 'Cargos de rank de **{{board}}**: {{from}}, {{how}}.',
    settingsFromGames: 'a partir de {{count}} resultados',
    settingsFromFirst: 'a partir do primeiro resultado',
    settingsSingle: 'um cargo por vez (o melhor conquistado)',
    refresh:
      'O Tally confere agora de novo os cargos de rank de cada membro em **{{board}}**, inclusive os que o Discord recusou antes.',
    problem: {
      hierarchy:
        'O Tally não pode dar este cargo: ele precisa da permissão Gerenciar cargos, e o próprio cargo dele tem que estar acima deste em Configurações do servidor → Cargos',
      missingAccess:
        'O Tally não pode dar este cargo (Missing Access): ele precisa da permissão Gerenciar cargos',
      gone: 'o cargo não existe mais; remova-o com /roles remove',
    },
    rule: {
      top: '{{role}}: top {{n}}',
      topKept: '{{role}}: top {{n}} (mantido até a posição {{keep}})',
      up: '{{role}}: {{value}} {{threshold}}+',
      upKept: '{{role}}: {{value}} {{threshold}}+ (mantido até {{keep}})',
      down: '{{role}}: {{value}} {{threshold}} ou melhor',
      downKept: '{{role}}: {{value}} {{threshold}} ou melhor (mantido até {{keep}})',
    },
  },
  api: {
    access: {
      open: 'O acesso à API está liberado: você pode criar chaves com `/api key create`.',
      none: 'Ainda sem acesso à API. Peça com `/api access action:request`; um operador libera.',
      requested: 'O acesso à API foi pedido e aguarda um operador liberar.',
      withdrawn:
        'O acesso à API foi retirado: as chaves live foram revogadas e não dá para criar novas.',
    },
    revoked: '**{{id}}** foi revogada; ela para de funcionar agora.',
    minted: '**{{id}}** foi criada ({{type}}, {{scopes}}).',
    secret: 'Segredo — mostrado só desta vez, guarde agora:',
    use: 'Use como `Authorization: Bearer <secret>`; revogue com `/api key revoke key:{{id}}`.',
  },
  team: {
    created:
      'A equipe **{{team}}** ({{id}}) foi criada em {{board}}. Reporte as partidas dela com `/match report team:{{teamId}}`.',
  },
  errors: {
    wholeInRange: '`{{name}}` precisa ser um número inteiro de {{min}} a {{max}}',
    type: 'type precisa ser um destes: {{types}}',
    sort: 'sort precisa ser asc ou desc',
    teamsMatchesOnly:
      'tamanho de equipe, equipes fixas e todos contra todos só valem para rankings ELO e Liga',
    eloOnly: 'o fator k e o rating inicial só valem para rankings ELO',
    pointsLeagueOnly: 'os pontos só valem para rankings Liga',
    boardIdLength: 'o ID do ranking precisa ter de 1 a 100 caracteres',
    boardExists: '{{owner}} já tem um ranking "{{id}}"',
    notFixedTeams: 'o ranking "{{board}}" não é de equipes fixas',
    reviewMode: 'o modo de revisão precisa ser um destes: {{modes}}',
    opponentsMatchesOnly:
      'a confirmação por adversários só vale para rankings ELO e Liga (pontuações não têm adversário)',
    onSilence: 'on_silence precisa ser um destes: {{values}}',
    displayRating:
      'as configurações de exibição valem para rankings com classificação; o concurso de um ranking Rating tem as próprias',
    nothingToChange: 'nada para alterar',
    noBoard: 'O ranking "{{board}}" não existe',
    accessWithdrawn: 'o acesso à API de {{owner}} foi retirado; não dá para criar chaves',
    noAccess:
      '{{owner}} ainda não tem acesso à API; peça e um operador libera (tally owner access {{owner}} open)',
    tooManyKeys: '{{owner}} já tem {{max}} chaves ativas (spec 5.6); revogue uma antes',
    keyId: 'o ID da chave precisa ter a forma key_<n>, veio "{{id}}"',
    noKey: 'a chave {{id}} não existe',
    rolesPersonal: 'cargos de rank são cargos de um servidor do Discord; rankings pessoais não têm',
    rolesRating: 'rankings Rating não têm classificação, então não têm cargos de rank',
    roleId: 'role: um ID de cargo do Discord',
    roleEveryone: 'role: @everyone são todos os membros; escolha um cargo',
    roleKind: 'kind precisa ser value ou top',
    keepTop:
      'keep: uma posição {{threshold}} ou pior (um número maior): o cargo é mantido até essa posição',
    keepAtLeast:
      'keep: no mínimo {{threshold}}: o cargo é mantido enquanto o valor continuar bom assim',
    keepAtMost:
      'keep: no máximo {{threshold}}: o cargo é mantido enquanto o valor continuar bom assim',
    rolesMax: 'um ranking tem no máximo {{max}} cargos de rank; remova um antes',
    notRankRole: '{{role}} não é um cargo de rank de {{board}}',
    decayEloOnly: 'o decaimento vale para rankings ELO; {{board}} é {{type}}',
  },
};
