import { readdirSync, readFileSync } from 'node:fs';

/** Parent of each live process, read from /proc (Linux). */
function parents(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byPid.set(Number(name), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/** `pid` and every process below it, right now. */
export function processTree(pid: number): number[] {
  const byPid = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of byPid) if (parent === tree[i]) tree.push(child);
  }
  return tree.filter((p) => byPid.has(p));
}

/** The pids of `pids` that still run (zombies awaiting their parent count as ended). */
export function alive(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      return !/^\S+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  });
}

/** Each pid with its command line, for a failure message. */
export function describe(pids: number[]): string {
  return pids
    .map((pid) => {
      try {
        return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')}`;
      } catch {
        return `${pid} (gone)`;
      }
    })
    .join('\n');
}
