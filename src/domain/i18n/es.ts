import type { Catalogue } from './en';
import { common } from './common/es';
import { admin } from './admin/es';
import { review } from './review/es';
import { reading } from './reading/es';
import { play } from './play/es';
import { shared } from './shared/es';
import { pictures } from './pictures/es';
import { web } from './web/es';
import { dashboard } from './dashboard/es';
import { chat } from './chat/es';

/**
 * Spanish, for Discord's es-ES and es-419: neutral Spanish that reads naturally on both sides of
 * the Atlantic (tú, «tabla» for a board, «elo» for a rating, Discord's own «Gestionar servidor»).
 * Names kept in English, and why: `api` (the product's name), `k` (ELO's K-factor is written K
 * in Spanish too), `n` (the N of "top N"), `info` (as Spanish speakers write it).
 */
const BOARD_ID = 'ID de la tabla, p. ej. board_1';
const CORRECTION_REASON = 'Por qué (se guarda con la corrección)';
const SERVER_ROLE = 'El rol del servidor';
/** /board create's and /board edit's options of where and how results are reviewed. */
const BOARD_PLACEMENT = {
  name: {
    description: 'Nombre visible',
  },
  moderator_channel: {
    description: 'Dónde se publican los envíos para revisarlos',
  },
  moderator_role: {
    description: 'Quién puede revisar',
  },
  review_by: {
    description: 'Quién revisa primero los reportes de partidas (rivales: ELO y Liga)',
    choices: {
      moderators: 'moderadores',
      opponents: 'rivales',
    },
  },
  confirm_hours: {
    description: 'Rivales: horas que tienen para confirmar o disputar un reporte',
  },
  on_silence: {
    description: 'Rivales: si nadie responde a tiempo, confirmar o pasarlo a moderación',
    choices: {
      confirm: 'confirmar',
      escalate: 'pasar a moderación',
    },
  },
  window_hours: {
    description: 'Plazo de revisión; 0 se aplica al momento, 999 no caduca nunca',
  },
  evidence_required: {
    description: 'Los reportes por chat deben adjuntar una captura o un enlace (la API no)',
  },
};

export const es: Catalogue = {
  commands: {
    leaderboard: {
      description: 'Muestra la clasificación de una tabla',
      options: {
        board: {
          description: BOARD_ID,
        },
        season: {
          description: 'La clasificación final de una temporada terminada (ver /temporada lista)',
        },
      },
    },
    rank: {
      description: 'La posición de un jugador y sus últimas partidas',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'De quién (por defecto, la tuya)',
        },
      },
    },
    profile: {
      description:
        'El perfil de un jugador: posición, balance, rachas, últimas partidas y un gráfico',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'De quién (por defecto, el tuyo)',
        },
      },
    },
    versus: {
      description: 'Cara a cara: el balance de dos jugadores entre sí',
      options: {
        board: {
          description: BOARD_ID,
        },
        opponent: {
          description: 'Con quién comparar',
        },
        player: {
          description: 'Desde el lado de quién (por defecto, el tuyo)',
        },
      },
    },
    match: {
      description: 'Reporta partidas',
      options: {
        report: {
          description: 'Reporta una partida que jugaste',
          options: {
            board: {
              description: BOARD_ID,
            },
            opponents: {
              description: 'El otro lado: @menciones, o un equipo en tablas de equipos fijos',
            },
            result: {
              description: 'Tablas ELO: cómo le fue a tu lado',
              choices: {
                won: 'victoria',
                lost: 'derrota',
                draw: 'empate',
              },
            },
            score: {
              description: 'Tablas de Liga: el marcador, tu lado primero (3-1)',
            },
            teammates: {
              description: 'Tus compañeros como @menciones (tablas por equipos)',
            },
            team: {
              description: 'Tu equipo en una tabla de equipos fijos (nombre o team_N)',
            },
            evidence: {
              description: 'Una captura o un archivo que muestre el resultado',
            },
            evidence_link: {
              description: 'Un enlace a la prueba, p. ej. un vídeo (http o https)',
            },
          },
        },
      },
    },
    score: {
      description: 'Envía puntuaciones',
      options: {
        submit: {
          description: 'Envía una puntuación (tablas de Tiempo: m:ss.mmm)',
          options: {
            board: {
              description: BOARD_ID,
            },
            score: {
              description: 'Un número entero, o un tiempo como 1:30.250',
            },
            player: {
              description: 'De quién es la puntuación (por defecto, tuya)',
            },
            evidence: {
              description: 'Una captura o un archivo que muestre la puntuación',
            },
            evidence_link: {
              description: 'Un enlace a la prueba, p. ej. un vídeo (http o https)',
            },
          },
        },
      },
    },
    review: {
      description:
        'La cola de revisión: envíos y participaciones de concursos pendientes de un moderador',
      options: {
        list: {
          description: 'Envíos y participaciones de concursos pendientes de revisión (moderadores)',
          options: {
            board: {
              description: 'Solo esta tabla, p. ej. board_1',
            },
          },
        },
      },
    },
    correct: {
      description: 'Moderadores: corrige un resultado ya registrado',
      options: {
        match: {
          description: 'Cambia el resultado de una partida registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Número de la partida (#12)',
            },
            winner: {
              description: 'Tablas ELO: el resultado correcto',
              choices: {
                team1: 'Ganó el equipo 1',
                team2: 'Ganó el equipo 2',
                draw: 'Empate',
              },
            },
            score: {
              description: 'Tablas de Liga: el marcador correcto, el equipo 1 primero',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-match': {
          description: 'Quita de la tabla una partida registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Número de la partida (#12)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        score: {
          description: 'Cambia una puntuación registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'De quién es la puntuación',
            },
            score: {
              description: 'La puntuación tal como está registrada (Tiempo: m:ss.mmm)',
            },
            corrected: {
              description: 'La puntuación correcta (tablas de Tiempo: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-score': {
          description: 'Quita de la tabla una puntuación registrada',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'De quién es la puntuación',
            },
            score: {
              description: 'La puntuación tal como está registrada (Tiempo: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
      },
    },
    board: {
      description: 'Las tablas de clasificación de este servidor',
      options: {
        create: {
          description: 'Crea una tabla (Gestionar servidor)',
          options: {
            type: {
              description: 'Tipo de puntuación',
              choices: {
                Classic: 'Clásica',
                Highscore: 'Récord',
                Time: 'Tiempo',
                ELO: 'ELO',
                League: 'Liga',
                Rating: 'Valoración',
              },
            },
            ...BOARD_PLACEMENT,
            team_size: {
              description: 'Jugadores por lado',
            },
            fixed_teams: {
              description: 'Los lados son equipos con nombre (/equipo crear)',
            },
            k: {
              description: 'Factor K de ELO',
            },
            points: {
              description: 'Puntos de Liga por victoria,empate,derrota (3,1,0)',
            },
            sort: {
              description: 'Qué valor es mejor: el menor o el mayor',
              choices: {
                asc: 'ascendente (gana el menor)',
                desc: 'descendente (gana el mayor)',
              },
            },
          },
        },
        edit: {
          description:
            'Cambia el nombre, la revisión, la privacidad o la vista de una tabla (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            ...BOARD_PLACEMENT,
            private: {
              description:
                'Fuera de las páginas públicas; solo la ven los miembros con sesión (la API no cambia)',
            },
            medals: {
              description:
                '🥇🥈🥉 para los tres primeros en el chat y un podio en la página pública',
            },
            standings_size: {
              description:
                'Puestos por página en el chat y en el mensaje en vivo (por defecto {{standingsSize}})',
            },
            show_record: {
              description: 'ELO y Liga: muestra el balance (V-E-D) en la clasificación',
            },
            show_submissions: {
              description: 'Tablas de puntuación: muestra el número de envíos en la página pública',
            },
          },
        },
        info: {
          description: 'Los ajustes de una tabla',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Las tablas de este servidor',
        },
        delete: {
          description:
            'Elimina una tabla y todo su contenido, tras confirmarlo (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        standings: {
          description:
            'Mantén una clasificación en vivo en un canal (Gestionar servidor); sin canal, se detiene',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Dónde se publica el mensaje',
            },
          },
        },
        decay: {
          description:
            'Decaimiento por inactividad de una tabla ELO (Gestionar servidor); 0 lo desactiva',
          options: {
            board: {
              description: BOARD_ID,
            },
            amount: {
              description:
                'Puntos de elo que se pierden en cada paso (en % si porcentaje está activo); 0 = nada',
            },
            after_days: {
              description:
                'Días sin resultados antes de que empiece el decaimiento (por defecto {{afterDays}})',
            },
            every_hours: {
              description: 'Horas entre pasos (por defecto {{everyHours}})',
            },
            percent: {
              description: 'La cantidad es un porcentaje del elo',
            },
            floor: {
              description: 'Nunca por debajo de este elo (por defecto, el inicial)',
            },
            role_floor: {
              description: 'Nunca por debajo del rol de rango (/roles) que se haya alcanzado',
            },
          },
        },
      },
    },
    season: {
      description:
        'Temporadas de una tabla: empezar de cero según un calendario, sin perder el pasado',
      options: {
        start: {
          description:
            'Inicia la siguiente temporada, o una ronda en una tabla de Valoración (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'p. ej. Invierno 2026',
            },
            days: {
              description: 'Termina dentro de tantos días (o indica fecha_fin)',
            },
            ends: {
              description: 'Fecha y hora de fin en UTC: 2026-12-31 o 2026-12-31 18:00',
            },
            reset: {
              description:
                'El elo al terminar (por defecto, como la temporada anterior; si no, total)',
              choices: {
                hard: 'total: vuelta al elo inicial',
                soft: 'suave: vuelve parte del camino',
                keep: 'mantener: el elo se queda, el balance se reinicia',
              },
            },
            soft_percent: {
              description: 'Cuánto vuelve hacia el inicio un reinicio suave (por defecto 50)',
            },
            channel: {
              description: 'Dónde se anuncian el inicio, un recordatorio y la clasificación final',
            },
            top: {
              description: 'Jugadores (o participaciones) en el anuncio final (por defecto 10)',
            },
            repeat: {
              description: 'Al terminar, empieza la siguiente temporada con la misma duración',
            },
          },
        },
        end: {
          description:
            'Termina ya la temporada en curso: archivar y reiniciar (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Temporadas pasadas y sus campeones',
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
        'Roles de rango: roles del servidor que los miembros ganan por su posición en una tabla',
      options: {
        add: {
          description:
            'Da un rol al llegar a un elo, unos puntos o una puntuación (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            at: {
              description: 'Se gana con este valor (según el orden de la tabla), p. ej. 1200',
            },
            keep_to: {
              description:
                'Una vez ganado, se conserva hasta que el valor pase de este, p. ej. 1150',
            },
          },
        },
        top: {
          description: 'Da un rol a los N primeros de una tabla (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            n: {
              description: 'Lo ganan los puestos del 1 al N',
            },
            keep_to: {
              description: 'Una vez ganado, se conserva hasta este puesto',
            },
          },
        },
        remove: {
          description: 'Deja de dar un rol de rango; Tally lo retira (Gestionar servidor)',
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
          description: 'Partidas mínimas y si los roles de rango se acumulan (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            min_games: {
              description:
                'Resultados que necesita un jugador antes de recibir un rol de rango (por defecto 0)',
            },
            stack: {
              description: 'Conservar todos los roles ganados, no solo el mejor',
            },
          },
        },
        refresh: {
          description: 'Vuelve a comprobar ahora los roles de rango de todos (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Los roles de rango de una tabla',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    team: {
      description: 'Equipos de las tablas de equipos fijos',
      options: {
        create: {
          description: 'Crea un equipo (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'Nombre del equipo',
            },
          },
        },
        list: {
          description: 'Los equipos de una tabla',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    api: {
      description: 'Claves y acceso de la Leaderboard Scoring API',
      options: {
        key: {
          description: 'Claves de API',
          options: {
            create: {
              description: 'Genera una clave; el secreto se muestra una sola vez y solo a ti',
              options: {
                access: {
                  description: 'Qué puede hacer la clave',
                  choices: {
                    read: 'lectura',
                    'read-write': 'lectura y escritura',
                  },
                },
                type: {
                  description: 'producción (por defecto) o pruebas',
                  choices: {
                    live: 'producción',
                    test: 'pruebas',
                  },
                },
                label: {
                  description: 'Para qué es la clave',
                },
              },
            },
            list: {
              description: 'Lista las claves (nunca los secretos)',
            },
            revoke: {
              description: 'Revoca una clave al instante',
              options: {
                key: {
                  description: 'El ID de la clave, p. ej. key_3',
                },
              },
            },
          },
        },
        access: {
          description: 'Comprueba o solicita acceso a la API',
          options: {
            action: {
              description: 'comprobar (por defecto) o solicitar',
              choices: {
                check: 'comprobar',
                request: 'solicitar',
              },
            },
          },
        },
      },
    },
    audit: {
      description: 'El canal de auditoría: una línea por cada acción de moderación o gestión',
      options: {
        channel: {
          description: 'Publica desde ahora las líneas de auditoría en este canal',
          options: {
            channel: {
              description: 'Un canal de texto en el que Tally pueda publicar, p. ej. #mod-log',
            },
          },
        },
        off: {
          description: 'Deja de publicar líneas de auditoría',
        },
        show: {
          description: 'Adónde van las líneas de auditoría',
        },
      },
    },
    contest: {
      description: 'Concursos de imágenes en tablas de Valoración',
      options: {
        submit: {
          description: 'Presenta una imagen a un concurso',
          options: {
            board: {
              description: BOARD_ID,
            },
            image: {
              description: 'PNG, JPEG, WebP o GIF, hasta 10 MB',
            },
            title: {
              description: 'Cómo se llama tu participación',
            },
          },
        },
        withdraw: {
          description: 'Retira tu participación de su concurso',
          options: {
            entry: {
              description: 'El número de tu participación (#12 en su publicación)',
            },
          },
        },
        remove: {
          description:
            'Quita una participación con un motivo que se le comunica al autor (moderadores)',
          options: {
            entry: {
              description: 'El número de la participación (#12 en su publicación)',
            },
            reason: {
              description: 'Por qué; se le comunica al autor',
            },
          },
        },
        approve: {
          description:
            'Admite en el concurso una participación pendiente de aprobación (moderadores)',
          options: {
            entry: {
              description: 'El número de la participación',
            },
          },
        },
        decline: {
          description: 'Rechaza una participación pendiente de aprobación (moderadores)',
          options: {
            entry: {
              description: 'El número de la participación',
            },
            reason: {
              description: 'Por qué; se le comunica al autor',
            },
          },
        },
        settings: {
          description:
            'Muestra o cambia los ajustes de un concurso (cambiarlos: Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Dónde se publican las participaciones con sus botones de voto',
            },
            entries_per_member: {
              description:
                'Cuántas participaciones puede tener a la vez un miembro (por defecto 1)',
            },
            approval: {
              description: 'Las participaciones esperan a un moderador antes de publicarse',
            },
            submissions: {
              description: 'open, closed o hasta una fecha: 2026-12-31 18:00 (UTC)',
            },
            voting: {
              description: 'open, closed o hasta una fecha (UTC)',
            },
            min_votes: {
              description:
                'Votos que necesita una participación para entrar en la clasificación (por defecto 3)',
            },
          },
        },
      },
    },
    setup: {
      description:
        'Configura Tally por pasos: rol de moderador, canal de revisión, primera tabla (Gestionar servidor)',
      options: {
        language: {
          description:
            'El idioma en que Tally publica aquí para todos (automático: el del servidor en Discord)',
          choices: {
            auto: 'automático (el idioma del servidor en Discord)',
            en: 'English',
            es: 'Español',
            'pt-BR': 'Português (Brasil)',
            de: 'Deutsch',
          },
        },
      },
    },
    queue: {
      description: 'Colas de emparejamiento de las tablas ELO y de Liga',
      options: {
        open: {
          description: 'Abre la cola de una tabla o cambia sus ajustes (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Dónde van el mensaje de Unirse / Salir de la cola y sus partidas',
            },
            window_start: {
              description: 'Diferencia máxima de elo al unirse (por defecto 50)',
            },
            window_growth: {
              description: 'Cuánto crece esa diferencia por cada minuto de espera (25)',
            },
            window_max: {
              description: 'La mayor diferencia a la que puede llegar (400)',
            },
            ready_seconds: {
              description: 'Segundos que tienen los emparejados para pulsar Listo (60)',
            },
            report_minutes: {
              description: 'Minutos que hay para reportar una partida (120)',
            },
          },
        },
        close: {
          description:
            'Cierra la cola de una tabla; quien espere sale de ella (Gestionar servidor)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        join: {
          description: 'Entra en la cola de una tabla',
          options: {
            board: {
              description: BOARD_ID,
            },
            team: {
              description: 'Tu equipo en una tabla de equipos fijos (nombre o team_N)',
            },
          },
        },
        leave: {
          description: 'Sal de la cola',
        },
        status: {
          description: 'Dónde esperas, tu partida y quién espera',
          options: {
            board: {
              description: 'Una tabla cuya cola mostrar, p. ej. board_1',
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
    access: 'acceso',
    action: 'acción',
    add: 'añadir',
    after_days: 'días_sin_jugar',
    amount: 'cantidad',
    api: 'api',
    approval: 'aprobación',
    approve: 'aprobar',
    at: 'desde',
    audit: 'auditoría',
    board: 'tabla',
    channel: 'canal',
    close: 'cerrar',
    confirm_hours: 'horas_para_confirmar',
    contest: 'concurso',
    correct: 'corregir',
    corrected: 'puntuación_correcta',
    create: 'crear',
    days: 'días',
    decay: 'decaimiento',
    decline: 'rechazar',
    delete: 'eliminar',
    edit: 'editar',
    end: 'terminar',
    ends: 'fecha_fin',
    entries_per_member: 'participaciones_por_miembro',
    entry: 'participación',
    every_hours: 'cada_cuántas_horas',
    evidence: 'prueba',
    evidence_link: 'enlace_de_prueba',
    evidence_required: 'prueba_obligatoria',
    fixed_teams: 'equipos_fijos',
    floor: 'mínimo',
    image: 'imagen',
    info: 'info',
    join: 'unirse',
    k: 'k',
    keep_to: 'mantener_hasta',
    key: 'clave',
    label: 'etiqueta',
    language: 'idioma',
    leaderboard: 'clasificación',
    leave: 'salir',
    list: 'lista',
    match: 'partida',
    medals: 'medallas',
    min_games: 'partidas_mínimas',
    min_votes: 'votos_mínimos',
    moderator_channel: 'canal_de_moderación',
    moderator_role: 'rol_de_moderador',
    n: 'n',
    name: 'nombre',
    off: 'desactivar',
    on_silence: 'sin_respuesta',
    open: 'abrir',
    opponent: 'rival',
    opponents: 'rivales',
    percent: 'porcentaje',
    player: 'jugador',
    points: 'puntos',
    private: 'privada',
    profile: 'perfil',
    queue: 'cola',
    rank: 'posición',
    ready_seconds: 'segundos_para_listo',
    reason: 'motivo',
    refresh: 'actualizar',
    remove: 'quitar',
    'remove-match': 'quitar-partida',
    'remove-score': 'quitar-puntuación',
    repeat: 'repetir',
    report: 'reportar',
    report_minutes: 'minutos_para_reportar',
    reset: 'reinicio',
    result: 'resultado',
    review: 'revisión',
    review_by: 'revisión_por',
    revoke: 'revocar',
    role: 'rol',
    role_floor: 'mínimo_por_rol',
    roles: 'roles',
    score: 'puntuación',
    season: 'temporada',
    settings: 'ajustes',
    setup: 'configurar',
    show: 'mostrar',
    show_record: 'mostrar_balance',
    show_submissions: 'mostrar_envíos',
    soft_percent: 'porcentaje_suave',
    sort: 'orden',
    stack: 'acumular',
    standings: 'clasificación',
    standings_size: 'puestos_por_página',
    start: 'iniciar',
    status: 'estado',
    submissions: 'envíos',
    submit: 'enviar',
    team: 'equipo',
    team_size: 'tamaño_de_equipo',
    teammates: 'compañeros',
    title: 'título',
    top: 'mejores',
    type: 'tipo',
    versus: 'cara_a_cara',
    voting: 'votación',
    window_growth: 'crecimiento_del_margen',
    window_hours: 'horas_de_revisión',
    window_max: 'margen_máximo',
    window_start: 'margen_inicial',
    winner: 'ganador',
    withdraw: 'retirar',
  },
};
