import type { Shape } from '../shape';
import type { common as source } from './en';

export const common: Shape<typeof source> = {
  failed: {
    known: 'Não deu certo: {{detail}}',
    unconfirmed:
      'O Tally não conseguiu concluir isso agora, então pode ter funcionado ou não. Confira (`/rank`, `/board list`, `/api key list`) antes de tentar de novo.',
    notACommand: '/{{command}} não é um comando do Tally',
  },
  buttons: {
    notOnMessage: 'Esse botão não está nesta mensagem; nada foi alterado.',
    unknown:
      'O Tally não reconhece esse botão ou formulário (pode ser de uma versão anterior); nada foi alterado.',
    notAPage: 'Esse botão de página não foi criado pelo Tally.',
    boardGone: 'Esse ranking não está mais disponível aqui.',
    seasonGone: 'Essa temporada não está mais disponível aqui.',
  },
  pages: {
    first: 'Primeira',
    next: 'Próxima',
    more: 'Mais',
    noMore: 'Não há mais nada.',
  },
  limits: {
    writes:
      'você está enviando mais de {{limit}} alterações por minuto; nada foi registrado. Tente de novo {{when}} (em {{seconds}} s).',
  },
  workspace: {
    noBoard: 'Não existe nenhum ranking "{{board}}"',
    manageServer: '{{what}} exige a permissão Gerenciar servidor.',
    manageServerFor: {
      changingContest: 'Para alterar um concurso, você precisa da permissão Gerenciar servidor.',
      deletingBoard: 'Para excluir um ranking, você precisa da permissão Gerenciar servidor.',
      settingUp: 'Para configurar o Tally, você precisa da permissão Gerenciar servidor.',
      managingKeys:
        'Para gerenciar chaves de API e acessos, você precisa da permissão Gerenciar servidor.',
    },
    cannotSee:
      'O Tally não consegue ver <#{{channel}}>: dê a ele as permissões Ver canal, Enviar mensagens e Inserir links nesse canal e tente de novo',
    notTextChannel: '<#{{channel}}> não é um canal de texto deste servidor; escolha um da lista',
    everyoneReviews: '{{what}}: com @everyone, qualquer membro poderia revisar; escolha um cargo',
    everyoneIsEveryone: '{{what}}: @everyone são todos os membros; escolha um cargo',
    notARole: '{{what}}: esse não é um cargo deste servidor; escolha um da lista',
    managedRole:
      '{{what}}: <@&{{role}}> pertence a um bot ou a uma integração, e o Discord não deixa ninguém atribuí-lo; escolha outro',
    notInServer:
      '{{what}}: só rankings de servidor têm isso; os seus próprios rankings são revisados por mensagem direta',
    what: {
      moderatorRole: 'cargo de moderação',
      rankRole: 'cargo de ranking',
      moderatorChannel: 'canal de moderação',
    },
  },
};
