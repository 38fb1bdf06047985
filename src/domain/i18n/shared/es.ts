import type { Shape } from '../shape';
import type { shared as source } from './en';

/**
 * Spanish: «elo» for a rating, as the commands say it; a period's state agrees with its name
 * («envíos abiertos», «votación abierta»).
 */
export const shared: Shape<typeof source> = {
  value: {
    rating: 'elo',
    points: 'puntos',
    score: 'puntuación',
    time: 'tiempo',
  },
  heading: {
    rating: 'Elo',
    points: 'Puntos',
    score: 'Puntuación',
    time: 'Tiempo',
  },
  result: {
    won: 'ganó',
    drew: 'empató',
    lost: 'perdió',
  },
  noun: {
    win_one: 'victoria',
    win_many: 'victorias',
    win_other: 'victorias',
    draw_one: 'empate',
    draw_many: 'empates',
    draw_other: 'empates',
    loss_one: 'derrota',
    loss_many: 'derrotas',
    loss_other: 'derrotas',
  },
  results: {
    win_one: '{{count, number}} victoria',
    win_many: '{{count, number}} de victorias',
    win_other: '{{count, number}} victorias',
    draw_one: '{{count, number}} empate',
    draw_many: '{{count, number}} de empates',
    draw_other: '{{count, number}} empates',
    loss_one: '{{count, number}} derrota',
    loss_many: '{{count, number}} de derrotas',
    loss_other: '{{count, number}} derrotas',
  },
  outcome: {
    beat: 'venció a',
    drewWith: 'empató con',
    sentence: '{{first}} {{middle}} {{second}}',
  },
  votes: {
    none: 'sin votos',
    count_one: '{{count, number}} voto',
    count_many: '{{count, number}} de votos',
    count_other: '{{count, number}} votos',
  },
  standing: {
    average: 'media {{average}}',
    unranked: 'sin clasificar',
    rankedFrom: '{{votes}} (clasifica con {{minVotes}})',
  },
  period: {
    open: 'abierto',
    openUntil: 'abierto hasta el {{when}}',
    closedSince: 'cerrado desde el {{when}}',
  },
  periods: {
    submissions: {
      open: 'envíos abiertos',
      openUntil: 'envíos abiertos hasta el {{when}}',
      closedSince: 'envíos cerrados desde el {{when}}',
    },
    voting: {
      open: 'votación abierta',
      openUntil: 'votación abierta hasta el {{when}}',
      closedSince: 'votación cerrada desde el {{when}}',
    },
  },
  contest: {
    entriesPerMember_one: '{{count, number}} participación por miembro',
    entriesPerMember_many: '{{count, number}} de participaciones por miembro',
    entriesPerMember_other: '{{count, number}} participaciones por miembro',
    approval: 'los moderadores aprueban las participaciones',
    atOnce: 'las participaciones se publican al instante',
    rankedFrom_one: 'clasifica con {{count, number}} voto',
    rankedFrom_many: 'clasifica con {{count, number}} de votos',
    rankedFrom_other: 'clasifica con {{count, number}} votos',
    postedIn: 'publicado en {{channel}}',
    notPosted: 'no se publica en ningún canal',
  },
  submission: {
    recording: 'Registrándose',
    awaiting_opponents: 'Esperando a que los rivales confirmen',
    awaiting_review: 'Esperando a un moderador',
    applied: 'Aplicado',
    corrected: 'Aplicado con la corrección de un moderador',
    declined: 'Rechazado',
    withdrawn: 'Retirado',
    expired: 'Caducado',
    failed: 'Fallido',
  },
  display: {
    size_one: 'clasificación: {{count, number}} puesto por página en el chat',
    size_many: 'clasificación: {{count, number}} de puestos por página en el chat',
    size_other: 'clasificación: {{count, number}} puestos por página en el chat',
    medals: 'medallas y podio',
    noMedals: 'sin medallas ni podio',
    recordShown: 'balance visible',
    recordHidden: 'balance oculto',
    submissionsShown: 'envíos visibles',
    submissionsHidden: 'envíos ocultos',
  },
  form: {
    none: 'Aún no hay partidas',
    last_one: 'Última partida: {{results}}',
    last_many: 'Últimas {{count, number}}, de la más antigua a la más reciente: {{results}}',
    last_other: 'Últimas {{count, number}}, de la más antigua a la más reciente: {{results}}',
  },
  season: {
    title: 'Temporada {{number, number}}',
    named: 'Temporada {{number, number}} «{{name}}»',
  },
};
