// Inserts many customers straight into the database, for the benchmarks, the scale tests and the end-to-end hooks: set-based SQL over
// generate_series, so 10,000 customers take seconds on PGlite and PostgreSQL alike, with no sign-up calls.
//
// `seedCustomers(query, options)` takes any `query(text, params)` that runs one statement: `pool.query` of
// node-postgres, `pglite.query` of PGlite, or Drizzle's `db.execute(sql.raw(...))` wrapped by the caller.
// The schema must already be migrated.
//
// What each customer gets follows its number i (1..count), so the mix is known in advance (`expectedMix`):
//   i % 4 == 0  nothing: Inactive
//   i % 4 == 1  Google progress verified with local SEO set up (Active), a completed Google payment
//   i % 4 == 2  Google information submitted, a website progress record untouched for 30 days (stalled):
//               In Progress
//   i % 4 == 3  website information submitted and a pending Zelle proof for the Google service, no
//               progress and no Google information: Inactive by the counter rule (website information
//               does not count)
// Every 7th customer has no company, every 11th no phone. Registrations are a minute apart, customer 1 the
// newest, so the admin list's order is i ascending.

const SEED_EMAIL_DOMAIN = "bench.test";

const FIRST = ["Ana", "Ben", "Carla", "Diego", "Elena", "Frank", "Gloria", "Hector", "Irene", "Jorge", "Karen", "Luis"];
const LAST = [
  "Alvarez",
  "Brooks",
  "Castro",
  "Dunn",
  "Estrada",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ibarra",
  "Jensen",
  "Kim",
];
const TRADE = ["Roofing", "Plumbing", "Painting", "Landscaping", "Cleaning", "Electric", "Bakery"];

const textArray = (values) => `(array[${values.map((value) => `'${value}'`).join(",")}]::text[])`;

/** The counters the admin list must show for `count` seeded customers (and nobody else). */
export function expectedMix(count) {
  let active = 0;
  let inProgress = 0;
  let inactive = 0;
  for (let i = 1; i <= count; i++) {
    if (i % 4 === 1) active++;
    else if (i % 4 === 2) inProgress++;
    else inactive++;
  }
  return { total: count, active, inactive, inProgress };
}

/** The name, e-mail, phone and company customer i gets: tests search for them. */
export function seededCustomer(i, prefix = "bench") {
  const first = FIRST[i % FIRST.length];
  const last = LAST[i % LAST.length];
  const digits = String(1_000_000 + i).slice(-7);
  return {
    fullName: `${first} ${last} ${prefix}${i}`,
    email: `${prefix}.customer.${i}@${SEED_EMAIL_DOMAIN}`,
    phone: i % 11 === 0 ? null : `(555) ${digits.slice(0, 3)}-${digits.slice(3)}`,
    companyName: i % 7 === 0 ? null : `${last} ${TRADE[i % TRADE.length]} ${prefix}${i}`,
  };
}

/**
 * Seeds `count` customers. `prefix` keeps several seedings in one database apart (e-mails and names carry
 * it); `passwordHash`, if given (Better Auth's `hashPassword` output), becomes every customer's password,
 * so a benchmark can sign them in. Returns the number of users inserted.
 */
export async function seedCustomers(query, { count = 10_000, prefix = "bench", passwordHash = null, start = 1 } = {}) {
  if (!/^[a-z][a-z0-9]*$/.test(prefix)) throw new Error("prefix: lower-case letters and digits only");
  const end = start + count - 1;
  const first = textArray(FIRST);
  const last = textArray(LAST);
  const trade = textArray(TRADE);
  // A stable id per (prefix, i): md5 is a valid uuid's worth of hex.
  const id = (i) => `md5('${prefix}-' || ${i})::uuid`;
  const series = `generate_series(${start}, ${end}) as s(i)`;
  const name = `${first}[1 + s.i % ${FIRST.length}] || ' ' || ${last}[1 + s.i % ${LAST.length}] || ' ${prefix}' || s.i`;
  const email = `'${prefix}.customer.' || s.i || '@${SEED_EMAIL_DOMAIN}'`;
  const digits = `right((1000000 + s.i)::text, 7)`;
  const phone = `case when s.i % 11 = 0 then null else '(555) ' || left(${digits}, 3) || '-' || right(${digits}, 4) end`;
  const company = `case when s.i % 7 = 0 then null else ${last}[1 + s.i % ${LAST.length}] || ' ' || ${trade}[1 + s.i % ${TRADE.length}] || ' ${prefix}' || s.i end`;
  const created = `now() - s.i * interval '1 minute'`;

  const statements = [
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select ${id("s.i")}, ${name}, ${email}, true, ${created}, ${created} from ${series}`,
    `insert into profiles (id, full_name, email, phone, company_name, created_at)
       select ${id("s.i")}, ${name}, ${email}, ${phone}, ${company}, ${created} from ${series}`,
    // Active through Google, with its payment completed by card.
    `insert into google_business_progress (user_id, information_collection, profile_creation, submitted_verification,
         verification_completed, profile_optimization, seo_local_setup)
       select ${id("s.i")}, true, true, true, true, true, true from ${series} where s.i % 4 = 1`,
    `insert into payments (user_id, service_type, payment_number, amount, payment_method, status, created_at, updated_at)
       select ${id("s.i")}, 'google_business', 1, 250, 'card', 'completed', ${created}, ${created} from ${series} where s.i % 4 = 1`,
    // In progress: Google information submitted, a website record nobody touched for a month.
    `insert into google_business_info (user_id, legal_business_name, phone_number, city, state, service_cities)
       select ${id("s.i")}, ${company}, ${phone}, 'Miami', 'FL', array['Miami', 'Doral'] from ${series} where s.i % 4 = 2`,
    `insert into website_progress (user_id, current_step, client_info_received, updated_at)
       select ${id("s.i")}, 1, true, now() - interval '30 days' from ${series} where s.i % 4 = 2`,
    // Website information submitted and a Zelle proof waiting for review.
    `insert into website_info (user_id, legal_business_name, phone_number, service_types, city, state)
       select ${id("s.i")}, ${company}, ${phone}, array['Roofing'], 'Orlando', 'FL' from ${series} where s.i % 4 = 3`,
    `insert into payments (user_id, service_type, payment_number, amount, payment_method, proof_url, status, created_at, updated_at)
       select ${id("s.i")}, 'google_business', 1, 250, 'zelle', '/files/proofs/${prefix}-' || s.i || '.png', 'pending',
              now() - s.i * interval '10 seconds', now() - s.i * interval '10 seconds'
       from ${series} where s.i % 4 = 3`,
  ];
  if (passwordHash) {
    statements.push(
      `insert into account (account_id, provider_id, user_id, password, created_at, updated_at)
         select ${id("s.i")}::text, 'credential', ${id("s.i")}, $1, now(), now() from ${series}`,
    );
  }
  for (const statement of statements) {
    await query(statement, statement.includes("$1") ? [passwordHash] : []);
  }
  return count;
}
