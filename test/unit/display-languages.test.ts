import { describe, expect, it } from 'vitest';
import { displaySummary } from '../../src/domain/board-display';
import {
  boardTypeName,
  contestSummary,
  entryStanding,
  outcomeParts,
  outcomeSentence,
  periodLine,
  periodState,
  resultCount,
  resultNoun,
  sideVerb,
  submissionStateWord,
  utcDay,
  utcMinute,
  valueHeading,
  valueName,
  voteCount,
} from '../../src/domain/display';
import { seasonTitle } from '../../src/domain/season';
import { BOARD_TYPES, type BoardType, type Winner } from '../../src/domain/vocabulary';

/**
 * Issue 32: the display rules in the reader's language. English (and a locale no catalogue
 * serves: French, Japanese) reads exactly as before; Spanish, Brazilian Portuguese and German
 * as their speakers write them, dates and decimals included.
 */
const LOCALES = ['en-US', 'es-ES', 'pt-BR', 'de', 'fr'] as const;
type Row<T> = Record<(typeof LOCALES)[number], T>;
const each = <T>(row: Row<T>) => LOCALES.map((locale) => [locale, row[locale]] as const);

describe("a board's value in each language", () => {
  it.each<[BoardType, Row<[string, string]>]>([
    [
      'ELO',
      {
        'en-US': ['rating', 'Rating'],
        'es-ES': ['elo', 'Elo'],
        'pt-BR': ['rating', 'Rating'],
        de: ['Wertung', 'Wertung'],
        fr: ['rating', 'Rating'],
      },
    ],
    [
      'League',
      {
        'en-US': ['points', 'Points'],
        'es-ES': ['puntos', 'Puntos'],
        'pt-BR': ['pontos', 'Pontos'],
        de: ['Punkte', 'Punkte'],
        fr: ['points', 'Points'],
      },
    ],
    [
      'Time',
      {
        'en-US': ['time', 'Time'],
        'es-ES': ['tiempo', 'Tiempo'],
        'pt-BR': ['tempo', 'Tempo'],
        de: ['Zeit', 'Zeit'],
        fr: ['time', 'Time'],
      },
    ],
  ])('GIVEN a %s board THEN its value is named in the language', (type, row) => {
    for (const [locale, [name, heading]] of each(row)) {
      expect(valueName(type, locale), locale).toBe(name);
      expect(valueHeading(type, locale), locale).toBe(heading);
    }
  });

  it("GIVEN each type THEN English names it by itself, the others as /board create's choices do", () => {
    for (const type of BOARD_TYPES) expect(boardTypeName(type), type).toBe(type);
    expect(BOARD_TYPES.map((type) => boardTypeName(type, 'de'))).toEqual([
      'Klassisch',
      'Highscore',
      'Zeit',
      'ELO',
      'Liga',
      'Bewertung',
    ]);
    expect(boardTypeName('League', 'es-419')).toBe('Liga');
    expect(boardTypeName('Highscore', 'pt-BR')).toBe('Recorde');
  });

  it('GIVEN no locale THEN English, as every caller read it before', () => {
    expect(valueName('Classic')).toBe('score');
    expect(valueName('Classic', null)).toBe('score');
  });
});

describe("a match's outcome in each language", () => {
  const m = (winner: Winner | null, s1: number | null = null, s2: number | null = null) => ({
    winner,
    team1Score: s1,
    team2Score: s2,
  });
  it.each(
    each({
      'en-US': ['Bo beat Ann', 'Ann drew with Bo', 'Bo 3–1 Ann'],
      'es-ES': ['Bo venció a Ann', 'Ann empató con Bo', 'Bo 3–1 Ann'],
      'pt-BR': ['Bo venceu Ann', 'Ann empatou com Bo', 'Bo 3–1 Ann'],
      de: ['Bo besiegte Ann', 'Ann spielte unentschieden gegen Bo', 'Bo 3–1 Ann'],
      fr: ['Bo beat Ann', 'Ann drew with Bo', 'Bo 3–1 Ann'],
    }),
  )('GIVEN %s THEN the winner first: %j', (locale, [win, draw, scored]) => {
    expect(outcomeSentence(m('team2'), 'Ann', 'Bo', locale)).toBe(win);
    expect(outcomeSentence(m('draw'), 'Ann', 'Bo', locale)).toBe(draw);
    expect(outcomeSentence(m(null, 1, 3), 'Ann', 'Bo', locale)).toBe(scored);
    expect(outcomeParts(m('team2'), locale)).toMatchObject({ first: 2, second: 1, decided: true });
  });

  it.each(
    each({
      'en-US': ['won', 'lost', 'drew'],
      'es-ES': ['ganó', 'perdió', 'empató'],
      'pt-BR': ['venceu', 'perdeu', 'empatou'],
      de: ['gewonnen', 'verloren', 'unentschieden'],
      fr: ['won', 'lost', 'drew'],
    }),
  )("GIVEN %s THEN each side's result is %j", (locale, [won, lost, drew]) => {
    expect(sideVerb(m('team1'), 1, locale)).toBe(won);
    expect(sideVerb(m('team1'), 2, locale)).toBe(lost);
    expect(sideVerb(m('draw'), 2, locale)).toBe(drew);
  });

  it.each(
    each({
      'en-US': ['1 win', '3 wins', '2 losses', 'draws'],
      'es-ES': ['1 victoria', '3 victorias', '2 derrotas', 'empates'],
      'pt-BR': ['1 vitória', '3 vitórias', '2 derrotas', 'empates'],
      de: ['1 Sieg', '3 Siege', '2 Niederlagen', 'Unentschieden'],
      fr: ['1 win', '3 wins', '2 losses', 'draws'],
    }),
  )('GIVEN %s THEN runs of results count as %j', (locale, [one, three, losses, draws]) => {
    expect(resultCount('W', 1, locale)).toBe(one);
    expect(resultCount('W', 3, locale)).toBe(three);
    expect(resultCount('L', 2, locale)).toBe(losses);
    expect(resultNoun('D', 4, locale)).toBe(draws);
  });
});

describe('times in UTC in each language', () => {
  const at = new Date('2026-11-26T18:05:59Z');
  it.each(
    each({
      'en-US': ['2026-11-26 18:05 UTC', '2026-11-26'],
      'es-ES': ['26/11/2026, 18:05 UTC', '26/11/2026'],
      'pt-BR': ['26/11/2026, 18:05 UTC', '26/11/2026'],
      de: ['26.11.2026, 18:05 UTC', '26.11.2026'],
      fr: ['2026-11-26 18:05 UTC', '2026-11-26'],
    }),
  )('GIVEN %s THEN the minute and the day read %j', (locale, [minute, day]) => {
    expect(utcMinute(at, locale)).toBe(minute);
    expect(utcDay(at, locale)).toBe(day);
  });

  it('GIVEN midnight in UTC THEN German names the UTC day, never a local one', () => {
    expect(utcMinute(new Date('2026-12-31T23:59:00Z'), 'de')).toBe('31.12.2026, 23:59 UTC');
    expect(utcMinute(new Date('2027-01-01T00:00:00Z'), 'de')).toBe('01.01.2027, 00:00 UTC');
  });
});

describe('votes and a contest entry in each language', () => {
  it.each(
    each({
      'en-US': ['no votes', '1 vote', '23 votes', '1,500 votes'],
      'es-ES': ['sin votos', '1 voto', '23 votos', '1500 votos'],
      'pt-BR': ['nenhum voto', '1 voto', '23 votos', '1.500 votos'],
      de: ['keine Stimmen', '1 Stimme', '23 Stimmen', '1.500 Stimmen'],
      fr: ['no votes', '1 vote', '23 votes', '1,500 votes'],
    }),
  )('GIVEN %s THEN votes count as %j', (locale, [none, one, many, grouped]) => {
    expect(voteCount(0, locale)).toBe(none);
    expect(voteCount(1, locale)).toBe(one);
    expect(voteCount(23, locale)).toBe(many);
    expect(voteCount(1500, locale)).toBe(grouped);
  });

  const ranked = { rank: 1, score: 8.4321, average: 8.7, votes: 23 };
  const unranked = { rank: null, score: 0, average: 9, votes: 1 };
  it.each(
    each({
      'en-US': ['8.43 · avg 8.70 · 23 votes', 'unranked · avg 9.00 · 1 vote (ranked from 3)'],
      'es-ES': [
        '8,43 · media 8,70 · 23 votos',
        'sin clasificar · media 9,00 · 1 voto (clasifica con 3)',
      ],
      'pt-BR': [
        '8,43 · média 8,70 · 23 votos',
        'sem posição · média 9,00 · 1 voto (entra na classificação com 3)',
      ],
      de: ['8,43 · Ø 8,70 · 23 Stimmen', 'nicht platziert · Ø 9,00 · 1 Stimme (platziert ab 3)'],
      fr: ['8.43 · avg 8.70 · 23 votes', 'unranked · avg 9.00 · 1 vote (ranked from 3)'],
    }),
  )("GIVEN %s THEN an entry's standing reads %j", (locale, [first, below]) => {
    expect(entryStanding(ranked, 3, locale)).toBe(first);
    expect(entryStanding(unranked, 3, locale)).toBe(below);
  });
});

describe("a contest's periods and settings in each language", () => {
  const now = new Date('2026-11-26T18:00:00Z');
  const later = new Date('2026-12-01T12:00:00Z');
  const settings = {
    boardPk: 1,
    entriesPerMember: 2,
    approval: true,
    channelId: '900000000000000009',
    submissionsUntil: now,
    votingUntil: later,
    minVotes: 1,
    changedAt: null,
  };
  it.each(
    each({
      'en-US':
        'submissions closed since 2026-11-26 18:00 UTC · voting open until 2026-12-01 12:00 UTC · 2 entries per member · moderators approve entries · ranked from 1 vote · posted in <#900000000000000009>',
      'es-ES':
        'envíos cerrados desde el 26/11/2026, 18:00 UTC · votación abierta hasta el 01/12/2026, 12:00 UTC · 2 participaciones por miembro · los moderadores aprueban las participaciones · clasifica con 1 voto · publicado en <#900000000000000009>',
      'pt-BR':
        'envios encerrados em 26/11/2026, 18:00 UTC · votação aberta até 01/12/2026, 12:00 UTC · 2 participações por membro · os moderadores aprovam as participações · entra na classificação com 1 voto · publicado em <#900000000000000009>',
      de: 'Einsendungen geschlossen seit 26.11.2026, 18:00 UTC · Abstimmung offen bis 01.12.2026, 12:00 UTC · 2 Beiträge pro Mitglied · Moderation gibt Beiträge frei · platziert ab 1 Stimme · gepostet in <#900000000000000009>',
      fr: 'submissions closed since 2026-11-26 18:00 UTC · voting open until 2026-12-01 12:00 UTC · 2 entries per member · moderators approve entries · ranked from 1 vote · posted in <#900000000000000009>',
    }),
  )('GIVEN %s THEN the settings read in one line', (locale, line) => {
    expect(contestSummary(settings, now, locale)).toBe(line);
  });

  it.each(
    each({
      'en-US': ['open', 'open until 2026-12-01 12:00 UTC', 'voting open'],
      'es-ES': ['abierto', 'abierto hasta el 01/12/2026, 12:00 UTC', 'votación abierta'],
      'pt-BR': ['aberto', 'aberto até 01/12/2026, 12:00 UTC', 'votação aberta'],
      de: ['offen', 'offen bis 01.12.2026, 12:00 UTC', 'Abstimmung offen'],
      fr: ['open', 'open until 2026-12-01 12:00 UTC', 'voting open'],
    }),
  )('GIVEN %s THEN a period reads %j', (locale, [open, until, voting]) => {
    expect(periodState(null, now, locale)).toBe(open);
    expect(periodState(later, now, locale)).toBe(until);
    expect(periodLine('voting', null, now, locale)).toBe(voting);
  });
});

describe("a submission's state and a board's display in each language", () => {
  it.each(
    each({
      'en-US': ['Waiting for a moderator', 'Declined'],
      'es-ES': ['Esperando a un moderador', 'Rechazado'],
      'pt-BR': ['Aguardando um moderador', 'Recusado'],
      de: ['Wartet auf die Moderation', 'Abgelehnt'],
      fr: ['Waiting for a moderator', 'Declined'],
    }),
  )('GIVEN %s THEN states read %j', (locale, [waiting, declined]) => {
    expect(submissionStateWord('awaiting_review', locale)).toBe(waiting);
    expect(submissionStateWord('declined', locale)).toBe(declined);
  });

  const board = {
    type: 'ELO' as const,
    medals: false,
    standingsSize: 25,
    showRecord: false,
    showSubmissions: true,
  };
  it.each(
    each({
      'en-US': 'standings: 25 ranks a page in chat, no medals or podium, record hidden',
      'es-ES':
        'clasificación: 25 puestos por página en el chat, sin medallas ni podio, balance oculto',
      'pt-BR':
        'classificação: 25 posições por página no chat, sem medalhas nem pódio, retrospecto oculto',
      de: 'Tabelle: 25 Ränge pro Seite im Chat, keine Medaillen, kein Podest, Bilanz ausgeblendet',
      fr: 'standings: 25 ranks a page in chat, no medals or podium, record hidden',
    }),
  )("GIVEN %s THEN a board's display reads in words", (locale, words) => {
    expect(displaySummary(board, locale)).toBe(words);
  });
});

describe('a season as it is named, in the reader’s language', () => {
  it.each([
    ['en-US', 'Season 3', 'Season 3 “Winter”'],
    ['es-ES', 'Temporada 3', 'Temporada 3 «Winter»'],
    ['pt-BR', 'Temporada 3', 'Temporada 3 “Winter”'],
    ['de', 'Saison 3', 'Saison 3 „Winter“'],
    ['fr', 'Season 3', 'Season 3 “Winter”'],
  ])(
    'GIVEN %s THEN a season with its default name and one with its own read so',
    (locale, plain, named) => {
      expect(seasonTitle({ number: 3, name: 'Season 3' }, locale)).toBe(plain);
      expect(seasonTitle({ number: 3, name: 'Winter' }, locale)).toBe(named);
    },
  );

  it('GIVEN no locale THEN English, as every caller read it before', () => {
    expect(seasonTitle({ number: 12, name: 'Season 12' })).toBe('Season 12');
    expect(seasonTitle({ number: 2, name: 'Season 1' })).toBe('Season 2 “Season 1”');
  });
});
