import type { Shape } from '../shape';
import type { common as source } from './en';

export const common: Shape<typeof source> = {
  failed: {
    known: 'Das hat nicht geklappt: {{detail}}',
    unconfirmed:
      'Tally konnte das gerade nicht abschließen, es kann also übernommen worden sein oder nicht. Sieh nach (`/rank`, `/board list`, `/api key list`), bevor du es noch einmal versuchst.',
    notACommand: '/{{command}} ist kein Befehl von Tally',
  },
  buttons: {
    notOnMessage: 'Dieser Button gehört nicht zu dieser Nachricht; es wurde nichts geändert.',
    unknown:
      'Tally kennt diesen Button oder dieses Formular nicht (vielleicht aus einer älteren Version); es wurde nichts geändert.',
    notAPage: 'Dieser Seiten-Button stammt nicht von Tally.',
    boardGone: 'Diese Rangliste ist hier nicht mehr verfügbar.',
    seasonGone: 'Diese Saison ist hier nicht mehr verfügbar.',
  },
  pages: {
    first: 'Anfang',
    next: 'Weiter',
    more: 'Mehr',
    noMore: 'Nichts weiter.',
  },
  limits: {
    writes:
      'du sendest mehr als {{limit}} Änderungen pro Minute; es wurde nichts gespeichert. Versuch es {{when}} noch einmal (in {{seconds}} s).',
  },
  workspace: {
    noBoard: 'Keine Rangliste „{{board}}“',
    manageServer: 'Für {{what}} brauchst du die Berechtigung „Server verwalten“.',
    manageServerFor: {
      changingContest:
        'Um einen Wettbewerb zu ändern, brauchst du die Berechtigung „Server verwalten“.',
      deletingBoard:
        'Um eine Rangliste zu löschen, brauchst du die Berechtigung „Server verwalten“.',
      settingUp: 'Um Tally einzurichten, brauchst du die Berechtigung „Server verwalten“.',
      managingKeys:
        'Um API-Schlüssel und Zugriffe zu verwalten, brauchst du die Berechtigung „Server verwalten“.',
    },
    cannotSee:
      'Tally kann <#{{channel}}> nicht sehen: Gib Tally dort „Kanal ansehen“, „Nachrichten senden“ und „Links einbetten“ und versuch es dann noch einmal',
    notTextChannel: '<#{{channel}}> ist kein Textkanal dieses Servers; wähle einen aus der Liste',
    everyoneReviews: '{{what}}: Mit @everyone dürfte jedes Mitglied prüfen; wähle eine Rolle',
    everyoneIsEveryone: '{{what}}: @everyone ist jedes Mitglied; wähle eine Rolle',
    notARole: '{{what}}: Das ist keine Rolle dieses Servers; wähle eine aus der Liste',
    managedRole:
      '{{what}}: <@&{{role}}> gehört zu einem Bot oder einer Integration, und Discord lässt niemanden sie vergeben; wähle eine andere',
    notInServer:
      '{{what}}: Das gibt es nur bei Ranglisten eines Servers; deine eigenen Ranglisten werden per Direktnachricht geprüft',
    what: {
      moderatorRole: 'Moderationsrolle',
      rankRole: 'Rangrolle',
      moderatorChannel: 'Moderationskanal',
    },
  },
};
