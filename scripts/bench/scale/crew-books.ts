import pg from 'pg';

/** What the crews' part of the data came to, counted once it was made. */
export interface CrewData {
  crews: number;
  members: number;
  seasons: number;
  pastSeasons: number;
  bets: number;
  stakes: number;
  messages: number;
}

/**
 * The crews' books, checked as the ledger audit checks them (features/wallet/audit.ts) but only
 * for the crews (the rest of the generated data leaves the cents its floors drop unpaid, which the
 * audit would report): each balance the sum of its ledger, each ledger row carrying the running
 * balance, one grant of the starting balance per member and season, each season's money
 * conserved, each crew stake debited once, each settled crew bet paying out its pot exactly, and
 * no open bet in an ended season. Answers the violations found, at most a few per check.
 */
async function crewBookViolations(client: pg.Client): Promise<string[]> {
  const checks: [string, string][] = [
    [
      'crew balance is not the sum of its ledger',
      `select b.season_id, b.user_id from crew_balances b left join crew_ledger_entries l on l.season_id = b.season_id and l.user_id = b.user_id
       group by b.season_id, b.user_id, b.balance_cents having b.balance_cents <> coalesce(sum(l.amount_cents), 0) limit 3`,
    ],
    [
      'crew ledger row without its running balance',
      `select id from (select id, balance_after_cents, sum(amount_cents) over (partition by season_id, user_id order by id) as running
       from crew_ledger_entries) t where balance_after_cents <> running limit 3`,
    ],
    [
      'grants other than the starting balance once per member and season',
      `select l.season_id, l.user_id from crew_ledger_entries l join crew_seasons s on s.id = l.season_id join crews c on c.id = s.crew_id
       where l.kind = 'grant' group by l.season_id, l.user_id, c.starting_balance_cents
       having count(*) <> 1 or sum(l.amount_cents) <> c.starting_balance_cents limit 3`,
    ],
    [
      'crew season not conserving its money',
      `select s.id from crew_seasons s
       where coalesce((select sum(b.balance_cents) from crew_balances b where b.season_id = s.id), 0)
         + coalesce((select sum(t.total_pot_cents) from bets t where t.season_id = s.id and t.status not in ('resolved', 'void')), 0)
         <> coalesce((select sum(l.amount_cents) from crew_ledger_entries l where l.season_id = s.id and l.kind = 'grant'), 0) limit 3`,
    ],
    [
      'crew stake not debited exactly once',
      `select s.id from stakes s join bets b on b.id = s.bet_id
       left join crew_ledger_entries l on l.bet_id = s.bet_id and l.user_id = s.user_id and l.kind = 'stake' and l.season_id = b.season_id
       where b.crew_id is not null group by s.id having count(l.id) <> 1 or coalesce(sum(l.amount_cents), 0) <> -min(s.amount_cents) limit 3`,
    ],
    [
      'settled crew bet not paying out its pot exactly',
      `select b.id from bets b where b.crew_id is not null and b.status in ('resolved', 'void') and (
         b.total_pot_cents <> coalesce((select sum(l.amount_cents) from crew_ledger_entries l
           where l.bet_id = b.id and l.kind in ('payout', 'refund') and l.season_id = b.season_id), 0)
         or b.total_pot_cents <> coalesce((select sum(s.settled_cents) from stakes s where s.bet_id = b.id), 0)) limit 3`,
    ],
    [
      'open bet in an ended season',
      `select t.id from bets t join crew_seasons s on s.id = t.season_id where s.ended_at is not null and t.status not in ('resolved', 'void') limit 3`,
    ],
  ];
  const violations: string[] = [];
  for (const [name, query] of checks) {
    const { rows } = await client.query(query);
    for (const row of rows) violations.push(`${name}: ${JSON.stringify(row)}`);
  }
  return violations;
}

/** Counts the crews' data, and fails when the crews' books do not balance. */
export async function checkCrewData(url: string): Promise<CrewData> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const violations = await crewBookViolations(client);
    if (violations.length > 0) throw new Error(`the generated crew books do not balance:\n  ${violations.join('\n  ')}`);
    const { rows } = await client.query<Record<keyof CrewData, string>>(`select
        (select count(*) from crews) as crews, (select count(*) from crew_members) as members,
        (select count(*) from crew_seasons) as seasons, (select count(*) from crew_seasons where ended_at is not null) as "pastSeasons",
        (select count(*) from bets where crew_id is not null) as bets,
        (select count(*) from stakes s join bets b on b.id = s.bet_id where b.crew_id is not null) as stakes,
        (select count(*) from crew_messages) as messages`);
    const row = rows[0]!;
    return {
      crews: Number(row.crews),
      members: Number(row.members),
      seasons: Number(row.seasons),
      pastSeasons: Number(row.pastSeasons),
      bets: Number(row.bets),
      stakes: Number(row.stakes),
      messages: Number(row.messages),
    };
  } finally {
    await client.end();
  }
}
