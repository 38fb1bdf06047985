import type { Shape } from '../shape';
import type { common as source } from './en';

export const common: Shape<typeof source> = {
  failed: {
    known: 'Eso no funcionó: {{detail}}',
    unconfirmed:
      'Tally no pudo terminar eso ahora mismo, así que puede que se haya aplicado o no. Compruébalo (`/rank`, `/board list`, `/api key list`) antes de volver a intentarlo.',
    notACommand: '/{{command}} no es un comando de Tally',
  },
  buttons: {
    notOnMessage: 'Ese botón no está en este mensaje; no se cambió nada.',
    unknown:
      'Tally no reconoce ese botón o formulario (puede ser de una versión anterior); no se cambió nada.',
    notAPage: 'Ese botón de página no lo creó Tally.',
    boardGone: 'Esa tabla ya no está disponible aquí.',
    seasonGone: 'Esa temporada ya no está disponible aquí.',
  },
  pages: {
    first: 'Primera',
    next: 'Siguiente',
    more: 'Más',
    noMore: 'No hay más.',
  },
  limits: {
    writes:
      'estás enviando más de {{limit}} cambios por minuto; no se registró nada. Vuelve a intentarlo {{when}} (en {{seconds}} s).',
  },
  workspace: {
    noBoard: 'No hay ninguna tabla «{{board}}»',
    manageServer: '{{what}} requiere el permiso Gestionar servidor.',
    manageServerFor: {
      changingContest: 'Para cambiar un concurso necesitas el permiso Gestionar servidor.',
      deletingBoard: 'Para eliminar una tabla necesitas el permiso Gestionar servidor.',
      settingUp: 'Para configurar Tally necesitas el permiso Gestionar servidor.',
      managingKeys:
        'Para gestionar las claves de API y el acceso necesitas el permiso Gestionar servidor.',
    },
    cannotSee:
      'Tally no puede ver <#{{channel}}>: dale allí los permisos Ver canal, Enviar mensajes e Insertar enlaces y vuelve a intentarlo',
    notTextChannel:
      '<#{{channel}}> no es un canal de texto de este servidor; elige uno de la lista',
    everyoneReviews: '{{what}}: con @everyone podría revisar cualquier miembro; elige un rol',
    everyoneIsEveryone: '{{what}}: @everyone son todos los miembros; elige un rol',
    notARole: '{{what}}: ese no es un rol de este servidor; elige uno de la lista',
    managedRole:
      '{{what}}: <@&{{role}}> pertenece a un bot o a una integración, y Discord no deja que nadie lo asigne; elige otro',
    notInServer:
      '{{what}}: solo lo tienen las tablas de un servidor; tus propias tablas se revisan por mensaje directo',
    what: {
      moderatorRole: 'rol de moderación',
      rankRole: 'rol de rango',
      moderatorChannel: 'canal de moderación',
    },
  },
};
