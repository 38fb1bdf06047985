import type { Shape } from './shape';
import { common } from './common/en';
import { admin } from './admin/en';
import { review } from './review/en';
import { reading } from './reading/en';
import { play } from './play/en';
import { shared } from './shared/en';
import { pictures } from './pictures/en';
import { web } from './web/en';
import { dashboard } from './dashboard/en';
import { chat } from './chat/en';

/**
 * Tally's words in English, the source language: every other catalogue has exactly these keys
 * (its type is this one's shape, and test/unit/i18n.test.ts checks keys, interpolation variables
 * and plural forms at run time too).
 *
 * `commands` mirrors the slash commands: each command, subcommand and option by its name, with
 * its `description`, its `options` and its `choices` (by value). src/bot/command-text.ts fills
 * every command's description and Discord's localizations from here, so the command files hold
 * only names (the words the code reads back) and no text. `names` is every command, subcommand
 * and option name: here they are the names themselves, in another language what Discord shows
 * instead (Discord still sends the English name back, so handlers never see a translation).
 * Descriptions may use `{{standingsSize}}`, `{{afterDays}}` and `{{everyHours}}`, the defaults the
 * command file's limits come from (src/bot/command-text.ts COMMAND_VARS).
 *
 * Everything else Tally says is in parts, one folder each with a file per language, so each part
 * is written and reviewed on its own: `common` (what every interaction may answer), `admin`
 * (boards, setup, seasons, roles, keys, the audit), `review` (reports, reviews, confirmations,
 * corrections), `reading` (standings, ranks, profiles, head-to-head), `play` (queues, contests),
 * `shared` (the display rules of domain/display.ts), `pictures` (cards and charts), `web` (the
 * public pages) and `dashboard`.
 */
const BOARD_ID = 'Board id, e.g. board_1';
const CORRECTION_REASON = 'Why (kept with the correction)';
const SERVER_ROLE = 'The server role';
/** /board create's and /board edit's options of where and how results are reviewed. */
const BOARD_PLACEMENT = {
  name: {
    description: 'Display name',
  },
  moderator_channel: {
    description: 'Where submissions are posted for review',
  },
  moderator_role: {
    description: 'Who may review',
  },
  review_by: {
    description: 'Who checks members’ match reports first (opponents: ELO and League)',
    choices: {
      moderators: 'moderators',
      opponents: 'opponents',
    },
  },
  confirm_hours: {
    description: 'Opponents: hours they have to confirm or dispute a report',
  },
  on_silence: {
    description: 'Opponents: if nobody answers in time, confirm it or escalate to moderators',
    choices: {
      confirm: 'confirm',
      escalate: 'escalate',
    },
  },
  window_hours: {
    description: 'Review window; 0 applies at once, 999 never expires',
  },
  evidence_required: {
    description: 'Chat reports must attach a screenshot or give a link (API writes not)',
  },
};

export const en = {
  commands: {
    leaderboard: {
      description: 'Show a board’s standings',
      options: {
        board: {
          description: BOARD_ID,
        },
        season: {
          description: 'An ended season’s final standings (see /season list)',
        },
      },
    },
    rank: {
      description: 'A player’s rank and recent matches',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'Whose rank (default: yours)',
        },
      },
    },
    profile: {
      description: 'A player’s profile: rank, record, streaks, last matches and a chart',
      options: {
        board: {
          description: BOARD_ID,
        },
        player: {
          description: 'Whose profile (default: yours)',
        },
      },
    },
    versus: {
      description: 'Head-to-head: two players’ record against each other',
      options: {
        board: {
          description: BOARD_ID,
        },
        opponent: {
          description: 'Who to compare with',
        },
        player: {
          description: 'From whose side (default: yours)',
        },
      },
    },
    match: {
      description: 'Report matches',
      options: {
        report: {
          description: 'Report a match you played',
          options: {
            board: {
              description: BOARD_ID,
            },
            opponents: {
              description: 'The other side: @mentions, or a team on fixed-teams boards',
            },
            result: {
              description: 'ELO boards: how it went for your side',
              choices: {
                won: 'won',
                lost: 'lost',
                draw: 'draw',
              },
            },
            score: {
              description: 'League boards: the scoreline, your side first (3-1)',
            },
            teammates: {
              description: 'Your teammates as @mentions (team boards)',
            },
            team: {
              description: 'Your team on a fixed-teams board (name or team_N)',
            },
            evidence: {
              description: 'A screenshot or file that shows the result',
            },
            evidence_link: {
              description: 'A link to evidence, e.g. a video (http or https)',
            },
          },
        },
      },
    },
    score: {
      description: 'Submit scores',
      options: {
        submit: {
          description: 'Submit a score (Time boards: m:ss.mmm)',
          options: {
            board: {
              description: BOARD_ID,
            },
            score: {
              description: 'A whole number, or a time such as 1:30.250',
            },
            player: {
              description: 'Whose score (default: yours)',
            },
            evidence: {
              description: 'A screenshot or file that shows the score',
            },
            evidence_link: {
              description: 'A link to evidence, e.g. a video (http or https)',
            },
          },
        },
      },
    },
    review: {
      description: 'The review queue: submissions and contest entries waiting for a moderator',
      options: {
        list: {
          description: 'Submissions and contest entries waiting for review (moderators)',
          options: {
            board: {
              description: 'Only this board, e.g. board_1',
            },
          },
        },
      },
    },
    correct: {
      description: 'Moderators: fix a result after it was recorded',
      options: {
        match: {
          description: 'Change the result of a recorded match',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Match number (#12)',
            },
            winner: {
              description: 'ELO boards: the right result',
              choices: {
                team1: 'Team 1 won',
                team2: 'Team 2 won',
                draw: 'Draw',
              },
            },
            score: {
              description: 'League boards: the right scoreline, team 1 first',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-match': {
          description: 'Take a recorded match off the board',
          options: {
            board: {
              description: BOARD_ID,
            },
            match: {
              description: 'Match number (#12)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        score: {
          description: 'Change a recorded score',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'Whose score',
            },
            score: {
              description: 'The score as recorded (Time: m:ss.mmm)',
            },
            corrected: {
              description: 'The right score (Time boards: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
        'remove-score': {
          description: 'Take a recorded score off the board',
          options: {
            board: {
              description: BOARD_ID,
            },
            player: {
              description: 'Whose score',
            },
            score: {
              description: 'The score as recorded (Time: m:ss.mmm)',
            },
            reason: {
              description: CORRECTION_REASON,
            },
          },
        },
      },
    },
    board: {
      description: 'Leaderboards of this server',
      options: {
        create: {
          description: 'Create a board (Manage Server)',
          options: {
            type: {
              description: 'Scoring type',
              choices: {
                Classic: 'Classic',
                Highscore: 'Highscore',
                Time: 'Time',
                ELO: 'ELO',
                League: 'League',
                Rating: 'Rating',
              },
            },
            ...BOARD_PLACEMENT,
            team_size: {
              description: 'Players per side',
            },
            fixed_teams: {
              description: 'Sides are named teams (/team create)',
            },
            k: {
              description: 'ELO k factor',
            },
            points: {
              description: 'League points for win,draw,loss (3,1,0)',
            },
            sort: {
              description: 'Which end is best',
              choices: {
                asc: 'asc',
                desc: 'desc',
              },
            },
          },
        },
        edit: {
          description: 'Change a board’s name, review, privacy or display (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            ...BOARD_PLACEMENT,
            private: {
              description:
                'Off the public pages; only members signed in see it (the API is as before)',
            },
            medals: {
              description: '🥇🥈🥉 for the top three in chat and a podium on the public page',
            },
            standings_size: {
              description:
                'Ranks per page of standings in chat and the live message (default {{standingsSize}})',
            },
            show_record: {
              description: 'ELO and League: show the record (W-D-L) in the standings',
            },
            show_submissions: {
              description: 'Score boards: show the submissions count on the public page',
            },
          },
        },
        info: {
          description: 'A board’s settings',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'The boards of this server',
        },
        delete: {
          description: 'Delete a board and everything on it, after a confirmation (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        standings: {
          description:
            'Keep a live standings message in a channel (Manage Server); no channel = stop',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Where the message lives',
            },
          },
        },
        decay: {
          description: 'Inactivity decay of an ELO board (Manage Server); amount 0 turns it off',
          options: {
            board: {
              description: BOARD_ID,
            },
            amount: {
              description: 'Rating points lost per step (percent with percent:true); 0 = off',
            },
            after_days: {
              description: 'Days without a result before decay starts (default {{afterDays}})',
            },
            every_hours: {
              description: 'Hours between steps (default {{everyHours}})',
            },
            percent: {
              description: 'The amount is a percentage of the rating',
            },
            floor: {
              description: 'Never below this rating (default: the start rating)',
            },
            role_floor: {
              description: 'Never below the rank role (/roles) a rating has reached',
            },
          },
        },
      },
    },
    season: {
      description: 'Seasons of a board: a fresh start on a schedule, with the past kept',
      options: {
        start: {
          description: 'Start the next season, a contest round on a Rating board (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'e.g. Winter 2026',
            },
            days: {
              description: 'Ends this many days from now (or give ends)',
            },
            ends: {
              description: 'End date and time in UTC: 2026-12-31 or 2026-12-31 18:00',
            },
            reset: {
              description: 'ELO ratings at the end (default: as last season, else hard)',
              choices: {
                hard: 'hard: back to the start rating',
                soft: 'soft: part of the way back',
                keep: 'keep: ratings stay, records reset',
              },
            },
            soft_percent: {
              description: 'How far a soft reset moves back toward the start (default 50)',
            },
            channel: {
              description: 'Where the start, a reminder and the final standings are announced',
            },
            top: {
              description: 'Players (contest entries) in the final announcement (default 10)',
            },
            repeat: {
              description: 'When it ends, the next season starts with the same length',
            },
          },
        },
        end: {
          description: 'End the running season now: archive and reset (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'Past seasons and their champions',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    roles: {
      description: 'Rank roles: server roles members earn by their standing on a board',
      options: {
        add: {
          description: 'Give a role at a rating, points or score (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            at: {
              description: 'Earned at this value (in the board’s direction), e.g. 1200',
            },
            keep_to: {
              description: 'Once earned, kept until the value falls past this, e.g. 1150',
            },
          },
        },
        top: {
          description: 'Give a role to the top N of a board (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            role: {
              description: SERVER_ROLE,
            },
            n: {
              description: 'Ranks 1 to N earn it',
            },
            keep_to: {
              description: 'Once earned, kept down to this rank',
            },
          },
        },
        remove: {
          description: 'Stop giving a rank role; Tally takes it back (Manage Server)',
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
          description: 'Minimum games, and whether rank roles stack (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            min_games: {
              description: 'Results a player needs before any rank role (default 0)',
            },
            stack: {
              description: 'Hold every earned role, not only the best',
            },
          },
        },
        refresh: {
          description: 'Check every member’s rank roles again now (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        list: {
          description: 'A board’s rank roles',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    team: {
      description: 'Teams of fixed-teams boards',
      options: {
        create: {
          description: 'Create a team (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            name: {
              description: 'Team name',
            },
          },
        },
        list: {
          description: 'The teams of a board',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
      },
    },
    api: {
      description: 'Leaderboard Scoring API keys and access',
      options: {
        key: {
          description: 'API keys',
          options: {
            create: {
              description: 'Mint a key; the secret is shown once, only to you',
              options: {
                access: {
                  description: 'What the key may do',
                  choices: {
                    read: 'read',
                    'read-write': 'read-write',
                  },
                },
                type: {
                  description: 'live (default) or test',
                  choices: {
                    live: 'live',
                    test: 'test',
                  },
                },
                label: {
                  description: 'What the key is for',
                },
              },
            },
            list: {
              description: 'List keys (never secrets)',
            },
            revoke: {
              description: 'Revoke a key at once',
              options: {
                key: {
                  description: 'The key id, e.g. key_3',
                },
              },
            },
          },
        },
        access: {
          description: 'Check or request API access',
          options: {
            action: {
              description: 'check (default) or request',
              choices: {
                check: 'check',
                request: 'request',
              },
            },
          },
        },
      },
    },
    audit: {
      description: 'The audit channel: one line for every moderator and manager action',
      options: {
        channel: {
          description: 'Post the audit lines in this channel from now on',
          options: {
            channel: {
              description: 'A text channel Tally may post in, e.g. #mod-log',
            },
          },
        },
        off: {
          description: 'Stop posting audit lines',
        },
        show: {
          description: 'Where the audit lines go',
        },
      },
    },
    contest: {
      description: 'Image contests on Rating boards',
      options: {
        submit: {
          description: 'Enter an image in a contest',
          options: {
            board: {
              description: BOARD_ID,
            },
            image: {
              description: 'PNG, JPEG, WebP or GIF, up to 10 MB',
            },
            title: {
              description: 'What your entry is called',
            },
          },
        },
        withdraw: {
          description: 'Take your own entry out of its contest',
          options: {
            entry: {
              description: 'Your entry’s number (#12 on its post)',
            },
          },
        },
        remove: {
          description: 'Remove an entry, with a reason its author is told (moderators)',
          options: {
            entry: {
              description: 'The entry’s number (#12 on its post)',
            },
            reason: {
              description: 'Why; the author is told',
            },
          },
        },
        approve: {
          description: 'Put an entry that waits for approval in the contest (moderators)',
          options: {
            entry: {
              description: 'The entry’s number',
            },
          },
        },
        decline: {
          description: 'Decline an entry that waits for approval (moderators)',
          options: {
            entry: {
              description: 'The entry’s number',
            },
            reason: {
              description: 'Why; the author is told',
            },
          },
        },
        settings: {
          description: 'Show or change a contest’s settings (Manage Server to change)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Where entries are posted with their vote buttons',
            },
            entries_per_member: {
              description: 'How many entries a member may have at once (default 1)',
            },
            approval: {
              description: 'Entries wait for a moderator before they go live',
            },
            submissions: {
              description: 'open, closed, or until a date: 2026-12-31 18:00 (UTC)',
            },
            voting: {
              description: 'open, closed, or until a date (UTC)',
            },
            min_votes: {
              description: 'Votes an entry needs to be ranked (default 3)',
            },
          },
        },
      },
    },
    setup: {
      description:
        'Set Tally up step by step: moderator role, review channel, a first board (Manage Server)',
      options: {
        language: {
          description:
            'The language Tally posts in here for everyone (auto: the server’s language on Discord)',
          choices: {
            auto: 'auto (the server’s language on Discord)',
            en: 'English',
            es: 'Español',
            'pt-BR': 'Português (Brasil)',
            de: 'Deutsch',
          },
        },
      },
    },
    queue: {
      description: 'Matchmaking queues of ELO and League boards',
      options: {
        open: {
          description: 'Open a board’s queue or change its settings (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
            channel: {
              description: 'Where the queue’s Join / Leave message and its matches go',
            },
            window_start: {
              description: 'Widest rating gap on joining (default 50)',
            },
            window_growth: {
              description: 'How much that gap widens per minute waited (25)',
            },
            window_max: {
              description: 'The widest gap it ever reaches (400)',
            },
            ready_seconds: {
              description: 'Seconds matched players have to press Ready (60)',
            },
            report_minutes: {
              description: 'Minutes a match has to be reported (120)',
            },
          },
        },
        close: {
          description: 'Close a board’s queue; whoever waits leaves it (Manage Server)',
          options: {
            board: {
              description: BOARD_ID,
            },
          },
        },
        join: {
          description: 'Wait for a match on a board',
          options: {
            board: {
              description: BOARD_ID,
            },
            team: {
              description: 'Your team on a fixed-teams board (name or team_N)',
            },
          },
        },
        leave: {
          description: 'Stop waiting for a match',
        },
        status: {
          description: 'Where you wait, your match, and who waits',
          options: {
            board: {
              description: 'A board whose queue to show, e.g. board_1',
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
    access: 'access',
    action: 'action',
    add: 'add',
    after_days: 'after_days',
    amount: 'amount',
    api: 'api',
    approval: 'approval',
    approve: 'approve',
    at: 'at',
    audit: 'audit',
    board: 'board',
    channel: 'channel',
    close: 'close',
    confirm_hours: 'confirm_hours',
    contest: 'contest',
    correct: 'correct',
    corrected: 'corrected',
    create: 'create',
    days: 'days',
    decay: 'decay',
    decline: 'decline',
    delete: 'delete',
    edit: 'edit',
    end: 'end',
    ends: 'ends',
    entries_per_member: 'entries_per_member',
    entry: 'entry',
    every_hours: 'every_hours',
    evidence: 'evidence',
    evidence_link: 'evidence_link',
    evidence_required: 'evidence_required',
    fixed_teams: 'fixed_teams',
    floor: 'floor',
    image: 'image',
    info: 'info',
    join: 'join',
    k: 'k',
    keep_to: 'keep_to',
    key: 'key',
    label: 'label',
    language: 'language',
    leaderboard: 'leaderboard',
    leave: 'leave',
    list: 'list',
    match: 'match',
    medals: 'medals',
    min_games: 'min_games',
    min_votes: 'min_votes',
    moderator_channel: 'moderator_channel',
    moderator_role: 'moderator_role',
    n: 'n',
    name: 'name',
    off: 'off',
    on_silence: 'on_silence',
    open: 'open',
    opponent: 'opponent',
    opponents: 'opponents',
    percent: 'percent',
    player: 'player',
    points: 'points',
    private: 'private',
    profile: 'profile',
    queue: 'queue',
    rank: 'rank',
    ready_seconds: 'ready_seconds',
    reason: 'reason',
    refresh: 'refresh',
    remove: 'remove',
    'remove-match': 'remove-match',
    'remove-score': 'remove-score',
    repeat: 'repeat',
    report: 'report',
    report_minutes: 'report_minutes',
    reset: 'reset',
    result: 'result',
    review: 'review',
    review_by: 'review_by',
    revoke: 'revoke',
    role: 'role',
    role_floor: 'role_floor',
    roles: 'roles',
    score: 'score',
    season: 'season',
    settings: 'settings',
    setup: 'setup',
    show: 'show',
    show_record: 'show_record',
    show_submissions: 'show_submissions',
    soft_percent: 'soft_percent',
    sort: 'sort',
    stack: 'stack',
    standings: 'standings',
    standings_size: 'standings_size',
    start: 'start',
    status: 'status',
    submissions: 'submissions',
    submit: 'submit',
    team: 'team',
    team_size: 'team_size',
    teammates: 'teammates',
    title: 'title',
    top: 'top',
    type: 'type',
    versus: 'versus',
    voting: 'voting',
    window_growth: 'window_growth',
    window_hours: 'window_hours',
    window_max: 'window_max',
    window_start: 'window_start',
    winner: 'winner',
    withdraw: 'withdraw',
  },
} as const;

/**
 * A catalogue's shape: this one's keys, any text; a plural's forms are the language's own
 * (`waiting_one` and `waiting_other` here, `waiting_many` too in Spanish).
 */
export type Catalogue = Shape<typeof en>;
