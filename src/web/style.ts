import { AVATAR_STYLE } from './avatar-style';

/**
 * The one stylesheet of the public pages: light and dark through CSS variables and
 * prefers-color-scheme (most Discord users run dark), and phone widths (390 px) without the page
 * ever scrolling sideways: tables scroll inside their own box, long names wrap anywhere and stop
 * after two lines (the full name is in the title attribute).
 */
export const STYLE = `
  :root {
    color-scheme: light dark;
    --text: #1d1d22; --muted: #5a5a66; --page: #f6f6f8; --card: #fff; --rule: #e2e2e8;
    --link: #3547c8; --win: #1f7a44; --loss: #b3261e; --draw: #5a5a66;
    --gold: #b8860b; --silver: #6b7280; --bronze: #a0522d; --frame: #ececf1;
  }
  @media (prefers-color-scheme: dark) {
    :root {
      --text: #e6e6ea; --muted: #a3a3b0; --page: #17171c; --card: #212128; --rule: #34343d;
      --link: #9aa8ff; --win: #5fd08f; --loss: #ff8a80; --draw: #a3a3b0;
      --gold: #f1c40f; --silver: #c0c6d0; --bronze: #e59866; --frame: #2a2a32;
    }
  }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: var(--page); }
  /* Any name may be one long word: it breaks anywhere rather than push the page sideways. */
  main { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; overflow-wrap: anywhere; }
  a { color: var(--link); }
  h1 { margin: 0; font-size: 1.6rem; line-height: 1.25; overflow-wrap: anywhere; }
  h2 { font-size: 1.1rem; margin: 1.75rem 0 0.5rem; }
  .meta, .empty, .note { color: var(--muted); }
  .crumbs { display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; margin: 0 0 0.5rem; font-size: 0.9rem; }
  .crumbs a { overflow-wrap: anywhere; }
  .crumbs a + a::before { content: "›"; color: var(--muted); margin-right: 0.5rem; display: inline-block; }
  .scroll { overflow-x: auto; max-width: 100%; }
  table { width: 100%; border-collapse: collapse; background: var(--card); }
  th, td { padding: 0.45rem 0.75rem; border-bottom: 1px solid var(--rule); text-align: left; }
  th { font-size: 0.85rem; color: var(--muted); white-space: nowrap; }
  /* Numbers take the width they need; the player column takes the rest. */
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; width: 1%; }
  .player { overflow-wrap: anywhere; min-width: 6rem; }
  /* In a table cell or on the podium a name stops after two lines (the title has it all). */
  .player .name, .podium .name, .boards .name {
    display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2;
    overflow: hidden;
  }
  abbr { text-decoration: none; }
  /*
   * A League's form: its W/D/L marks on one line, newest last; the words for screen readers are
   * placed in the cell (relative), not at the page's edge, where they would widen the page.
   */
  .form { white-space: nowrap; width: 1%; text-align: left; position: relative; }
  .form .marks { display: inline-flex; gap: 0.15rem; }
  /* A heading's short form, for a phone (Submissions: Subs). */
  th .narrow { display: none; }
  .matches.submissions li { grid-template-columns: minmax(0, 1fr) auto; }
  nav.pages { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; margin-top: 1rem; }
  /* The language switch (html.ts languageSwitch): small, at the foot of every page. */
  nav.languages { margin-top: 2.5rem; padding-top: 0.75rem; border-top: 1px solid var(--rule); font-size: 0.85rem; }
  nav.languages ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin: 0; padding: 0; list-style: none; }
  nav.languages [aria-current] { color: var(--text); font-weight: 600; text-decoration: none; }
  .seasons { margin: 0.75rem 0 1rem; }
  .seasons ul { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; margin: 0; padding: 0; list-style: none; font-size: 0.9rem; }
  .seasons [aria-current] { font-weight: 600; }
  /* A board's matchmaking queue: how many wait, and how to join (web/queue-line.ts). */
  .queue { margin: 0.6rem 0 0; padding: 0.45rem 0.75rem; background: var(--card); border: 1px solid var(--rule); border-left: 4px solid #5865f2; border-radius: 6px; font-size: 0.92rem; }
  .queue code { font-size: 0.9em; background: var(--frame); padding: 0.05rem 0.3rem; border-radius: 4px; white-space: nowrap; }
  /*
   * Slots follow positions: every card stretches to the row's height and the second and third
   * start lower by fixed steps, so the first stands tallest whatever the names, bottoms aligned.
   * The medal's colour follows the rank shown (a tie shares it).
   */
  .podium {
    display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); align-items: stretch;
    gap: 0.5rem; margin: 1.25rem 0; padding: 0; list-style: none;
  }
  .podium li {
    display: flex; flex-direction: column; justify-content: center;
    background: var(--card); border: 1px solid var(--rule); border-top: 4px solid var(--medal);
    border-radius: 8px; padding: 0.6rem 0.5rem; text-align: center; min-width: 0;
  }
  .podium .p1 { order: 2; padding-block: 1.1rem; }
  .podium .p2 { order: 1; margin-top: 1rem; }
  .podium .p3 { order: 3; margin-top: 1.75rem; }
  .podium .m1 { --medal: var(--gold); }
  .podium .m2 { --medal: var(--silver); }
  .podium .m3 { --medal: var(--bronze); }
  .podium .place { display: block; font-weight: 700; color: var(--medal); }
  /*
   * 700, not 600: a font with no bold face (most CJK fonts on Linux and Android have one weight)
   * is only emboldened by the browser when the weight asked is over 200 above the face's.
   */
  .podium .name { font-weight: 700; font-synthesis: weight; }
  .podium .value { display: block; font-variant-numeric: tabular-nums; }
  .podium .record { display: block; font-size: 0.8rem; color: var(--muted); }
  /* Names wrap between words; a word wider than its line breaks only as a last resort. */
  .matches {
    margin: 0; padding: 0; list-style: none; background: var(--card);
    overflow-wrap: break-word; word-break: normal;
  }
  .matches li {
    display: grid; align-items: baseline; gap: 0.15rem 0.6rem;
    padding: 0.45rem 0.75rem; border-bottom: 1px solid var(--rule);
  }
  .matches.versus li { grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr); }
  .matches.played li { grid-template-columns: 1.25rem minmax(0, 1fr) auto auto; }
  .matches .side.right { text-align: right; }
  .matches .won { font-weight: 700; font-synthesis: weight; }
  .more { margin: 0.5rem 0 0; }
  .matches .score, .matches .delta { font-variant-numeric: tabular-nums; white-space: nowrap; }
  .matches .delta { min-width: 2.75rem; text-align: right; }
  .matches .when { grid-column: 1 / -1; font-size: 0.8rem; color: var(--muted); }
  .matches.played .when { grid-column: 2 / -1; }
  .result { font-weight: 700; }
  .result-W { color: var(--win); }
  .result-L { color: var(--loss); }
  .result-D { color: var(--draw); }
  .stats {
    display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.5rem;
    margin: 1.25rem 0; padding: 0;
  }
  .stats div { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; padding: 0.5rem 0.75rem; min-width: 0; }
  .stats dt { font-size: 0.8rem; color: var(--muted); }
  .stats dd { margin: 0; font-size: 1.2rem; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
  .chart { margin: 1.25rem 0; background: var(--card); border: 1px solid var(--rule); border-radius: 8px; padding: 0.5rem; }
  .chart svg { display: block; width: 100%; height: auto; }
  .chart .narrow { display: none; }
  .chart figcaption { font-size: 0.85rem; color: var(--muted); padding: 0 0.25rem; }
  /* A score such as 2–0 never breaks at its dash. */
  .nowrap { white-space: nowrap; }
  /* Two players side by side (head to head): labels, then one column each, names wrap. */
  table.compare { table-layout: fixed; margin: 0.75rem 0; }
  .compare col.label { width: 6.5rem; }
  .compare th[scope="row"] { font-weight: 400; }
  .compare thead th { color: var(--text); font-size: 1rem; white-space: normal; overflow-wrap: anywhere; }
  .compare td { font-variant-numeric: tabular-nums; }
  .submitted { margin: 0; padding: 0; list-style: none; background: var(--card); }
  .submitted li { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: baseline; padding: 0.45rem 0.75rem; border-bottom: 1px solid var(--rule); }
  .submitted .value { font-weight: 600; font-variant-numeric: tabular-nums; white-space: nowrap; min-width: 5rem; }
  .submitted .when { font-size: 0.85rem; color: var(--muted); }
  .waiting { color: var(--muted); }
  @media (max-width: 40rem) {
    .chart .wide { display: none; }
    .chart .narrow { display: block; }
    .chart .narrow svg { max-width: 30rem; margin: 0 auto; }
  }
  form.vs { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
  form.vs select { min-width: 0; max-width: 100%; flex: 1 1 10rem; font: inherit; padding: 0.3rem; }
  form.vs button { font: inherit; padding: 0.3rem 0.9rem; }
  .record-line { font-size: 1.3rem; font-weight: 600; margin: 0.25rem 0; }
  .boards { display: grid; gap: 0.5rem; margin: 1.25rem 0; padding: 0; list-style: none; }
  /* The cards only: a card's own lists (the index's leaders) are plain lines. */
  .boards > li { background: var(--card); border: 1px solid var(--rule); border-radius: 8px; padding: 0.6rem 0.9rem; min-width: 0; }
  .boards a { font-weight: 600; font-size: 1.1rem; }
  .boards .meta { font-size: 0.9rem; }
${AVATAR_STYLE}
  .sr-only {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
  }
  /* A contest (Rating boards): a grid of entries, each picture shown whole in a square frame. */
  .periods { margin: 0.25rem 0 0; font-size: 0.9rem; }
  .gallery {
    display: grid; grid-template-columns: repeat(auto-fill, minmax(12.5rem, 1fr)); gap: 0.75rem;
    margin: 1.25rem 0; padding: 0; list-style: none;
  }
  .gallery .tile {
    display: flex; flex-direction: column; min-width: 0; overflow: hidden;
    background: var(--card); border: 1px solid var(--rule); border-radius: 8px;
  }
  .gallery .tile > a { display: block; color: inherit; text-decoration: none; }
  .gallery .frame { display: block; aspect-ratio: 1; background: var(--frame); }
  .gallery img { display: block; width: 100%; height: 100%; object-fit: contain; }
  .gallery .caption { display: flex; gap: 0.35rem; align-items: baseline; padding: 0.45rem 0.6rem 0.1rem; font-weight: 600; }
  .gallery .title {
    color: var(--link); min-width: 0;
    display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden;
  }
  .gallery .tile > a:hover .title { text-decoration: underline; }
  .place { font-weight: 700; font-variant-numeric: tabular-nums; white-space: nowrap; color: var(--muted); }
  .place.p1 { color: var(--gold); }
  .place.p2 { color: var(--silver); }
  .place.p3 { color: var(--bronze); }
  .gallery .by, .gallery .round, .gallery .standing { padding: 0 0.6rem; font-size: 0.85rem; color: var(--muted); }
  /* "by" stays one word; a long name ends in an ellipsis (its page and title have it all). */
  .gallery .by { display: flex; gap: 0.25em; min-width: 0; white-space: nowrap; overflow-wrap: normal; }
  .gallery .by .name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .gallery .standing { margin-top: auto; padding-bottom: 0.55rem; font-variant-numeric: tabular-nums; }
  .artwork { margin: 1rem 0; padding: 0.5rem; background: var(--card); border: 1px solid var(--rule); border-radius: 8px; }
  .artwork a { display: block; }
  .artwork img { display: block; max-width: 100%; height: auto; max-height: 80vh; object-fit: contain; margin: 0 auto; }
  .standing-line { font-size: 1.15rem; font-variant-numeric: tabular-nums; margin: 0.5rem 0; }
  table.bars { width: 100%; max-width: 32rem; background: none; }
  .bars caption { caption-side: top; text-align: left; font-size: 0.85rem; color: var(--muted); padding-bottom: 0.4rem; }
  .bars th, .bars td { border: 0; padding: 0.15rem 0.5rem; }
  .bars th[scope="row"] { width: 2.5rem; text-align: right; font-size: 0.9rem; color: var(--text); font-variant-numeric: tabular-nums; }
  .bars .lane { width: 100%; padding-inline: 0; }
  .bars .bar { display: block; height: 0.85rem; min-width: 3px; border-radius: 3px; background: var(--link); }
  .bars .num { color: var(--muted); }
  @media (max-width: 30rem) {
    main { margin: 1rem auto; padding: 0 0.75rem; }
    form.vs label { flex-basis: 100%; }
    .record-line { font-size: 1.15rem; }
    th, td { padding: 0.4rem 0.45rem; }
    /*
     * The name keeps its width (a two-word name on one line): short headings, and a League's
     * goals for and against give way to their difference; a wider table scrolls in its box.
     */
    .player { min-width: 10rem; }
    th.num, td.num { padding-inline: 0.3rem; }
    .form { font-size: 0.85rem; }
    table .wide { display: none; }
    th .narrow { display: inline; }
    /* A match reads as a sentence ("A beat B") across the whole row, wrapping between words. */
    .matches.versus li { display: block; }
    .matches.versus .side.right { text-align: left; }
    .matches.versus .when { display: block; }
    /* The labels ("Win rate") need less than a third of a phone: the names get the room. */
    .compare col.label { width: 5rem; }
    .podium { gap: 0.35rem; }
    .podium li { padding: 0.5rem 0.3rem; font-size: 0.9rem; }
    .gallery { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.5rem; }
  }
`;
