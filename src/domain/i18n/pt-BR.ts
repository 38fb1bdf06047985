import type { Catalogue } from './en';
import { common } from './common/pt-BR';
import { admin } from './admin/pt-BR';
import { review } from './review/pt-BR';
import { reading } from './reading/pt-BR';
import { play } from './play/pt-BR';
import { shared } from './shared/pt-BR';
import { pictures } from './pictures/pt-BR';
import { web } from './web/pt-BR';
import { dashboard } from './dashboard/pt-BR';
import { chat } from './chat/pt-BR';

/**
 * Brazilian Portuguese: você, «ranking» for a board, «rating» for an ELO rating and «cargo» for a
 * role, as Brazilian players and Discord itself say them (Discord's «Gerenciar servidor»).
 * Names kept in English, and why: `api` (the product's name), `k` (ELO's K-factor), `n` (the N of
 * "top N"), `info` and `status` (everyday Brazilian words).
 */
const BOARD_ID = 'ID do ranking, ex.: board_1';
const CORRECTION_REASON = 'Por quê (fica registrado com a correção)';
const SERVER_ROLE = 'O cargo do servidor';
/** /board create's and /board edit's options of where and how results are reviewed. */
const BOARD_PLACEMENT = {
  name: {
    description: 'Nome de exibição',
  },
  moderator_channel: {
    description: 'Onde os envios são publicados para revisão',
  },
  moderator_role: {
    description: 'Quem pode revisar',
  },
  review_by: {
    description: 'Quem confere primeiro os reportes de partidas (adversários: ELO e Liga)',
    choices: {
      moderators: 'moderadores',
      opponents: 'adversários',
    },
  },
  confirm_hours: {
    description: 'Adversários: horas que eles têm para confirmar ou contestar um reporte',
  },
  on_silence: {
    description: 'Adversários: se ninguém responder a tempo, confirmar ou passar para a moderação',
    choices: {
      confirm: 'confirmar',
      escalate: 'passar para a moderação',
    },
  },
  window_hours: {
    description: 'Prazo de revisão; 0 aplica na hora, 999 nunca expira',
  },
  evidence_required: {
    description: 'Reportes pelo chat precisam anexar uma captura ou um link (a API não)',
  },
};

export const ptBR: Catalogue = {
  commands: {
    leaderboard: {
      description: 'Mostra a classificação de um ranking',
      options: {
        board: {
          description: BOARD_ID,
        },
        season: {
          description: 'A classificação final de uma temporada encerrada (veja /temporada lista)',
        },
      },
    },
    rank: {
      description: 'A posição de um jogador e suas partidas recentes',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'De quem (padrão: a sua)',
        },
      },
    },
    profile: {
      description:
        'O perfil de um jogador: posição, retrospecto, sequências, últimas partidas e um gráfico',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'De quem (padrão: o seu)',
        },
      },
    },
    versus: {
      description: 'Confronto direto: o retrospecto de dois jogadores entre si',
      options: {
        board: {
          description: BOARD_ID,
        },
        opponent: {
          description: 'Com quem comparar',
        },
        player: {
          description: 'Do ponto de vista de quem (padrão: o seu)',
        },
      },
    },
    match: {
      description: 'Reporte partidas',
      options: {
        report: {
          description: 'Reporte uma partida que você jogou',
          options: {
            board: {
              description: BOARD_ID,
            },
            opponents: {
              description: 'O outro lado: @menções, ou um time em rankings de times fixos',
            },
            result: {
              description: 'Rankings ELO: como foi para o seu lado',
              choices: {
                won: 'vitória',
                lost: 'derrota',
                draw: 'empate',
              },
            },
            score: {
              description: 'Rankings de Liga: o placar, seu lado primeiro (3-1)',
            },
            teammates: {
              description: 'Seus companheiros como @menções (rankings de times)',
            },
            team: {
              description: 'Seu time em um ranking de times fixos (nome ou team_N)',
            },
            evidence: {
              description: 'Uma captura de tela ou arquivo que mostre o resultado',
            },
            evidence_link: {
              description: 'Um link para a prova, ex.: um vídeo (http ou https)',
            },
          },
        },
      },
    },
    score: {
      description: 'Envie pontuações',
      options: {
        submit: {
          description: 'Envie uma pontuação (rankings de Tempo: m:ss.mmm)',
          options: {
            board: {
              description: BOARD_ID,
            },
            score: {
              description: 'Um número inteiro, ou um tempo como 1:30.250',
            },
            player: {
              description: 'De quem é a pontuação (padrão: sua)',
            },
            evidence: {
              description: 'Uma captura de tela ou arquivo que mostre a pontuação',
            },
            evidence_link: {
              description: 'Um link para a prova, ex.: um vídeo (http ou https)',
            },
          },
        },
      },
    },
    review: {
      description: 'A fila de revisão: envios e participações em concursos aguardando um moderador',
      options: {
        list: {
          description: 'Envios e participações em concursos aguardando revisão (moderadores)',
          options: {
            board: {
              description: 'Só este ranking, ex.: board_1',
            },
          },
        },
      },
    },
    correct: {
      description: 'Moderadores: corrija um resultado já registrado',
      options: {
        match: {
          description: 'Altere o resultado de uma partida registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Número da partida (#12)',
            },
            winner: {
              description: 'Rankings ELO: o resultado correto',
              choices: {
                team1: 'O time 1 venceu',
                team2: 'O time 2 venceu',
                draw: 'Empate',
              },
            },
            score: {
              description: 'Rankings de Liga: o placar correto, time 1 primeiro',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-match': {
          description: 'Remova do ranking uma partida registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Número da partida (#12)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        score: {
          description: 'Altere uma pontuação registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'De quem é a pontuação',
            },
            score: {
              description: 'A pontuação como foi registrada (Tempo: m:ss.mmm)',
            },
            corrected: {
              description: 'A pontuação correta (rankings de Tempo: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-score': {
          description: 'Remova do ranking uma pontuação registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'De quem é a pontuação',
            },
            score: {
              description: 'A pontuação como foi registrada (Tempo: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
      },
    },
    board: {
      description: 'Os rankings deste servidor',
      options: {
        create: {
          description: 'Crie um ranking (Gerenciar servidor)',
          options: {
            type: {
              description: 'Tipo de pontuação',
              choices: {
                Classic: 'Clássico',
                Highscore: 'Recorde',
                Time: 'Tempo',
                ELO: 'ELO',
                League: 'Liga',
                Rating: 'Avaliação',
              },
            },
            ...BOARD_PLACEMENT,
            team_size: {
              description: 'Jogadores por lado',
            },
            fixed_teams: {
              description: 'Os lados são times com nome (/time criar)',
            },
            k: {
              description: 'Fator K do ELO',
            },
            points: {
              description: 'Pontos da Liga por vitória,empate,derrota (3,1,0)',
            },
            sort: {
              description: 'Qual valor é melhor: o menor ou o maior',
              choices: {
                asc: 'crescente (menor vence)',
                desc: 'decrescente (maior vence)',
              },
            },
          },
        },
        edit: {
          description:
            'Altere nome, revisão, privacidade ou exibição de um ranking (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            ...BOARD_PLACEMENT,
            private: {
              description: 'Fora das páginas públicas; só membros conectados veem (a API não muda)',
            },
            medals: {
              description: '🥇🥈🥉 para os três primeiros no chat e um pódio na página pública',
            },
            standings_size: {
              description:
                'Posições por página no chat e na mensagem ao vivo (padrão {{standingsSize}})',
            },
            show_record: {
              description: 'ELO e Liga: mostra o retrospecto (V-E-D) na classificação',
            },
            show_submissions: {
              description: 'Rankings de pontuação: mostra o número de envios na página pública',
            },
          },
        },
        info: {
          description: 'As configurações de um ranking',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Os rankings deste servidor',
        },
        delete: {
          description: 'Exclua um ranking e tudo nele, após uma confirmação (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        standings: {
          description:
            'Mantenha uma classificação ao vivo em um canal (Gerenciar servidor); sem canal, para',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Onde a mensagem fica',
            },
          },
        },
        decay: {
          description:
            'Decaimento por inatividade de um ranking ELO (Gerenciar servidor); 0 desativa',
          options: {
            board: {
              description: BOARD_ID,
            },
            amount: {
              description:
                'Pontos de rating perdidos a cada etapa (em % se porcentagem estiver ativa); 0 = nada',
            },
            after_days: {
              description:
                'Dias sem resultado antes de o decaimento começar (padrão {{afterDays}})',
            },
            every_hours: {
              description: 'Horas entre as etapas (padrão {{everyHours}})',
            },
            percent: {
              description: 'A quantidade é uma porcentagem do rating',
            },
            floor: {
              description: 'Nunca abaixo deste rating (padrão: o rating inicial)',
            },
            role_floor: {
              description: 'Nunca abaixo do cargo de rank (/cargos) já alcançado',
            },
          },
        },
      },
    },
    season: {
      description: 'Temporadas de um ranking: recomeço programado, sem perder o histórico',
      options: {
        start: {
          description:
            'Inicie a próxima temporada, ou uma rodada num ranking de Avaliação (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'ex.: Inverno 2026',
            },
            days: {
              description: 'Termina daqui a tantos dias (ou informe data_final)',
            },
            ends: {
              description: 'Data e hora de término em UTC: 2026-12-31 ou 2026-12-31 18:00',
            },
            reset: {
              description: 'O rating ELO ao final (padrão: como na última temporada; senão, total)',
              choices: {
                hard: 'total: volta ao rating inicial',
                soft: 'suave: volta parte do caminho',
                keep: 'manter: o rating fica, o retrospecto zera',
              },
            },
            soft_percent: {
              description: 'Quanto uma redefinição suave volta ao início (padrão 50)',
            },
            channel: {
              description: 'Onde o início, um lembrete e a classificação final são anunciados',
            },
            top: {
              description: 'Jogadores (ou participações) no anúncio final (padrão 10)',
            },
            repeat: {
              description: 'Ao terminar, a próxima temporada começa com a mesma duração',
            },
          },
        },
        end: {
          description: 'Encerre agora a temporada atual: arquivar e redefinir (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Temporadas passadas e seus campeões',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    roles: {
      description:
        'Cargos de rank: cargos do servidor que membros ganham pela posição em um ranking',
      options: {
        add: {
          description: 'Dê um cargo ao atingir um rating, pontos ou pontuação (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            at: {
              description: 'Conquistado neste valor (na direção do ranking), ex.: 1200',
            },
            keep_to: {
              description: 'Depois de conquistado, fica até o valor passar deste, ex.: 1150',
            },
          },
        },
        top: {
          description: 'Dê um cargo aos N primeiros de um ranking (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            n: {
              description: 'As posições 1 a N ganham',
            },
            keep_to: {
              description: 'Depois de conquistado, fica até esta posição',
            },
          },
        },
        remove: {
          description: 'Pare de dar um cargo de rank; o Tally o retira (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
          },
        },
        settings: {
          description: 'Mínimo de partidas e se os cargos de rank se acumulam (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            min_games: {
              description:
                'Resultados que um jogador precisa antes de qualquer cargo de rank (padrão 0)',
            },
            stack: {
              description: 'Manter todos os cargos conquistados, não só o melhor',
            },
          },
        },
        refresh: {
          description: 'Verifique de novo agora os cargos de rank de todos (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Os cargos de rank de um ranking',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    team: {
      description: 'Times dos rankings de times fixos',
      options: {
        create: {
          description: 'Crie um time (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'Nome do time',
            },
          },
        },
        list: {
          description: 'Os times de um ranking',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    api: {
      description: 'Chaves e acesso da Leaderboard Scoring API',
      options: {
        key: {
          description: 'Chaves de API',
          options: {
            create: {
              description: 'Gere uma chave; o segredo aparece uma única vez, só para você',
              options: {
                access: {
                  description: 'O que a chave pode fazer',
                  choices: {
                    read: 'leitura',
                    'read-write': 'leitura e escrita',
                  },
                },
                type: {
                  description: 'produção (padrão) ou teste',
                  choices: {
                    live: 'produção',
                    test: 'teste',
                  },
                },
                label: {
                  description: 'Para que serve a chave',
                },
              },
            },
            list: {
              description: 'Lista as chaves (nunca os segredos)',
            },
            revoke: {
              description: 'Revogue uma chave na hora',
              options: {
                key: {
                  description: 'O ID da chave, ex.: key_3',
                },
              },
            },
          },
        },
        access: {
          description: 'Verifique ou solicite acesso à API',
          options: {
            action: {
              description: 'verificar (padrão) ou solicitar',
              choices: {
                check: 'verificar',
                request: 'solicitar',
              },
            },
          },
        },
      },
    },
    audit: {
      description: 'O canal de auditoria: uma linha para cada ação de moderação ou gestão',
      options: {
        channel: {
          description: 'Publique daqui em diante as linhas de auditoria neste canal',
          options: {
            channel: {
              description: 'Um canal de texto em que o Tally possa publicar, ex.: #mod-log',
            },
          },
        },
        off: {
          description: 'Pare de publicar linhas de auditoria',
        },
        show: {
          description: 'Para onde vão as linhas de auditoria',
        },
      },
    },
    contest: {
      description: 'Concursos de imagens em rankings de Avaliação',
      options: {
        submit: {
          description: 'Inscreva uma imagem em um concurso',
          options: {
            board: {
              description: BOARD_ID,
            },
            image: {
              description: 'PNG, JPEG, WebP ou GIF, até 10 MB',
            },
            title: {
              description: 'Como sua participação se chama',
            },
          },
        },
        withdraw: {
          description: 'Retire sua participação do concurso',
          options: {
            entry: {
              description: 'O número da sua participação (#12 na publicação)',
            },
          },
        },
        remove: {
          description: 'Remova uma participação, com um motivo informado ao autor (moderadores)',
          options: {
            entry: {
              description: 'O número da participação (#12 na publicação)',
            },
            reason: {
              description: 'Por quê; o autor é avisado',
            },
          },
        },
        approve: {
          description: 'Coloque no concurso uma participação que aguarda aprovação (moderadores)',
          options: {
            entry: {
              description: 'O número da participação',
            },
          },
        },
        decline: {
          description: 'Recuse uma participação que aguarda aprovação (moderadores)',
          options: {
            entry: {
              description: 'O número da participação',
            },
            reason: {
              description: 'Por quê; o autor é avisado',
            },
          },
        },
        settings: {
          description:
            'Mostre ou altere as configurações de um concurso (alterar: Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Onde as participações são publicadas com os botões de voto',
            },
            entries_per_member: {
              description: 'Quantas participações um membro pode ter ao mesmo tempo (padrão 1)',
            },
            approval: {
              description: 'As participações aguardam um moderador antes de entrar no ar',
            },
            submissions: {
              description: 'open, closed ou até uma data: 2026-12-31 18:00 (UTC)',
            },
            voting: {
              description: 'open, closed ou até uma data (UTC)',
            },
            min_votes: {
              description:
                'Votos que uma participação precisa para entrar na classificação (padrão 3)',
            },
          },
        },
      },
    },
    setup: {
      description:
        'Configure o Tally por etapas: cargo de moderador, canal de revisão, 1º ranking (Gerenciar servidor)',
      options: {
        language: {
          description:
            'O idioma em que o Tally publica aqui para todos (automático: o do servidor no Discord)',
          choices: {
            auto: 'automático (o idioma do servidor no Discord)',
            en: 'English',
            es: 'Español',
            'pt-BR': 'Português (Brasil)',
            de: 'Deutsch',
          },
        },
      },
    },
    queue: {
      description: 'Filas de matchmaking dos rankings ELO e de Liga',
      options: {
        open: {
          description:
            'Abra a fila de um ranking ou altere suas configurações (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Onde ficam a mensagem de Entrar / Sair da fila e as partidas',
            },
            window_start: {
              description: 'Maior diferença de rating ao entrar (padrão 50)',
            },
            window_growth: {
              description: 'Quanto essa diferença aumenta por minuto de espera (25)',
            },
            window_max: {
              description: 'A maior diferença que ela pode atingir (400)',
            },
            ready_seconds: {
              description: 'Segundos que os jogadores pareados têm para apertar Pronto (60)',
            },
            report_minutes: {
              description: 'Minutos para reportar uma partida (120)',
            },
          },
        },
        close: {
          description:
            'Feche a fila de um ranking; quem estiver esperando sai (Gerenciar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        join: {
          description: 'Entre na fila de um ranking',
          options: {
            board: {
              description: BOARD_ID,
            },
            team: {
              description: 'Seu time em um ranking de times fixos (nome ou team_N)',
            },
          },
        },
        leave: {
          description: 'Saia da fila',
        },
        status: {
          description: 'Onde você aguarda, sua partida e quem aguarda',
          options: {
            board: {
              description: 'Um ranking cuja fila mostrar, ex.: board_1',
            },
          },
        },
      },
    },
  },
  common,
  admin,
  review,
  reading,
  play,
  shared,
  pictures,
  web,
  dashboard,
  chat,
  names: {
    access: 'acesso',
    action: 'ação',
    add: 'adicionar',
    after_days: 'dias_sem_jogar',
    amount: 'quantidade',
    api: 'api',
    approval: 'aprovação',
    approve: 'aprovar',
    at: 'a_partir_de',
    audit: 'auditoria',
    board: 'ranking',
    channel: 'canal',
    close: 'fechar',
    confirm_hours: 'horas_para_confirmar',
    contest: 'concurso',
    correct: 'corrigir',
    corrected: 'pontuação_correta',
    create: 'criar',
    days: 'dias',
    decay: 'decaimento',
    decline: 'recusar',
    delete: 'excluir',
    edit: 'editar',
    end: 'encerrar',
    ends: 'data_final',
    entries_per_member: 'participações_por_membro',
    entry: 'participação',
    every_hours: 'intervalo_em_horas',
    evidence: 'prova',
    evidence_link: 'link_da_prova',
    evidence_required: 'prova_obrigatória',
    fixed_teams: 'times_fixos',
    floor: 'mínimo',
    image: 'imagem',
    info: 'info',
    join: 'entrar',
    k: 'k',
    keep_to: 'manter_até',
    key: 'chave',
    label: 'rótulo',
    language: 'idioma',
    leaderboard: 'classificação',
    leave: 'sair',
    list: 'lista',
    match: 'partida',
    medals: 'medalhas',
    min_games: 'mínimo_de_partidas',
    min_votes: 'mínimo_de_votos',
    moderator_channel: 'canal_da_moderação',
    moderator_role: 'cargo_de_moderador',
    n: 'n',
    name: 'nome',
    off: 'desativar',
    on_silence: 'sem_resposta',
    open: 'abrir',
    opponent: 'adversário',
    opponents: 'adversários',
    percent: 'porcentagem',
    player: 'jogador',
    points: 'pontos',
    private: 'privado',
    profile: 'perfil',
    queue: 'fila',
    rank: 'posição',
    ready_seconds: 'segundos_para_pronto',
    reason: 'motivo',
    refresh: 'atualizar',
    remove: 'remover',
    'remove-match': 'remover-partida',
    'remove-score': 'remover-pontuação',
    repeat: 'repetir',
    report: 'reportar',
    report_minutes: 'minutos_para_reportar',
    reset: 'redefinição',
    result: 'resultado',
    review: 'revisão',
    review_by: 'revisão_por',
    revoke: 'revogar',
    role: 'cargo',
    role_floor: 'mínimo_do_cargo',
    roles: 'cargos',
    score: 'pontuação',
    season: 'temporada',
    settings: 'configurações',
    setup: 'configurar',
    show: 'mostrar',
    show_record: 'mostrar_retrospecto',
    show_submissions: 'mostrar_envios',
    soft_percent: 'porcentagem_suave',
    sort: 'ordem',
    stack: 'acumular',
    standings: 'classificação',
    standings_size: 'posições_por_página',
    start: 'iniciar',
    status: 'status',
    submissions: 'envios',
    submit: 'enviar',
    team: 'time',
    team_size: 'tamanho_do_time',
    teammates: 'companheiros',
    title: 'título',
    top: 'melhores',
    type: 'tipo',
    versus: 'confronto_direto',
    voting: 'votação',
    window_growth: 'aumento_da_margem',
    window_hours: 'horas_de_revisão',
    window_max: 'margem_máxima',
    window_start: 'margem_inicial',
    winner: 'vencedor',
    withdraw: 'retirar',
  },
};
