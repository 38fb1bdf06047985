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
  audit: {
    line: {
      channelOn: '📋 {{actor}} definiu {{channel}} como canal de auditoria deste servidor',
      channelOff: '📋 {{actor}} desativou o canal de auditoria deste servidor',
    },
  },
};
