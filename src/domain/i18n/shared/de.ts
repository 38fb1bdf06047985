import type { Shape } from '../shape';
import type { shared as source } from './en';

/** German: «Wertung» for a rating, «Ø» for an average as German tables write it. */
export const shared: Shape<typeof source> = {
  value: {
    rating: 'Wertung',
    points: 'Punkte',
    score: 'Punktzahl',
    time: 'Zeit',
  },
  heading: {
    rating: 'Wertung',
    points: 'Punkte',
    score: 'Punktzahl',
    time: 'Zeit',
  },
  result: {
    won: 'gewonnen',
    drew: 'unentschieden',
    lost: 'verloren',
  },
  noun: {
    win_one: 'Sieg',
    win_other: 'Siege',
    draw_one: 'Unentschieden',
    draw_other: 'Unentschieden',
    loss_one: 'Niederlage',
    loss_other: 'Niederlagen',
  },
  results: {
    win_one: '{{count, number}} Sieg',
    win_other: '{{count, number}} Siege',
    draw_one: '{{count, number}} Unentschieden',
    draw_other: '{{count, number}} Unentschieden',
    loss_one: '{{count, number}} Niederlage',
    loss_other: '{{count, number}} Niederlagen',
  },
  outcome: {
    beat: 'besiegte',
    drewWith: 'spielte unentschieden gegen',
    sentence: '{{first}} {{middle}} {{second}}',
  },
  votes: {
    none: 'keine Stimmen',
    count_one: '{{count, number}} Stimme',
    count_other: '{{count, number}} Stimmen',
  },
  standing: {
    average: 'Ø {{average}}',
    unranked: 'nicht platziert',
    rankedFrom: '{{votes}} (platziert ab {{minVotes}})',
  },
  period: {
    open: 'offen',
    openUntil: 'offen bis {{when}}',
    closedSince: 'geschlossen seit {{when}}',
  },
  periods: {
    submissions: {
      open: 'Einsendungen offen',
      openUntil: 'Einsendungen offen bis {{when}}',
      closedSince: 'Einsendungen geschlossen seit {{when}}',
    },
    voting: {
      open: 'Abstimmung offen',
      openUntil: 'Abstimmung offen bis {{when}}',
      closedSince: 'Abstimmung geschlossen seit {{when}}',
    },
  },
  contest: {
    entriesPerMember_one: '{{count, number}} Beitrag pro Mitglied',
    entriesPerMember_other: '{{count, number}} Beiträge pro Mitglied',
    approval: 'Moderation gibt Beiträge frei',
    atOnce: 'Beiträge sind sofort sichtbar',
    rankedFrom_one: 'platziert ab {{count, number}} Stimme',
    rankedFrom_other: 'platziert ab {{count, number}} Stimmen',
    postedIn: 'gepostet in {{channel}}',
    notPosted: 'in keinem Kanal gepostet',
  },
  submission: {
    recording: 'Wird erfasst',
    awaiting_opponents: 'Wartet auf die Bestätigung der Gegner',
    awaiting_review: 'Wartet auf die Moderation',
    applied: 'Übernommen',
    corrected: 'Übernommen, von der Moderation korrigiert',
    declined: 'Abgelehnt',
    withdrawn: 'Zurückgezogen',
    expired: 'Abgelaufen',
    failed: 'Fehlgeschlagen',
  },
  display: {
    size_one: 'Tabelle: {{count, number}} Rang pro Seite im Chat',
    size_other: 'Tabelle: {{count, number}} Ränge pro Seite im Chat',
    medals: 'Medaillen und Podest',
    noMedals: 'keine Medaillen, kein Podest',
    recordShown: 'Bilanz sichtbar',
    recordHidden: 'Bilanz ausgeblendet',
    submissionsShown: 'Einsendungen sichtbar',
    submissionsHidden: 'Einsendungen ausgeblendet',
  },
  form: {
    none: 'Noch keine Matches',
    last_one: 'Letztes Match: {{results}}',
    last_other: 'Letzte {{count, number}}, älteste zuerst: {{results}}',
  },
  season: {
    title: 'Saison {{number, number}}',
    named: 'Saison {{number, number}} „{{name}}“',
  },
};
