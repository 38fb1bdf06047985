import type { Catalogue } from './en';
import { common } from './common/de';
import { admin } from './admin/de';
import { review } from './review/de';
import { reading } from './reading/de';
import { play } from './play/de';
import { shared } from './shared/de';
import { pictures } from './pictures/de';
import { web } from './web/de';
import { dashboard } from './dashboard/de';
import { chat } from './chat/de';

/**
 * German: du, as Discord writes German; «Rangliste» for a board, «Tabelle» for its standings,
 * «Wertung» for a rating, «Match» as German players say it, Discord's «Server verwalten».
 * Names kept as in English, and why: `api` (the product's name), `k` (ELO's K-factor), `n` (the N
 * of "top N"), `info`, `status`, `match`, `team` and `name`, which German uses as they are.
 */
const BOARD_ID = 'ID der Rangliste, z. B. board_1';
const CORRECTION_REASON = 'Warum (wird mit der Korrektur gespeichert)';
const SERVER_ROLE = 'Die Serverrolle';
/** /board create's and /board edit's options of where and how results are reviewed. */
const BOARD_PLACEMENT = {
  name: {
    description: 'Anzeigename',
  },
  moderator_channel: {
    description: 'Wo Einsendungen zur Prüfung gepostet werden',
  },
  moderator_role: {
    description: 'Wer prüfen darf',
  },
  review_by: {
    description: 'Wer gemeldete Matches zuerst prüft (Gegner: ELO und Liga)',
    choices: {
      moderators: 'Moderation',
      opponents: 'Gegner',
    },
  },
  confirm_hours: {
    description: 'Gegner: Stunden, um eine Meldung zu bestätigen oder anzufechten',
  },
  on_silence: {
    description: 'Gegner: Antwortet niemand rechtzeitig, bestätigen oder an die Moderation geben',
    choices: {
      confirm: 'bestätigen',
      escalate: 'an die Moderation geben',
    },
  },
  window_hours: {
    description: 'Prüffrist; 0 gilt sofort, 999 läuft nie ab',
  },
  evidence_required: {
    description: 'Meldungen im Chat brauchen einen Screenshot oder Link (API-Einträge nicht)',
  },
};

export const de: Catalogue = {
  commands: {
    leaderboard: {
      description: 'Die Tabelle einer Rangliste anzeigen',
      options: {
        board: {
          description: BOARD_ID,
        },
        season: {
          description: 'Die Abschlusstabelle einer beendeten Saison (siehe /saison liste)',
        },
      },
    },
    rank: {
      description: 'Platz und letzte Matches eines Spielers',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'Wessen Platz (standardmäßig deiner)',
        },
      },
    },
    profile: {
      description: 'Profil eines Spielers: Platz, Bilanz, Serien, letzte Matches und ein Diagramm',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'Wessen Profil (standardmäßig deins)',
        },
      },
    },
    versus: {
      description: 'Direktvergleich: die Bilanz zweier Spieler gegeneinander',
      options: {
        board: {
          description: BOARD_ID,
        },
        opponent: {
          description: 'Mit wem verglichen wird',
        },
        player: {
          description: 'Aus wessen Sicht (standardmäßig deiner)',
        },
      },
    },
    match: {
      description: 'Matches melden',
      options: {
        report: {
          description: 'Ein Match melden, das du gespielt hast',
          options: {
            board: {
              description: BOARD_ID,
            },
            opponents: {
              description:
                'Die Gegenseite: @Erwähnungen oder ein Team bei Ranglisten mit festen Teams',
            },
            result: {
              description: 'ELO-Ranglisten: wie es für deine Seite ausging',
              choices: {
                won: 'Sieg',
                lost: 'Niederlage',
                draw: 'Unentschieden',
              },
            },
            score: {
              description: 'Liga-Ranglisten: das Ergebnis, deine Seite zuerst (3-1)',
            },
            teammates: {
              description: 'Deine Mitspieler als @Erwähnungen (Team-Ranglisten)',
            },
            team: {
              description: 'Dein Team bei einer Rangliste mit festen Teams (Name oder team_N)',
            },
            evidence: {
              description: 'Ein Screenshot oder eine Datei, die das Ergebnis zeigt',
            },
            evidence_link: {
              description: 'Ein Link zum Nachweis, z. B. ein Video (http oder https)',
            },
          },
        },
      },
    },
    score: {
      description: 'Punktzahlen einreichen',
      options: {
        submit: {
          description: 'Eine Punktzahl einreichen (Zeit-Ranglisten: m:ss.mmm)',
          options: {
            board: {
              description: BOARD_ID,
            },
            score: {
              description: 'Eine ganze Zahl oder eine Zeit wie 1:30.250',
            },
            player: {
              description: 'Wessen Punktzahl (standardmäßig deine)',
            },
            evidence: {
              description: 'Ein Screenshot oder eine Datei, die die Punktzahl zeigt',
            },
            evidence_link: {
              description: 'Ein Link zum Nachweis, z. B. ein Video (http oder https)',
            },
          },
        },
      },
    },
    review: {
      description:
        'Die Prüfwarteschlange: Einsendungen und Wettbewerbsbeiträge, die auf Moderation warten',
      options: {
        list: {
          description: 'Einsendungen und Wettbewerbsbeiträge, die auf Prüfung warten (Moderation)',
          options: {
            board: {
              description: 'Nur diese Rangliste, z. B. board_1',
            },
          },
        },
      },
    },
    correct: {
      description: 'Moderation: ein bereits eingetragenes Ergebnis korrigieren',
      options: {
        match: {
          description: 'Das Ergebnis eines eingetragenen Matches ändern',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Matchnummer (#12)',
            },
            winner: {
              description: 'ELO-Ranglisten: das richtige Ergebnis',
              choices: {
                team1: 'Team 1 hat gewonnen',
                team2: 'Team 2 hat gewonnen',
                draw: 'Unentschieden',
              },
            },
            score: {
              description: 'Liga-Ranglisten: das richtige Ergebnis, Team 1 zuerst',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-match': {
          description: 'Ein eingetragenes Match aus der Rangliste entfernen',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Matchnummer (#12)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        score: {
          description: 'Eine eingetragene Punktzahl ändern',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'Wessen Punktzahl',
            },
            score: {
              description: 'Die Punktzahl wie eingetragen (Zeit: m:ss.mmm)',
            },
            corrected: {
              description: 'Die richtige Punktzahl (Zeit-Ranglisten: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-score': {
          description: 'Eine eingetragene Punktzahl aus der Rangliste entfernen',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'Wessen Punktzahl',
            },
            score: {
              description: 'Die Punktzahl wie eingetragen (Zeit: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
      },
    },
    board: {
      description: 'Die Ranglisten dieses Servers',
      options: {
        create: {
          description: 'Eine Rangliste erstellen (Server verwalten)',
          options: {
            type: {
              description: 'Wertungsart',
              choices: {
                Classic: 'Klassisch',
                Highscore: 'Highscore',
                Time: 'Zeit',
                ELO: 'ELO',
                League: 'Liga',
                Rating: 'Bewertung',
              },
            },
            ...BOARD_PLACEMENT,
            team_size: {
              description: 'Spieler pro Seite',
            },
            fixed_teams: {
              description: 'Die Seiten sind benannte Teams (/team erstellen)',
            },
            k: {
              description: 'ELO-K-Faktor',
            },
            points: {
              description: 'Liga-Punkte für Sieg,Unentschieden,Niederlage (3,1,0)',
            },
            sort: {
              description: 'Ob der kleinste oder der größte Wert am besten ist',
              choices: {
                asc: 'aufsteigend (kleinster vorn)',
                desc: 'absteigend (größter vorn)',
              },
            },
          },
        },
        edit: {
          description:
            'Name, Prüfung, Sichtbarkeit oder Anzeige einer Rangliste ändern (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            ...BOARD_PLACEMENT,
            private: {
              description:
                'Nicht auf den öffentlichen Seiten; nur angemeldete Mitglieder sehen sie (API unverändert)',
            },
            medals: {
              description:
                '🥇🥈🥉 für die ersten drei im Chat und ein Podest auf der öffentlichen Seite',
            },
            standings_size: {
              description:
                'Plätze pro Seite im Chat und in der Live-Nachricht (Standard {{standingsSize}})',
            },
            show_record: {
              description: 'ELO und Liga: die Bilanz (S-U-N) in der Tabelle zeigen',
            },
            show_submissions: {
              description:
                'Punkte-Ranglisten: die Zahl der Einsendungen auf der öffentlichen Seite zeigen',
            },
          },
        },
        info: {
          description: 'Die Einstellungen einer Rangliste',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Die Ranglisten dieses Servers',
        },
        delete: {
          description:
            'Eine Rangliste samt Inhalt nach einer Bestätigung löschen (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        standings: {
          description:
            'Eine Live-Tabelle in einem Kanal pflegen (Server verwalten); ohne Kanal = beenden',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Wo die Nachricht steht',
            },
          },
        },
        decay: {
          description:
            'Inaktivitätsverfall einer ELO-Rangliste (Server verwalten); Abzug 0 schaltet ihn ab',
          options: {
            board: {
              description: BOARD_ID,
            },
            amount: {
              description:
                'Wertungspunkte, die pro Schritt verloren gehen (in %, wenn prozent aktiv ist); 0 = aus',
            },
            after_days: {
              description: 'Tage ohne Ergebnis, bevor der Verfall beginnt (Standard {{afterDays}})',
            },
            every_hours: {
              description: 'Stunden zwischen den Schritten (Standard {{everyHours}})',
            },
            percent: {
              description: 'Der Abzug ist ein Prozentsatz der Wertung',
            },
            floor: {
              description: 'Nie unter diese Wertung (standardmäßig die Startwertung)',
            },
            role_floor: {
              description: 'Nie unter die erreichte Rangrolle (/rollen)',
            },
          },
        },
      },
    },
    season: {
      description:
        'Saisons einer Rangliste: ein geplanter Neustart, die Vergangenheit bleibt erhalten',
      options: {
        start: {
          description:
            'Die nächste Saison starten, bei Bewertungs-Ranglisten eine Runde (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'z. B. Winter 2026',
            },
            days: {
              description: 'Endet in so vielen Tagen (oder ende angeben)',
            },
            ends: {
              description: 'Enddatum und -uhrzeit in UTC: 2026-12-31 oder 2026-12-31 18:00',
            },
            reset: {
              description: 'ELO-Wertungen am Ende (Standard: wie letzte Saison, sonst hart)',
              choices: {
                hard: 'hart: zurück zur Startwertung',
                soft: 'sanft: ein Stück zurück',
                keep: 'behalten: Wertungen bleiben, Bilanzen auf null',
              },
            },
            soft_percent: {
              description: 'Wie weit ein sanftes Zurücksetzen zum Start zurückgeht (Standard 50)',
            },
            channel: {
              description: 'Wo Start, eine Erinnerung und die Abschlusstabelle angekündigt werden',
            },
            top: {
              description: 'Spieler (bzw. Beiträge) in der Schlussmeldung (Standard 10)',
            },
            repeat: {
              description: 'Danach beginnt die nächste Saison mit derselben Länge',
            },
          },
        },
        end: {
          description:
            'Die laufende Saison jetzt beenden: archivieren und zurücksetzen (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Vergangene Saisons und ihre Sieger',
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
        'Rangrollen: Serverrollen, die Mitglieder durch ihren Platz in einer Rangliste erhalten',
      options: {
        add: {
          description:
            'Eine Rolle ab einer Wertung, Punkten oder Punktzahl vergeben (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            at: {
              description: 'Ab diesem Wert (in Richtung der Rangliste), z. B. 1200',
            },
            keep_to: {
              description: 'Einmal erreicht, bleibt sie, bis der Wert darunter fällt, z. B. 1150',
            },
          },
        },
        top: {
          description: 'Eine Rolle an die besten N einer Rangliste vergeben (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            n: {
              description: 'Plätze 1 bis N erhalten sie',
            },
            keep_to: {
              description: 'Einmal erreicht, bleibt sie bis zu diesem Platz',
            },
          },
        },
        remove: {
          description: 'Eine Rangrolle nicht mehr vergeben; Tally entzieht sie (Server verwalten)',
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
          description: 'Mindestspiele und ob sich Rangrollen stapeln (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            min_games: {
              description: 'Ergebnisse, die ein Spieler vor jeder Rangrolle braucht (Standard 0)',
            },
            stack: {
              description: 'Alle erreichten Rollen behalten, nicht nur die beste',
            },
          },
        },
        refresh: {
          description: 'Die Rangrollen aller Mitglieder jetzt neu prüfen (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Die Rangrollen einer Rangliste',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    team: {
      description: 'Teams der Ranglisten mit festen Teams',
      options: {
        create: {
          description: 'Ein Team erstellen (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'Teamname',
            },
          },
        },
        list: {
          description: 'Die Teams einer Rangliste',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    api: {
      description: 'Schlüssel und Zugang für die Leaderboard Scoring API',
      options: {
        key: {
          description: 'API-Schlüssel',
          options: {
            create: {
              description: 'Einen Schlüssel erzeugen; das Geheimnis wird einmal gezeigt, nur dir',
              options: {
                access: {
                  description: 'Was der Schlüssel darf',
                  choices: {
                    read: 'Lesen',
                    'read-write': 'Lesen und Schreiben',
                  },
                },
                type: {
                  description: 'Live (Standard) oder Test',
                  choices: {
                    live: 'Live',
                    test: 'Test',
                  },
                },
                label: {
                  description: 'Wofür der Schlüssel ist',
                },
              },
            },
            list: {
              description: 'Schlüssel auflisten (nie die Geheimnisse)',
            },
            revoke: {
              description: 'Einen Schlüssel sofort widerrufen',
              options: {
                key: {
                  description: 'Die Schlüssel-ID, z. B. key_3',
                },
              },
            },
          },
        },
        access: {
          description: 'API-Zugang prüfen oder anfragen',
          options: {
            action: {
              description: 'prüfen (Standard) oder anfragen',
              choices: {
                check: 'prüfen',
                request: 'anfragen',
              },
            },
          },
        },
      },
    },
    audit: {
      description: 'Der Audit-Kanal: eine Zeile für jede Aktion von Moderation und Verwaltung',
      options: {
        channel: {
          description: 'Audit-Zeilen ab jetzt in diesem Kanal posten',
          options: {
            channel: {
              description: 'Ein Textkanal, in dem Tally posten darf, z. B. #mod-log',
            },
          },
        },
        off: {
          description: 'Keine Audit-Zeilen mehr posten',
        },
        show: {
          description: 'Wohin die Audit-Zeilen gehen',
        },
      },
    },
    contest: {
      description: 'Bildwettbewerbe auf Bewertungs-Ranglisten',
      options: {
        submit: {
          description: 'Ein Bild bei einem Wettbewerb einreichen',
          options: {
            board: {
              description: BOARD_ID,
            },
            image: {
              description: 'PNG, JPEG, WebP oder GIF, bis 10 MB',
            },
            title: {
              description: 'Wie dein Beitrag heißt',
            },
          },
        },
        withdraw: {
          description: 'Deinen eigenen Beitrag aus dem Wettbewerb zurückziehen',
          options: {
            entry: {
              description: 'Die Nummer deines Beitrags (#12 im Post)',
            },
          },
        },
        remove: {
          description: 'Einen Beitrag entfernen, mit einem Grund für die Person (Moderation)',
          options: {
            entry: {
              description: 'Die Nummer des Beitrags (#12 im Post)',
            },
            reason: {
              description: 'Warum; die Person erfährt es',
            },
          },
        },
        approve: {
          description: 'Einen wartenden Beitrag für den Wettbewerb freigeben (Moderation)',
          options: {
            entry: {
              description: 'Die Nummer des Beitrags',
            },
          },
        },
        decline: {
          description: 'Einen wartenden Beitrag ablehnen (Moderation)',
          options: {
            entry: {
              description: 'Die Nummer des Beitrags',
            },
            reason: {
              description: 'Warum; die Person erfährt es',
            },
          },
        },
        settings: {
          description:
            'Einstellungen eines Wettbewerbs zeigen oder ändern (Ändern: Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Wo Beiträge mit ihren Abstimmungsknöpfen gepostet werden',
            },
            entries_per_member: {
              description: 'Wie viele Beiträge ein Mitglied gleichzeitig haben darf (Standard 1)',
            },
            approval: {
              description: 'Beiträge warten auf die Moderation, bevor sie erscheinen',
            },
            submissions: {
              description: 'open, closed oder bis zu einem Datum: 2026-12-31 18:00 (UTC)',
            },
            voting: {
              description: 'open, closed oder bis zu einem Datum (UTC)',
            },
            min_votes: {
              description: 'Stimmen, die ein Beitrag für eine Platzierung braucht (Standard 3)',
            },
          },
        },
      },
    },
    setup: {
      description:
        'Tally Schritt für Schritt einrichten: Moderationsrolle, Prüfkanal, Rangliste (Server verwalten)',
      options: {
        language: {
          description:
            'Die Sprache, in der Tally hier für alle postet (automatisch: die des Servers auf Discord)',
          choices: {
            auto: 'automatisch (Sprache des Servers auf Discord)',
            en: 'English',
            es: 'Español',
            'pt-BR': 'Português (Brasil)',
            de: 'Deutsch',
          },
        },
      },
    },
    queue: {
      description: 'Matchmaking-Warteschlangen für ELO- und Liga-Ranglisten',
      options: {
        open: {
          description:
            'Die Warteschlange einer Rangliste öffnen oder einstellen (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description:
                'Wohin die Beitreten/Verlassen-Nachricht und die Matches der Warteschlange gehen',
            },
            window_start: {
              description: 'Größter Wertungsabstand beim Beitreten (Standard 50)',
            },
            window_growth: {
              description: 'Wie stark dieser Abstand pro Minute Wartezeit wächst (25)',
            },
            window_max: {
              description: 'Der größte Abstand, den er je erreicht (400)',
            },
            ready_seconds: {
              description: 'Sekunden, die gepaarte Spieler haben, um Bereit zu drücken (60)',
            },
            report_minutes: {
              description: 'Minuten, um ein Match zu melden (120)',
            },
          },
        },
        close: {
          description:
            'Die Warteschlange einer Rangliste schließen; Wartende verlassen sie (Server verwalten)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        join: {
          description: 'Der Warteschlange einer Rangliste beitreten',
          options: {
            board: {
              description: BOARD_ID,
            },
            team: {
              description: 'Dein Team bei einer Rangliste mit festen Teams (Name oder team_N)',
            },
          },
        },
        leave: {
          description: 'Die Warteschlange verlassen',
        },
        status: {
          description: 'Wo du wartest, dein Match und wer wartet',
          options: {
            board: {
              description: 'Eine Rangliste, deren Warteschlange gezeigt wird, z. B. board_1',
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
    access: 'zugriff',
    action: 'aktion',
    add: 'hinzufügen',
    after_days: 'tage_ohne_spiel',
    amount: 'abzug',
    api: 'api',
    approval: 'freigabe',
    approve: 'freigeben',
    at: 'ab',
    audit: 'audit-log',
    board: 'rangliste',
    channel: 'kanal',
    close: 'schließen',
    confirm_hours: 'bestätigungsfrist',
    contest: 'wettbewerb',
    correct: 'korrigieren',
    corrected: 'korrekt',
    create: 'erstellen',
    days: 'tage',
    decay: 'verfall',
    decline: 'ablehnen',
    delete: 'löschen',
    edit: 'bearbeiten',
    end: 'beenden',
    ends: 'ende',
    entries_per_member: 'beiträge_pro_mitglied',
    entry: 'beitrag',
    every_hours: 'intervall_stunden',
    evidence: 'nachweis',
    evidence_link: 'nachweis_link',
    evidence_required: 'nachweis_pflicht',
    fixed_teams: 'feste_teams',
    floor: 'untergrenze',
    image: 'bild',
    info: 'info',
    join: 'beitreten',
    k: 'k',
    keep_to: 'behalten_bis',
    key: 'schlüssel',
    label: 'bezeichnung',
    language: 'sprache',
    leaderboard: 'tabelle',
    leave: 'verlassen',
    list: 'liste',
    match: 'match',
    medals: 'medaillen',
    min_games: 'mindestspiele',
    min_votes: 'mindeststimmen',
    moderator_channel: 'moderationskanal',
    moderator_role: 'moderationsrolle',
    n: 'n',
    name: 'name',
    off: 'aus',
    on_silence: 'ohne_antwort',
    open: 'öffnen',
    opponent: 'gegner',
    opponents: 'gegner',
    percent: 'prozent',
    player: 'spieler',
    points: 'punkte',
    private: 'privat',
    profile: 'profil',
    queue: 'warteschlange',
    rank: 'platzierung',
    ready_seconds: 'sekunden_bis_bereit',
    reason: 'grund',
    refresh: 'aktualisieren',
    remove: 'entfernen',
    'remove-match': 'match-entfernen',
    'remove-score': 'punktzahl-entfernen',
    repeat: 'wiederholen',
    report: 'melden',
    report_minutes: 'meldefrist_minuten',
    reset: 'zurücksetzen',
    result: 'ergebnis',
    review: 'prüfung',
    review_by: 'geprüft_von',
    revoke: 'widerrufen',
    role: 'rolle',
    role_floor: 'rollen_untergrenze',
    roles: 'rollen',
    score: 'punktzahl',
    season: 'saison',
    settings: 'einstellungen',
    setup: 'einrichten',
    show: 'anzeigen',
    show_record: 'bilanz_zeigen',
    show_submissions: 'einsendungen_zeigen',
    soft_percent: 'sanft_prozent',
    sort: 'sortierung',
    stack: 'alle_behalten',
    standings: 'live-tabelle',
    standings_size: 'plätze_pro_seite',
    start: 'starten',
    status: 'status',
    submissions: 'einsendungen',
    submit: 'einreichen',
    team: 'team',
    team_size: 'teamgröße',
    teammates: 'mitspieler',
    title: 'titel',
    top: 'beste',
    type: 'typ',
    versus: 'direktvergleich',
    voting: 'abstimmung',
    window_growth: 'spanne_wachstum',
    window_hours: 'prüffrist_stunden',
    window_max: 'spanne_max',
    window_start: 'spanne_start',
    winner: 'sieger',
    withdraw: 'zurückziehen',
  },
};
