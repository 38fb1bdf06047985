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
    audit: {
      picked: '🌐 {{actor}} cambió el idioma en que Tally publica en este servidor a {{language}}',
      auto: '🌐 {{actor}} hizo que Tally siga el idioma de este servidor en Discord ({{language}})',
    },
  },
  audit: {
    line: {
      channelOn: '📋 {{actor}} configuró {{channel}} como canal de auditoría de este servidor',
      channelOff: '📋 {{actor}} desactivó el canal de auditoría de este servidor',
    },
  },
};
