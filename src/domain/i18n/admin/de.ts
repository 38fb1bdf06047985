import type { Shape } from '../shape';
import type { admin as source } from './en';

/** German: du, «Rangliste» for a board, «Tabelle» for its standings, Discord's own words. */
export const admin: Shape<typeof source> = {
  language: {
    name: {
      en: 'Englisch',
      es: 'Spanisch',
      'pt-BR': 'Portugiesisch (Brasilien)',
      de: 'Deutsch',
    },
    reply: {
      picked:
        'Tally postet auf diesem Server ab jetzt auf {{language}}: Prüfungen, Bestätigungen, Live-Tabellen, Saisonankündigungen und Audit-Zeilen. Antworten, die nur ein Mitglied sieht, bleiben in dessen Discord-Sprache.',
      auto: 'Tally folgt ab jetzt der Sprache dieses Servers auf Discord und postet auf {{language}}. Antworten, die nur ein Mitglied sieht, bleiben in dessen Discord-Sprache.',
      pickedAlready:
        'Tally postet auf diesem Server schon auf {{language}}; nichts wurde geändert.',
      autoAlready:
        'Tally folgt schon der Sprache dieses Servers auf Discord ({{language}}); nichts wurde geändert.',
    },
    audit: {
      picked:
        '🌐 {{actor}} hat die Sprache, in der Tally auf diesem Server postet, auf {{language}} gestellt',
      auto: '🌐 {{actor}} lässt Tally der Sprache dieses Servers auf Discord folgen ({{language}})',
    },
  },
  audit: {
    line: {
      channelOn: '📋 {{actor}} hat {{channel}} als Audit-Kanal dieses Servers festgelegt',
      channelOff: '📋 {{actor}} hat den Audit-Kanal dieses Servers ausgeschaltet',
    },
  },
};
