import type { Shape } from '../shape';
import type { reading as source } from './en';

export const reading: Shape<typeof source> = {
  standings: {
    title: '{{board}} — clasificación',
    empty: 'Todavía no hay nadie en la clasificación.',
    noMore: 'No hay más.',
    full: 'Clasificación completa',
  },
  contest: {
    entryBy: '**{{title}}**, de {{author}}',
    championBy: '«{{title}}», de {{author}}',
    empty: 'Todavía no hay participaciones: envía una con `/contest submit board:{{board}}`.',
    footer: '{{board}} · Rating · {{entries}} · se clasifican a partir de {{votes}}',
    entries_one: '{{count, number}} participación',
    entries_many: '{{count, number}} participaciones',
    entries_other: '{{count, number}} participaciones',
    votes_one: '{{count, number}} voto',
    votes_many: '{{count, number}} votos',
    votes_other: '{{count, number}} votos',
    roundEmpty: 'No hubo participaciones en esta ronda.',
    roundFooter: '{{board}} · {{from}} – {{to}} · {{entries}} · archivada',
  },
  rank: {
    contest:
      '**{{board}}** es un concurso de imágenes: se clasifican las participaciones, no los miembros. `/leaderboard` muestra la clasificación y `/profile`, las participaciones de un miembro.',
    noEntry: '{{player}} todavía no aparece en **{{board}}**.',
    line: 'Puesto **#{{rank}}** · {{unit}} **{{value}}**',
    record: 'Ganadas: {{wins}}, empatadas: {{draws}}, perdidas: {{losses}}',
    submissions_one: '{{count}} envío',
    submissions_many: '{{count}} envíos',
    submissions_other: '{{count}} envíos',
    moved: 'Último cambio sin resultado: {{delta}} ({{cause}}) {{when}}',
    recent: 'Partidas recientes',
    match: '#{{number}} {{outcome}}{{score}} contra {{against}}{{delta}} {{when}}{{status}}',
    played: 'jugada',
  },
  onBoard: '{{player}} en {{board}}',
  status: {
    pending: 'pendiente',
    rejected: 'rechazada',
    approved: 'aprobada',
    adjusted: 'ajustada',
    set: 'fijada',
  },
  profile: {
    notPlayed: '{{player}} todavía no ha jugado en **{{board}}**.',
    noEntries:
      '{{player}} no tiene participaciones en **{{board}}**: envía una con `/contest submit`.',
    unranked: 'Sin puesto esta temporada · mejor {{unit}}: **{{peak}}**',
    ranked: 'Puesto **#{{rank}}** de {{of}} · {{unit}} **{{value}}** · máximo {{peak}}',
    winRate: ' · {{percent}} % de victorias',
    streak: {
      W_one: 'Racha de {{count}} victoria · mejor racha de victorias: {{longest}}',
      W_many: 'Racha de {{count}} victorias · mejor racha de victorias: {{longest}}',
      W_other: 'Racha de {{count}} victorias · mejor racha de victorias: {{longest}}',
      D_one: 'Racha de {{count}} empate · mejor racha de victorias: {{longest}}',
      D_many: 'Racha de {{count}} empates · mejor racha de victorias: {{longest}}',
      D_other: 'Racha de {{count}} empates · mejor racha de victorias: {{longest}}',
      L_one: 'Racha de {{count}} derrota · mejor racha de victorias: {{longest}}',
      L_many: 'Racha de {{count}} derrotas · mejor racha de victorias: {{longest}}',
      L_other: 'Racha de {{count}} derrotas · mejor racha de victorias: {{longest}}',
    },
    submissions_one: '{{count}} puntuación enviada',
    submissions_many: '{{count}} puntuaciones enviadas',
    submissions_other: '{{count}} puntuaciones enviadas',
    season: 'Esta temporada: {{sparkline}}',
    lastMatches: 'Últimas partidas',
    played: '**{{result}}**{{score}} contra {{against}}{{delta}} · {{when}}{{status}}',
    result: { W: 'V', D: 'E', L: 'D' },
  },
  versus: {
    notMatches:
      '**{{board}}** es una tabla de tipo {{type}}: se publican puntuaciones, no partidas entre jugadores. /profile muestra las puntuaciones de un jugador.',
    samePlayer: 'Elige a dos jugadores distintos.',
    never: '{{a}} y {{b}} todavía no se han enfrentado en **{{board}}**.',
    title: '{{a}} contra {{b}} en {{board}}',
    record_one:
      'Ganadas: **{{wins}}**, empatadas: **{{draws}}**, perdidas: **{{losses}}** en {{count}} partida',
    record_many:
      'Ganadas: **{{wins}}**, empatadas: **{{draws}}**, perdidas: **{{losses}}** en {{count}} partidas',
    record_other:
      'Ganadas: **{{wins}}**, empatadas: **{{draws}}**, perdidas: **{{losses}}** en {{count}} partidas',
    net: ' · {{delta}} de {{unit}} en estas partidas',
    lastMeetings: 'Últimos enfrentamientos',
  },
  entries: {
    inRound: ' en {{round}}',
    more: '…y {{count}} más',
    count_one: '{{count}} participación',
    count_many: '{{count}} participaciones',
    count_other: '{{count}} participaciones',
    inContest: '{{entries}} en el concurso',
    noneNow: 'Ahora mismo sin participaciones en el concurso',
    waitingApproval: '{{entries}} a la espera de aprobación',
    inPast: '{{entries}} en rondas anteriores',
    live: 'En el concurso',
    waiting: 'Esperando a un moderador',
    past: 'Rondas anteriores',
  },
  refusals: {
    notPlayed: '{{player}} no ha jugado en {{board}}',
    noScores: 'Las tablas de tipo {{type}} no registran puntuaciones',
    notScores: '{{board}} registra partidas o participaciones, no puntuaciones',
    notMatches: 'Las tablas de tipo {{type}} registran puntuaciones, no partidas',
    noEntries:
      'Las tablas de tipo Rating no tienen entradas en esta versión; consulta la propia tabla',
  },
  lists: {
    boards: 'Tablas',
    noBoards:
      'Todavía no hay tablas; alguien con el permiso Gestionar servidor puede crear una con `/board create`.',
    teams: 'Equipos de {{board}}',
    noTeams:
      'Todavía no hay equipos; alguien con el permiso Gestionar servidor puede crear uno con `/team create`.',
    keys: 'Claves de API',
    revoked: 'revocada',
    noKeys: 'Todavía no hay claves; crea una con `/api key create`.',
    seasons: 'Temporadas de {{board}}',
    noChampions: 'sin participantes',
    running: '▶️ **{{season}}** · desde {{since}} · {{end}}',
    ends: 'termina {{when}}',
    noEnd: 'sin fecha de fin',
    noSeasons:
      'Todavía no hay temporadas; alguien con el permiso Gestionar servidor puede empezar una con `/season start board:{{board}}`.',
  },
};
